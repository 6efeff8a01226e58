import { describeIssues, type Source, UploadWebsiteRequest } from '@quire/contracts';
import { type FormEvent, useId, useState } from 'react';
import { ApiError } from '../../api/client';
import { useTranslation } from '../../i18n/use-translation';
import { uploadWebsite } from './sources.api';

/**
 * Adding a web article by its link: checked with the contracts' schema before it is sent (a link typed without
 * a scheme gets https://), then added to the library, where it is read in the background.
 */
export function LinkForm({ onAdded }: { onAdded: (source: Source) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [link, setLink] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [added, setAdded] = useState(false);
  const label = t('fields:link');

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    setAdded(false);
    const typed = withScheme(link.trim());
    if (!typed) {
      setError(t('validation:required', { field: label }));
      return;
    }
    const parsed = UploadWebsiteRequest.safeParse({ link: typed });
    if (!parsed.success) {
      const issue = describeIssues(parsed.error)[0];
      setError(issue ? t(`validation:${issue.key}`, { field: label, ...issue.params }) : t('errors:validation_error'));
      return;
    }
    setSending(true);
    setError(null);
    try {
      onAdded(await uploadWebsite(parsed.data));
      setLink('');
      setAdded(true);
    } catch (failure) {
      if (!(failure instanceof ApiError)) console.error('Adding a link failed', failure);
      const fieldMessage = failure instanceof ApiError ? failure.fields.find((f) => f.path === 'link')?.message : null;
      setError(fieldMessage ?? (failure instanceof ApiError ? failure.message : t('errors:generic_error')));
    } finally {
      setSending(false);
    }
  }

  return (
    <section className="link-form" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="sources-panel__title">
        {t('sources.link.title')}
      </h2>
      <form onSubmit={submit} noValidate aria-busy={sending}>
        <label className="link-form__label" htmlFor={`${id}-input`}>
          {t('sources.link.label')}
        </label>
        <div className="link-form__row">
          <input
            id={`${id}-input`}
            className="link-form__input"
            type="url"
            inputMode="url"
            autoComplete="url"
            spellCheck={false}
            placeholder={t('sources.link.placeholder')}
            value={link}
            readOnly={sending}
            onChange={(event) => {
              setLink(event.target.value);
              setAdded(false);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
            data-testid="sources-link-input"
          />
          <button type="submit" className="button" disabled={sending} data-testid="sources-link-submit">
            {sending ? t('sources.link.adding') : t('sources.link.submit')}
          </button>
        </div>
        <p id={`${id}-hint`} className="muted link-form__hint">
          {t('sources.link.hint')}
        </p>
        {error && (
          <p id={`${id}-error`} className="field__error" role="alert" data-testid="sources-link-error">
            {error}
          </p>
        )}
        <p className="link-form__status" role="status">
          {added ? t('sources.link.added') : ''}
        </p>
      </form>
    </section>
  );
}

/** "example.org/page" becomes "https://example.org/page"; anything with a scheme stays as typed. */
function withScheme(link: string): string {
  if (!link || /^[a-z][a-z\d+.-]*:/i.test(link)) return link;
  return `https://${link}`;
}
