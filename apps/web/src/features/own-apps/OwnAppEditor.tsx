import { OWN_APP_LIMITS, type OwnApp } from '@quire/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import {
  addInput,
  changeInput,
  changeKey,
  changeLabel,
  type EditorDraft,
  moveInput,
  removeInput,
} from './own-app-editor';
import { type OwnAppEditorOptions, type OwnAppEditorState, useOwnAppEditor } from './use-own-app-editor';
import './own-apps-styles';

type Props = OwnAppEditorOptions & {
  /** Shown beside the save button (a link back, when editing). */
  cancel?: ReactNode;
};

const KEY_SYNTAX = /^[a-z][a-z0-9_]{0,39}$/;

/**
 * The own application editor: name, description, the inputs (label, placeholder name derived from the label
 * until edited, limit, one or several lines, required; added, removed and reordered) and the prompt with its
 * placeholders as chips that insert at the cursor. Fields are checked as they are edited with the contract's
 * messages; everything once the user tries to save.
 */
export function OwnAppEditor({ cancel, ...options }: Props) {
  const { t } = useTranslation();
  const editor = useOwnAppEditor(options);
  const { draft, edit, fieldId, control, submit, saving, failure, formRef } = editor;
  const app: OwnApp | undefined = options.app;

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
        <FieldError editor={editor} path="name" />
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
        <FieldError editor={editor} path="description" />
      </div>

      <InputsField editor={editor} />
      <PromptField editor={editor} />

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

/** A field's message, once it has one to show. */
function FieldError({ editor, path }: { editor: OwnAppEditorState; path: string }) {
  const error = editor.errorOf(path);
  return error ? (
    <p id={`${editor.fieldId(path)}-error`} className="field__error" data-testid={`error-${path}`}>
      {error}
    </p>
  ) : null;
}

function InputsField({ editor }: { editor: OwnAppEditorState }) {
  const { t } = useTranslation();
  const { id, draft, edit } = editor;
  return (
    <fieldset className="own-app-editor__inputs" aria-describedby={`${id}-inputs-hint`}>
      <legend>{t('ownApps.editor.inputs')}</legend>
      <p id={`${id}-inputs-hint`} className="muted tool-form__hint">
        {t('ownApps.editor.inputsHint')}
      </p>
      <FieldError editor={editor} path="inputs" />
      <ol className="own-app-editor__input-list">
        {draft.inputs.map((input, index) => (
          <InputEditor key={input.id} editor={editor} index={index} />
        ))}
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
  );
}

/** One input: its label, placeholder name, limit and options, moved, removed. */
function InputEditor({ editor, index }: { editor: OwnAppEditorState; index: number }) {
  const { t } = useTranslation();
  const { draft, edit, fieldId, control } = editor;
  const input = draft.inputs[index] as EditorDraft['inputs'][number];
  const number = index + 1;
  const path = (field: string) => `inputs.${index}.${field}`;
  const touch = (next: EditorDraft) => edit(next, input.id);
  return (
    <li className="own-app-input" data-testid="own-app-input">
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
          <FieldError editor={editor} path={path('label')} />
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
          <FieldError editor={editor} path={path('key')} />
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
          <FieldError editor={editor} path={path('max_length')} />
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
}

/** The prompt, with its placeholders as chips that insert at the cursor. */
function PromptField({ editor }: { editor: OwnAppEditorState }) {
  const { t } = useTranslation();
  const { id, draft, edit, fieldId, control, insertPlaceholder, promptRef } = editor;
  const placeholders = [...new Set(draft.inputs.map((input) => input.key).filter((key) => KEY_SYNTAX.test(key)))];
  return (
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
      <FieldError editor={editor} path="prompt" />
    </div>
  );
}
