import { OWN_APP_LIMITS, type OwnApp } from '@quire/contracts';
import { type FormEvent, type ReactNode, useId, useLayoutEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { translate } from '../../i18n/i18n';
import { useTranslation } from '../../i18n/use-translation';
import {
  addInput,
  changeInput,
  changeKey,
  changeLabel,
  checkDraft,
  draftFromApp,
  type EditorDraft,
  type EditorErrors,
  emptyDraft,
  insertAt,
  moveInput,
  removeInput,
  serverErrors,
} from './own-app-editor';
import { createOwnApp, updateOwnApp } from './own-apps.api';
import { ownAppSaved } from './own-apps.store';
import './own-apps-styles';

type Props = {
  /** The application to edit; without one, a new application is created. */
  app?: OwnApp;
  onSaved: (app: OwnApp) => void;
  /** Shown beside the save button (a link back, when editing). */
  cancel?: ReactNode;
  save?: { create: typeof createOwnApp; update: typeof updateOwnApp };
};

const KEY_SYNTAX = /^[a-z][a-z0-9_]{0,39}$/;

/**
 * The own application editor: name, description, the inputs (label, placeholder name derived from the label
 * until edited, limit, one or several lines, required; added, removed and reordered) and the prompt with its
 * placeholders as chips that insert at the cursor. Fields are checked as they are edited with the contract's
 * messages; everything once the user tries to save.
 */
export function OwnAppEditor({ app, onSaved, cancel, save = { create: createOwnApp, update: updateOwnApp } }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const promptRef = useRef<HTMLTextAreaElement>(null);
  const [draft, setDraft] = useState<EditorDraft>(() => (app ? draftFromApp(app) : emptyDraft()));
  /** Top-level fields by name and inputs by their draft id, once edited. */
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [fromServer, setFromServer] = useState<EditorErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const caret = useRef<number | null>(null);

  const check = checkDraft(draft, t);
  const live = check.ok ? {} : check.errors;

  // After a chip inserted a placeholder, the caret goes behind it.
  useLayoutEffect(() => {
    const at = caret.current;
    if (at === null || !promptRef.current) return;
    caret.current = null;
    promptRef.current.focus();
    promptRef.current.setSelectionRange(at, at);
  });

  function edit(next: EditorDraft, field: string) {
    setDraft(next);
    setTouched((current) => new Set(current).add(field));
    setFromServer({});
    setFailure(null);
  }

  /** The message for a contract path, once its field was edited or a save was tried. */
  function errorOf(path: string): string | undefined {
    if (fromServer[path]) return fromServer[path];
    const [head, index] = path.split('.');
    const owner = head === 'inputs' && index !== undefined ? draft.inputs[Number(index)]?.id : head;
    return submitted || (owner && touched.has(owner)) ? live[path] : undefined;
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    setSubmitted(true);
    if (!check.ok) {
      const first = Object.keys(check.errors)[0];
      formRef.current?.querySelector<HTMLElement>(`[data-path="${first}"]`)?.focus();
      return;
    }
    setSaving(true);
    setFailure(null);
    try {
      const saved = app ? await save.update(app.id, check.definition) : await save.create(check.definition);
      ownAppSaved(saved);
      onSaved(saved);
    } catch (error) {
      if (!(error instanceof ApiError)) console.error('Saving an own application failed', error);
      const fields = error instanceof ApiError ? error.fields : [];
      setFromServer(serverErrors(fields));
      setFailure(
        fields.length > 0
          ? t('ownApps.editor.fixErrors')
          : error instanceof ApiError
            ? error.message
            : translate('errors:generic_error'),
      );
    } finally {
      setSaving(false);
    }
  }

  function insertPlaceholder(key: string) {
    const textarea = promptRef.current;
    const start = textarea?.selectionStart ?? draft.prompt.length;
    const end = textarea?.selectionEnd ?? start;
    const inserted = insertAt(draft.prompt, `{${key}}`, start, end);
    caret.current = inserted.caret;
    edit({ ...draft, prompt: inserted.text }, 'prompt');
  }

  const fieldId = (path: string) => `${id}-${path.replace(/\./g, '-')}`;
  const control = (path: string, hasHint = false) => {
    const error = errorOf(path);
    return {
      id: fieldId(path),
      'data-path': path,
      'aria-invalid': error ? true : undefined,
      'aria-describedby':
        [hasHint ? `${fieldId(path)}-hint` : '', error ? `${fieldId(path)}-error` : ''].filter(Boolean).join(' ') ||
        undefined,
    };
  };
  const errorText = (path: string) => {
    const error = errorOf(path);
    return error ? (
      <p id={`${fieldId(path)}-error`} className="field__error" data-testid={`error-${path}`}>
        {error}
      </p>
    ) : null;
  };
  const placeholders = [...new Set(draft.inputs.map((input) => input.key).filter((key) => KEY_SYNTAX.test(key)))];

  return (
    <form ref={formRef} className="own-app-editor" onSubmit={submit} noValidate data-testid="own-app-editor">
      <div className="field">
        <label htmlFor={fieldId('name')}>{t('ownApps.editor.name')}</label>
        <input
          {...control('name')}
          type="text"
          value={draft.name}
          maxLength={OWN_APP_LIMITS.name}
          onChange={(event) => edit({ ...draft, name: event.target.value }, 'name')}
          data-testid="own-app-name"
        />
        {errorText('name')}
      </div>
      <div className="field">
        <label htmlFor={fieldId('description')}>{t('ownApps.editor.description')}</label>
        <p id={`${fieldId('description')}-hint`} className="muted tool-form__hint">
          {t('ownApps.editor.descriptionHint')}
        </p>
        <textarea
          {...control('description', true)}
          rows={2}
          value={draft.description}
          maxLength={OWN_APP_LIMITS.description}
          onChange={(event) => edit({ ...draft, description: event.target.value }, 'description')}
          data-testid="own-app-description"
        />
        {errorText('description')}
      </div>

      <fieldset className="own-app-editor__inputs" aria-describedby={`${id}-inputs-hint`}>
        <legend>{t('ownApps.editor.inputs')}</legend>
        <p id={`${id}-inputs-hint`} className="muted tool-form__hint">
          {t('ownApps.editor.inputsHint')}
        </p>
        {errorText('inputs')}
        <ol className="own-app-editor__input-list">
          {draft.inputs.map((input, index) => {
            const number = index + 1;
            const path = (field: string) => `inputs.${index}.${field}`;
            const touch = (next: EditorDraft) => edit(next, input.id);
            return (
              <li key={input.id} className="own-app-input" data-testid="own-app-input">
                <div className="own-app-input__head">
                  <h3 className="own-app-input__title">{t('ownApps.editor.input', { number })}</h3>
                  <div className="own-app-input__actions">
                    <button
                      type="button"
                      className="button button--small button--secondary"
                      onClick={() => touch(moveInput(draft, index, -1))}
                      disabled={index === 0}
                      aria-label={t('ownApps.editor.moveUp', { number })}
                      data-testid={`own-app-input-up-${index}`}
                    >
                      <span aria-hidden="true">↑</span>
                    </button>
                    <button
                      type="button"
                      className="button button--small button--secondary"
                      onClick={() => touch(moveInput(draft, index, 1))}
                      disabled={index === draft.inputs.length - 1}
                      aria-label={t('ownApps.editor.moveDown', { number })}
                      data-testid={`own-app-input-down-${index}`}
                    >
                      <span aria-hidden="true">↓</span>
                    </button>
                    <button
                      type="button"
                      className="button button--small button--secondary"
                      onClick={() => edit(removeInput(draft, index), 'inputs')}
                      disabled={draft.inputs.length === 1}
                      aria-label={t('ownApps.editor.remove', { number })}
                      data-testid={`own-app-input-remove-${index}`}
                    >
                      <span aria-hidden="true">×</span>
                    </button>
                  </div>
                </div>
                <div className="own-app-input__fields">
                  <div className="field">
                    <label htmlFor={fieldId(path('label'))}>{t('ownApps.editor.label')}</label>
                    <input
                      {...control(path('label'))}
                      type="text"
                      value={input.label}
                      maxLength={OWN_APP_LIMITS.label}
                      onChange={(event) => touch(changeLabel(draft, index, event.target.value))}
                      data-testid={`own-app-input-label-${index}`}
                    />
                    {errorText(path('label'))}
                  </div>
                  <div className="field">
                    <label htmlFor={fieldId(path('key'))}>{t('ownApps.editor.key')}</label>
                    <input
                      {...control(path('key'), true)}
                      type="text"
                      value={input.key}
                      spellCheck={false}
                      autoCapitalize="off"
                      autoComplete="off"
                      maxLength={40}
                      onChange={(event) => touch(changeKey(draft, index, event.target.value))}
                      data-testid={`own-app-input-key-${index}`}
                    />
                    <p id={`${fieldId(path('key'))}-hint`} className="muted tool-form__hint">
                      {t('ownApps.editor.keyHint', { placeholder: `{${input.key || '…'}}` })}
                    </p>
                    {errorText(path('key'))}
                  </div>
                </div>
                <div className="own-app-input__options">
                  <div className="field">
                    <label htmlFor={fieldId(path('max_length'))}>{t('ownApps.editor.maxLength')}</label>
                    <input
                      {...control(path('max_length'))}
                      type="number"
                      min={1}
                      max={OWN_APP_LIMITS.inputLength}
                      value={Number.isFinite(input.max_length) ? input.max_length : ''}
                      onChange={(event) => touch(changeInput(draft, index, { max_length: event.target.valueAsNumber }))}
                      data-testid={`own-app-input-max-${index}`}
                    />
                    {errorText(path('max_length'))}
                  </div>
                  <label className="own-app-check">
                    <input
                      type="checkbox"
                      checked={input.multiline}
                      onChange={(event) => touch(changeInput(draft, index, { multiline: event.target.checked }))}
                      data-testid={`own-app-input-multiline-${index}`}
                    />
                    {t('ownApps.editor.multiline')}
                  </label>
                  <label className="own-app-check">
                    <input
                      type="checkbox"
                      checked={input.required}
                      onChange={(event) => touch(changeInput(draft, index, { required: event.target.checked }))}
                      data-testid={`own-app-input-required-${index}`}
                    />
                    {t('ownApps.editor.required')}
                  </label>
                </div>
              </li>
            );
          })}
        </ol>
        {draft.inputs.length < OWN_APP_LIMITS.inputs ? (
          <button
            type="button"
            className="button button--small button--secondary"
            onClick={() => edit(addInput(draft), 'inputs')}
            data-testid="own-app-add-input"
          >
            {t('ownApps.editor.add')}
          </button>
        ) : (
          <p className="muted">{t('ownApps.editor.inputsFull', { count: OWN_APP_LIMITS.inputs })}</p>
        )}
      </fieldset>

      <div className="field own-app-editor__prompt">
        <label htmlFor={fieldId('prompt')}>{t('ownApps.editor.prompt')}</label>
        <p id={`${fieldId('prompt')}-hint`} className="muted tool-form__hint">
          {t('ownApps.editor.promptHint')}
        </p>
        {placeholders.length > 0 && (
          <div>
            <p className="muted tool-form__hint" id={`${id}-chips`}>
              {t('ownApps.editor.placeholders')}
            </p>
            <ul className="own-app-editor__chips" aria-labelledby={`${id}-chips`}>
              {placeholders.map((key) => (
                <li key={key}>
                  <button
                    type="button"
                    className="own-app-chip"
                    onClick={() => insertPlaceholder(key)}
                    aria-label={t('ownApps.editor.insert', { placeholder: `{${key}}` })}
                    data-testid={`own-app-chip-${key}`}
                  >
                    {`{${key}}`}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        )}
        <textarea
          ref={promptRef}
          {...control('prompt', true)}
          rows={8}
          value={draft.prompt}
          maxLength={OWN_APP_LIMITS.prompt}
          onChange={(event) => edit({ ...draft, prompt: event.target.value }, 'prompt')}
          data-testid="own-app-prompt"
        />
        {errorText('prompt')}
      </div>

      {failure && (
        <p className="notice notice--error" role="alert" data-testid="own-app-save-error">
          {failure}
        </p>
      )}
      <div className="own-app-editor__actions">
        <button type="submit" className="button" disabled={saving} data-testid="own-app-save">
          {saving ? t('ownApps.editor.saving') : app ? t('ownApps.editor.save') : t('ownApps.editor.create')}
        </button>
        {cancel}
      </div>
    </form>
  );
}
