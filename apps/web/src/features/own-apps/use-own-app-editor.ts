import type { OwnApp } from '@quire/contracts';
import { type FormEvent, useId, useLayoutEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { translate } from '../../i18n/i18n';
import { useTranslation } from '../../i18n/use-translation';
import {
  checkDraft,
  draftFromApp,
  type EditorDraft,
  type EditorErrors,
  emptyDraft,
  insertAt,
  serverErrors,
} from './own-app-editor';
import { createOwnApp, updateOwnApp } from './own-apps.api';
import { ownAppSaved } from './own-apps.store';

export type OwnAppEditorOptions = {
  /** The application to edit; without one, a new application is created. */
  app?: OwnApp;
  onSaved: (app: OwnApp) => void;
  save?: { create: typeof createOwnApp; update: typeof updateOwnApp };
};

export type OwnAppEditorState = ReturnType<typeof useOwnAppEditor>;

/**
 * The editor's state: the draft, which fields were edited, the contract's messages for them (all of them once a
 * save was tried, and the server's), saving, and the caret after a placeholder chip.
 */
export function useOwnAppEditor({
  app,
  onSaved,
  save = { create: createOwnApp, update: updateOwnApp },
}: OwnAppEditorOptions) {
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

  return { id, draft, edit, errorOf, submit, insertPlaceholder, fieldId, control, saving, failure, formRef, promptRef };
}
