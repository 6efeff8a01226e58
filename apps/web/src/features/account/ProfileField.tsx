import { describeIssues, UpdateProfileRequest } from '@quire/contracts';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';

export type EditableField = 'name' | 'email';

/** What saving a value came to; a refused value may carry the server's message for the field. */
export type SaveResult = { ok: true } | { ok: false; fieldMessage: string | null };

type Props = {
  field: EditableField;
  value: string;
  onSave: (value: string) => Promise<SaveResult>;
};

/**
 * One profile value, edited in place: "Edit" opens an input, Enter (or Save) saves, Escape (or Cancel)
 * leaves it unchanged. The value is checked with the contracts' schema before anything is sent.
 */
export function ProfileField({ field, value, onSave }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const label = t(`fields:${field}`);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(value);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const editRef = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);

  // Focus follows the mode: into the input when editing starts, back to "Edit" when it ends.
  useEffect(() => {
    if (editing) inputRef.current?.focus();
    else if (wasEditing.current) editRef.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  function startEditing() {
    setDraft(value);
    setError(null);
    setEditing(true);
  }

  function cancel() {
    setError(null);
    setEditing(false);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const typed = draft.trim();
    const parsed = UpdateProfileRequest.safeParse({ [field]: typed });
    if (!parsed.success) {
      const issue = describeIssues(parsed.error).find((candidate) => candidate.path === field);
      setError(issue ? t(`validation:${issue.key}`, { field: label, ...issue.params }) : t('errors:validation_error'));
      return;
    }
    if (typed === value) {
      cancel();
      return;
    }
    setSaving(true);
    setError(null);
    const result = await onSave(typed);
    setSaving(false);
    if (result.ok) setEditing(false);
    else setError(result.fieldMessage);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Escape' || saving) return;
    event.preventDefault();
    cancel();
  }

  if (!editing) {
    return (
      <div className="profile-field">
        <span className="profile-field__label">{label}</span>
        <span className="profile-field__value" data-testid={`profile-${field}`}>
          {value}
        </span>
        <button
          ref={editRef}
          type="button"
          className="button button--small button--secondary"
          aria-label={t('pages.account.profile.editField', { field: label })}
          onClick={startEditing}
        >
          {t('pages.account.profile.edit')}
        </button>
      </div>
    );
  }

  return (
    <form className="profile-field profile-field--editing" onSubmit={submit} noValidate aria-busy={saving}>
      <label className="profile-field__label" htmlFor={`${id}-input`}>
        {label}
      </label>
      <input
        ref={inputRef}
        id={`${id}-input`}
        className="profile-field__input"
        name={field}
        type={field === 'email' ? 'email' : 'text'}
        autoComplete={field}
        value={draft}
        readOnly={saving}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <span className="profile-field__actions">
        <button type="submit" className="button button--small" disabled={saving}>
          {saving ? t('pages.account.profile.saving') : t('pages.account.profile.save')}
        </button>
        <button type="button" className="button button--small button--secondary" onClick={cancel} disabled={saving}>
          {t('pages.account.profile.cancel')}
        </button>
      </span>
      {error && (
        <p className="field__error profile-field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </form>
  );
}
