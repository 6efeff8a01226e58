import type { Paper, SearchRequest, SearchResult } from '@quire/contracts';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../api/client';
import { LimitDialog } from '../../components/dialog/LimitDialog';
import { useLocalePath } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import { LIMIT_ERROR_CODES } from '../../lib/limit-errors';
import { useSession } from '../auth';
import { type SourcesStore, sourcesStore } from '../sources';
import { toggleBookmarkOf, useBookmarks } from './bookmarks.store';
import { ImportCitations } from './ImportCitations';
import { PaperList } from './PaperList';
import { catalogueSummary, type SearchFailure, searchFailure } from './paper-labels';
import {
  markBookmarked,
  NO_SELECTION,
  replaceResults,
  type Selection,
  setAllSelected,
  toggleSelected,
} from './results.state';
import { SearchForm } from './SearchForm';
import { addPaper, searchPapers } from './search.api';
import './find-sources-styles';

type View = 'results' | 'bookmarked';
const VIEWS: readonly View[] = ['results', 'bookmarked'];

type SearchState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'error'; failure: SearchFailure }
  | { status: 'ready'; result: SearchResult };

type Stores = { library?: SourcesStore };

/**
 * Find sources (spec §1, tool `find-sources`): academic search across the online catalogues, every paper with
 * its relevance, quality and trustworthiness; papers can be added to the library, bookmarked and exported,
 * and a reference manager's file imported. Visitors are asked to sign in first.
 */
export function FindSources(stores: Stores) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const signedIn = Boolean(useSession());
  if (signedIn) return <FindSourcesTool {...stores} />;
  return (
    <p className="notice find-sources__sign-in" data-testid="find-sources-sign-in">
      {t('findSources.signIn.text')} <Link to={to('login')}>{t('findSources.signIn.link')}</Link>
    </p>
  );
}

