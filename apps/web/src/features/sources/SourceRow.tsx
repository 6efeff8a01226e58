import type { Source } from '@quire/contracts';
import { useId, useState } from 'react';
import { currentLocale } from '../../i18n/i18n';
import { useTranslation } from '../../i18n/use-translation';
import { ProgressBar } from './ProgressBar';
import { formatAddedDate, sourceFacts, sourceStateText, sourceTypeLabel } from './source-labels';

type Props = {
  source: Source;
  onDelete: (source: Source, button: HTMLButtonElement) => void;
  /** Toggles the bookmark; resolves false when the server could not change it. */
  onBookmark: (id: string) => Promise<boolean>;
};

/**
 * One source of the library: name, type badge, author, year, pages and the day it was added; its state in words
 * with a bar while it is being read; a bookmark star, the PDF in a new tab (a signed, expiring link) and deletion.
 */
export function SourceRow({ source, onDelete, onBookmark }: Props) {
  const { t } = useTranslation();
  const state = sourceStateText(t, source);
  const facts = sourceFacts(t, source);
  const added = formatAddedDate(source.created_at, currentLocale());
  const nameId = useId();

  return (
    <li className="source-row" data-testid="source-row" data-state={source.state} data-source-id={source.id}>
      <div className="source-row__main">
        <h3 className="source-row__name">
          <span id={nameId}>{source.name}</span>{' '}
          <span className="badge source-row__type">{sourceTypeLabel(t, source.type)}</span>
        </h3>
        <p className="source-row__facts">
          {facts.join(' · ')}
          <span className="source-row__added"> · {t('sources.library.added', { date: added })}</span>
        </p>
      </div>
      <div className={`source-row__state source-row__state--${source.state}`}>
        <span data-testid="source-state">{state}</span>
        {source.state === 'processing' && (
          <ProgressBar
            value={source.progress}
            label={t('sources.library.readingLabel', { name: source.name })}
            valueText={state}
          />
        )}
      </div>
      <div className="source-row__actions">
        <BookmarkStar source={source} onBookmark={onBookmark} />
        {source.pdf_url && (
          <a
            className="button button--small button--secondary"
            href={source.pdf_url}
            target="_blank"
            rel="noopener noreferrer"
            // Named by its visible text (voice control users say what they see), described by the source's name.
            aria-describedby={nameId}
            data-testid="source-open"
          >
            {t('sources.library.open')}
          </a>
        )}
        <button
          type="button"
          className="button button--small button--danger"
          aria-label={t('sources.library.deleteLabel', { name: source.name })}
          onClick={(event) => onDelete(source, event.currentTarget)}
          data-testid="source-delete"
        >
          {t('sources.library.delete')}
        </button>
      </div>
    </li>
  );
}

/** The star: pressed while the source is bookmarked; it changes only once the server has confirmed. */
function BookmarkStar({ source, onBookmark }: Pick<Props, 'source' | 'onBookmark'>) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  async function toggle() {
    setBusy(true);
    setFailed(false);
    const done = await onBookmark(source.id);
    setBusy(false);
    setFailed(!done);
  }

  return (
    <>
      <button
        type="button"
        className={`button button--small button--secondary bookmark-star${source.bookmarked ? ' bookmark-star--on' : ''}`}
        aria-pressed={source.bookmarked}
        aria-label={t('sources.bookmark.label', { name: source.name })}
        disabled={busy}
        onClick={() => void toggle()}
        data-testid="source-bookmark"
      >
        <span aria-hidden="true">{source.bookmarked ? '\u2605' : '\u2606'}</span>
      </button>
      {failed && (
        <span className="source-row__bookmark-error" role="alert" data-testid="source-bookmark-error">
          {t('sources.bookmark.failed')}
        </span>
      )}
    </>
  );
}
