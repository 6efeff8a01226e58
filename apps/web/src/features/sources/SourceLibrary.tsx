import type { Source } from '@quire/contracts';
import { useId, useMemo, useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { ConfirmDialog } from '../../components/dialog/ConfirmDialog';
import { useTranslation } from '../../i18n/use-translation';
import { SourceRow } from './SourceRow';
import { type SourcesSnapshot, useDeleteSource, useToggleSourceBookmark } from './sources.queries';
import { newestFirst } from './sources.state';

export type LibraryFilter = 'all' | 'document' | 'website' | 'bookmarked';
const FILTERS: readonly LibraryFilter[] = ['all', 'document', 'website', 'bookmarked'];

/**
 * The user's library, newest first: filtered by type, each source with its state; loading, failure (with a
 * retry) and an empty library that says how to start. Deleting asks first; the star bookmarks a source.
 */
export function SourceLibrary({ library }: { library: SourcesSnapshot }) {
  const { t } = useTranslation();
  const deleteSource = useDeleteSource();
  const toggleBookmark = useToggleSourceBookmark();
  const id = useId();
  const [filter, setFilter] = useState<LibraryFilter>('all');
  const [deleting, setDeleting] = useState<Source | null>(null);
  const [notice, setNotice] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusAfterDialog = useRef<HTMLElement | null>(null);

  const sorted = useMemo(() => newestFirst(library.sources), [library.sources]);
  const shown = sorted.filter((source) => matches(source, filter));
  const counts: Record<LibraryFilter, number> = {
    all: sorted.length,
    document: library.documents.length,
    website: library.websites.length,
    bookmarked: sorted.filter((source) => source.bookmarked).length,
  };

  function askToDelete(source: Source, button: HTMLButtonElement) {
    focusAfterDialog.current = button;
    setNotice('');
    setDeleting(source);
  }

  function deleted(source: Source) {
    // The row and its button are gone: the focus goes to the library's heading.
    focusAfterDialog.current = headingRef.current;
    setDeleting(null);
    setNotice(t('sources.delete.done', { name: source.name }));
  }

  return (
    <section className="source-library" aria-labelledby={`${id}-title`} aria-busy={library.status === 'loading'}>
      <div className="source-library__header">
        <h2 id={`${id}-title`} ref={headingRef} tabIndex={-1}>
          {t('sources.library.title')}
        </h2>
        {library.status === 'ready' && counts.all > 0 && (
          <fieldset className="source-filter">
            <legend className="visually-hidden">{t('sources.library.filterLabel')}</legend>
            {FILTERS.map((value) => (
              <label key={value} className="source-filter__option">
                <input
                  type="radio"
                  name={`${id}-filter`}
                  value={value}
                  checked={filter === value}
                  onChange={() => setFilter(value)}
                  data-testid={`sources-filter-${value}`}
                />
                <span>{t(`sources.library.filters.${value}`, { count: counts[value] })}</span>
              </label>
            ))}
          </fieldset>
        )}
      </div>
      <p className="visually-hidden" role="status">
        {notice}
      </p>

      {library.status === 'loading' || library.status === 'idle' ? (
        <p className="source-library__loading" role="status">
          <span className="spinner" aria-hidden="true" />
          {t('sources.library.loading')}
        </p>
      ) : library.status === 'error' ? (
        <div className="notice notice--error" role="alert" data-testid="sources-error">
          <p>{library.error}</p>
          <button type="button" className="button button--small" onClick={library.reload}>
            {t('sources.library.retry')}
          </button>
        </div>
      ) : counts.all === 0 ? (
        <div className="source-library__empty" data-testid="sources-empty">
          <p className="source-library__empty-title">{t('sources.library.empty')}</p>
          <p className="muted">{t('sources.library.emptyHint')}</p>
        </div>
      ) : shown.length === 0 ? (
        <p className="source-library__empty muted" data-testid="sources-empty-filter">
          {t(`sources.library.emptyFiltered.${filter}`)}
        </p>
      ) : (
        <ul className="source-list">
          {shown.map((source) => (
            <SourceRow key={source.id} source={source} onDelete={askToDelete} onBookmark={toggleBookmark} />
          ))}
        </ul>
      )}

      {deleting && (
        <ConfirmDialog
          title={t('sources.delete.title')}
          text={t('sources.delete.text', { name: deleting.name })}
          labels={{
            confirm: t('sources.delete.confirm'),
            working: t('sources.delete.deleting'),
            cancel: t('sources.delete.cancel'),
          }}
          onConfirm={() => deleteSource(deleting.id)}
          failureMessage={(failure) => {
            if (!(failure instanceof ApiError)) console.error('Deleting a source failed', failure);
            return failure instanceof ApiError ? failure.message : t('errors:request_failed');
          }}
          onDone={() => deleted(deleting)}
          onClose={() => setDeleting(null)}
          returnFocus={focusAfterDialog}
          testIds={{ dialog: 'source-delete-dialog', error: 'source-delete-error', confirm: 'source-delete-confirm' }}
        />
      )}
    </section>
  );
}

function matches(source: Source, filter: LibraryFilter): boolean {
  if (filter === 'all') return true;
  if (filter === 'bookmarked') return source.bookmarked;
  return source.type === filter;
}
