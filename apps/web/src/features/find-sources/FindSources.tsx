import type { Paper } from '@quire/contracts';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { LimitDialog } from '../../components/dialog/LimitDialog';
import { useLocalePath } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import { useSession } from '../auth';
import { reloadSources } from '../sources';
import { ImportCitations } from './ImportCitations';
import { PaperList } from './PaperList';
import { catalogueSummary } from './paper-labels';
import { SearchForm } from './SearchForm';
import { type FindSourcesState, type SearchState, useFindSources, VIEWS, type View } from './use-find-sources';
import './find-sources-styles';

/**
 * Find sources (spec §1, tool `find-sources`): academic search across the online catalogues, every paper with
 * its relevance, quality and trustworthiness; papers can be added to the library, bookmarked and exported,
 * and a reference manager's file imported. Visitors are asked to sign in first.
 */
export function FindSources() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const signedIn = Boolean(useSession());
  if (signedIn) return <FindSourcesTool />;
  return (
    <p className="notice find-sources__sign-in" data-testid="find-sources-sign-in">
      {t('findSources.signIn.text')} <Link to={to('login')}>{t('findSources.signIn.link')}</Link>
    </p>
  );
}

function FindSourcesTool() {
  const id = useId();
  const state = useFindSources();
  const { search, view, saved } = state;

  const list = (which: View, papers: readonly Paper[]) => (
    <PaperList
      papers={papers}
      selection={state.selection[which]}
      onSelectionChange={(change) => state.changeSelection(which, papers, change)}
      onBookmark={state.toggleBookmark}
      onAdd={state.add}
    />
  );

  return (
    <section className="find-sources" data-testid="find-sources">
      <div className="find-sources__side">
        <SearchForm searching={search.status === 'loading'} onSearch={(request) => void state.runSearch(request)} />
        <ImportCitations onImported={reloadSources} />
      </div>
      <div className="find-sources__main">
        <ViewTabs id={id} state={state} />
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
      {state.limit && <LimitDialog code={state.limit.code} message={state.limit.message} onClose={state.closeLimit} />}
    </section>
  );
}

/** The tabs between the search's results and the bookmarked papers; the arrow keys move between them. */
function ViewTabs({ id, state }: { id: string; state: FindSourcesState }) {
  const { t } = useTranslation();
  const { view } = state;
  return (
    <div className="find-sources__tabs" role="tablist" aria-label={t('findSources.views.label')}>
      {VIEWS.map((which) => (
        <button
          key={which}
          ref={(element) => {
            state.tabRefs.current[which] = element;
          }}
          type="button"
          role="tab"
          id={`${id}-tab-${which}`}
          aria-selected={view === which}
          aria-controls={`${id}-panel-${which}`}
          tabIndex={view === which ? 0 : -1}
          className="find-sources__tab"
          onClick={() => state.setView(which)}
          onKeyDown={state.onTabKey}
          data-testid={`find-sources-tab-${which}`}
        >
          {which === 'results'
            ? t('findSources.views.results')
            : t('findSources.views.bookmarked', { count: state.saved.papers.length })}
        </button>
      ))}
    </div>
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