function FindSourcesTool({ library = sourcesStore }: Stores) {
  const { t } = useTranslation();
  const id = useId();
  const [search, setSearch] = useState<SearchState>({ status: 'idle' });
  const [view, setView] = useState<View>('results');
  const [selection, setSelection] = useState<Record<View, Selection>>({
    results: NO_SELECTION,
    bookmarked: NO_SELECTION,
  });
  const saved = useBookmarks();
  const controller = useRef<AbortController | null>(null);
  const [limit, setLimit] = useState<{ code: string; message: string } | null>(null);
  const tabRefs = useRef<Partial<Record<View, HTMLButtonElement | null>>>({});

  // Leaving the page stops a search still under way.
  useEffect(() => () => controller.current?.abort(), []);

  async function runSearch(request: SearchRequest) {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setSearch({ status: 'loading' });
    setView('results');
    try {
      const result = await searchPapers(request, { signal: current.signal });
      if (current.signal.aborted) return;
      setSearch({ status: 'ready', result });
      setSelection((ticks) => ({ ...ticks, results: replaceResults(ticks.results, result.papers) }));
    } catch (error) {
      if (current.signal.aborted) return;
      setSearch({ status: 'error', failure: searchFailure(t, error) });
      // A plan without this tool: the dialog leads to the plans (spec §2).
      if (error instanceof ApiError && LIMIT_ERROR_CODES.includes(error.code)) setLimit(error);
    }
  }

  async function toggleBookmark(paper: Paper): Promise<boolean> {
    const bookmarked = await toggleBookmarkOf(paper);
    if (bookmarked === null) return false;
    setSearch((state) =>
      state.status === 'ready'
        ? { ...state, result: { ...state.result, papers: markBookmarked(state.result.papers, paper.id, bookmarked) } }
        : state,
    );
    return true;
  }

  async function add(paper: Paper) {
    const source = await addPaper({ paper_id: paper.id });
    library.add(source);
    return source;
  }

  function onTabKey(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    event.preventDefault();
    const next = VIEWS[(VIEWS.indexOf(view) + 1) % VIEWS.length] as View;
    setView(next);
    tabRefs.current[next]?.focus();
  }

  const list = (which: View, papers: readonly Paper[]) => (
    <PaperList
      papers={papers}
      selection={selection[which]}
      onSelectionChange={(change) =>
        setSelection((ticks) => ({
          ...ticks,
          [which]:
            change.kind === 'one'
              ? toggleSelected(ticks[which], change.id)
              : setAllSelected(ticks[which], papers, change.selected),
        }))
      }
      onBookmark={toggleBookmark}
      onAdd={add}
    />
  );

  const tabLabel = (which: View) =>
    which === 'results'
      ? t('findSources.views.results')
      : t('findSources.views.bookmarked', { count: saved.papers.length });

  return (
    <section className="find-sources" data-testid="find-sources">
      <div className="find-sources__side">
        <SearchForm searching={search.status === 'loading'} onSearch={(request) => void runSearch(request)} />
        <ImportCitations
          onImported={() => {
            // The imported entries are in the library on the server; a library on show fetches them.
            if (library.getSnapshot().status !== 'idle') void library.reload();
          }}
        />
      </div>
      <div className="find-sources__main">
        <div className="find-sources__tabs" role="tablist" aria-label={t('findSources.views.label')}>
          {VIEWS.map((which) => (
            <button
              key={which}
              ref={(element) => {
                tabRefs.current[which] = element;
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${which}`}
              aria-selected={view === which}
              aria-controls={`${id}-panel-${which}`}
              tabIndex={view === which ? 0 : -1}
              className="find-sources__tab"
              onClick={() => setView(which)}
              onKeyDown={onTabKey}
              data-testid={`find-sources-tab-${which}`}
            >
              {tabLabel(which)}
            </button>
          ))}
        </div>
        {VIEWS.map((which) => (
          <div
            key={which}
            role="tabpanel"
            id={`${id}-panel-${which}`}
            aria-labelledby={`${id}-tab-${which}`}
            hidden={view !== which}
            aria-busy={which === 'results' ? search.status === 'loading' : saved.status === 'loading'}
            className="find-sources__panel"
            data-testid={`find-sources-panel-${which}`}
          >
            {view === which &&
              (which === 'results' ? (
                <Results search={search} list={(papers) => list('results', papers)} />
              ) : (
                <Bookmarked
                  status={saved.status}
                  error={saved.error}
                  papers={saved.papers}
                  onRetry={saved.reload}
                  list={(papers) => list('bookmarked', papers)}
                />
              ))}
          </div>
        ))}
      </div>
      {limit && <LimitDialog code={limit.code} message={limit.message} onClose={() => setLimit(null)} />}
    </section>
  );
}

type ListRenderer = (papers: readonly Paper[]) => ReactNode;

function Results({ search, list }: { search: SearchState; list: ListRenderer }) {
  const { t } = useTranslation();
  if (search.status === 'idle') {
    return (
      <p className="muted find-sources__placeholder" data-testid="find-sources-placeholder">
        {t('findSources.placeholder')}
      </p>
    );
  }
  if (search.status === 'loading') {
    return (
      <>
        <p className="find-sources__status" role="status" data-testid="find-sources-loading">
          <span className="spinner" aria-hidden="true" />
          {t('findSources.status.searching')}
        </p>
        <ul className="paper-list" aria-hidden="true">
          {[0, 1, 2].map((index) => (
            <li key={index} className="paper-card paper-card--skeleton">
              <span className="skeleton skeleton--title" />
              <span className="skeleton" />
              <span className="skeleton skeleton--short" />
            </li>
          ))}
        </ul>
      </>
    );
  }
  if (search.status === 'error') {
    return (
      <div className="notice notice--error" role="alert" data-testid="find-sources-error">
        <p>{search.failure.message}</p>
        {search.failure.hint && <p className="muted">{search.failure.hint}</p>}
      </div>
    );
  }
  const { papers, catalogues, offline, cached } = search.result;
  const summary = catalogueSummary(t, catalogues);
  return (
    <>
      {offline && (
        <p className="notice notice--warning" role="note" data-testid="find-sources-offline">
          {t('findSources.offline')}
        </p>
      )}
      <p className="find-sources__status" role="status" data-testid="find-sources-count">
        {t('findSources.status.found', { count: papers.length })}
        {cached ? ` ${t('findSources.status.cached')}` : ''}
      </p>
      {summary && (
        <p className="muted find-sources__catalogues" data-testid="find-sources-catalogues">
          {t('findSources.catalogues.line', { list: summary })}
        </p>
      )}
      {papers.length === 0 ? (
        <div className="find-sources__empty" data-testid="find-sources-empty">
          <p className="find-sources__empty-title">{t('findSources.empty.title')}</p>
          <p className="muted">{t('findSources.empty.hint')}</p>
        </div>
      ) : (
        list(papers)
      )}
    </>
  );
}

function Bookmarked({
  status,
  error,
  papers,
  onRetry,
  list,
}: {
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: string | null;
  papers: readonly Paper[];
  onRetry: () => void;
  list: ListRenderer;
}) {
  const { t } = useTranslation();
  if (status === 'error') {
    return (
      <div className="notice notice--error" role="alert" data-testid="bookmarked-error">
        <p>{error}</p>
        <button type="button" className="button button--small" onClick={onRetry}>
          {t('findSources.bookmarked.retry')}
        </button>
      </div>
    );
  }
  if (status !== 'ready' && papers.length === 0) {
    return (
      <p className="find-sources__status" role="status">
        <span className="spinner" aria-hidden="true" />
        {t('findSources.bookmarked.loading')}
      </p>
    );
  }
  if (papers.length === 0) {
    return (
      <p className="muted find-sources__placeholder" data-testid="bookmarked-empty">
        {t('findSources.bookmarked.empty')}
      </p>
    );
  }
  return list(papers);
}
