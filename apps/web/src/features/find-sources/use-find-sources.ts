import type { Paper, SearchRequest, SearchResult } from '@quire/contracts';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { useTranslation } from '../../i18n/use-translation';
import { LIMIT_ERROR_CODES } from '../../lib/limit-errors';
import { sourceAdded } from '../sources';
import { toggleBookmarkOf, useBookmarks } from './bookmarks.store';
import { type SearchFailure, searchFailure } from './paper-labels';
import {
  markBookmarked,
  NO_SELECTION,
  replaceResults,
  type Selection,
  setAllSelected,
  toggleSelected,
} from './results.state';
import { addPaper, searchPapers } from './search.api';

export type View = 'results' | 'bookmarked';
export const VIEWS: readonly View[] = ['results', 'bookmarked'];

export type SearchState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'error'; failure: SearchFailure }
  | { status: 'ready'; result: SearchResult };

export type SelectionChange = { kind: 'one'; id: string } | { kind: 'all'; selected: boolean };

/**
 * The find-sources page's state: the search under way or its result, the bookmarks, which view shows, the papers
 * ticked in each, and the plan limit a search ran into.
 */
export function useFindSources() {
  const { t } = useTranslation();
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
    sourceAdded(source);
    return source;
  }

  function onTabKey(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    event.preventDefault();
    const next = VIEWS[(VIEWS.indexOf(view) + 1) % VIEWS.length] as View;
    setView(next);
    tabRefs.current[next]?.focus();
  }

  function changeSelection(which: View, papers: readonly Paper[], change: SelectionChange) {
    setSelection((ticks) => ({
      ...ticks,
      [which]:
        change.kind === 'one'
          ? toggleSelected(ticks[which], change.id)
          : setAllSelected(ticks[which], papers, change.selected),
    }));
  }

  return {
    search,
    view,
    setView,
    selection,
    changeSelection,
    saved,
    limit,
    closeLimit: () => setLimit(null),
    tabRefs,
    onTabKey,
    runSearch,
    toggleBookmark,
    add,
  };
}

export type FindSourcesState = ReturnType<typeof useFindSources>;
