import type { HistoryListItem } from '@quire/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { translate } from '../../i18n/i18n';
import { deleteHistoryResult, fetchHistoryPage } from './history.api';
import type { HistoryParams } from './history-params';

export type HistoryListState = {
  status: 'loading' | 'ready' | 'error';
  items: HistoryListItem[];
  /** The cursor of the next page; null when everything is shown. */
  next: string | null;
  loadingMore: boolean;
  /** Why the first page or the next one could not be loaded. */
  error: string | null;
};

const LOADING: HistoryListState = { status: 'loading', items: [], next: null, loadingMore: false, error: null };

/**
 * The history list for a filter and search: the first page whenever they change (an answer for an earlier
 * filter is dropped), more pages on request, and deletions that wait for the server (spec §4: a result leaves
 * the list only once the server deleted it; a failure is logged and the result stays).
 */
export function useHistoryList(params: HistoryParams) {
  const [state, setState] = useState<HistoryListState>(LOADING);
  const controller = useRef<AbortController | null>(null);
  const { tool, q } = params;

  const load = useCallback(async (filter: HistoryParams, before: string | null) => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setState((previous) =>
      before ? { ...previous, loadingMore: true, error: null } : { ...LOADING, items: [], next: null },
    );
    try {
      const page = await fetchHistoryPage({ ...filter, before }, { signal: current.signal });
      if (current.signal.aborted) return;
      setState((previous) => ({
        status: 'ready',
        items: before ? [...previous.items, ...page.items.filter((item) => !has(previous.items, item.id))] : page.items,
        next: page.next,
        loadingMore: false,
        error: null,
      }));
    } catch (error) {
      if (current.signal.aborted) return;
      if (!(error instanceof ApiError)) console.error('Could not load the history', error);
      const message = error instanceof ApiError ? error.message : translate('errors:generic_error');
      setState((previous) =>
        before ? { ...previous, loadingMore: false, error: message } : { ...LOADING, status: 'error', error: message },
      );
    }
  }, []);

  useEffect(() => {
    void load({ tool, q }, null);
    return () => controller.current?.abort();
  }, [load, tool, q]);

  return {
    state,
    retry: () => load({ tool, q }, null),
    loadMore: () => {
      if (state.next && !state.loadingMore) void load({ tool, q }, state.next);
    },
    /** Deletes on the server, then from the list; resolves false (and logs why) when the server did not. */
    remove: async (id: string): Promise<boolean> => {
      try {
        await deleteHistoryResult(id);
      } catch (error) {
        console.error('Could not delete a result from the history', { id, error });
        return false;
      }
      setState((previous) => ({ ...previous, items: previous.items.filter((item) => item.id !== id) }));
      return true;
    },
    /** A result was shared or its link revoked. */
    setShared: (id: string, token: string | null) =>
      setState((previous) => ({
        ...previous,
        items: previous.items.map((item) => (item.id === id ? { ...item, shared_token: token } : item)),
      })),
  };
}

function has(items: readonly HistoryListItem[], id: string): boolean {
  return items.some((item) => item.id === id);
}
