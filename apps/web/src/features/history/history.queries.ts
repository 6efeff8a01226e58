import type { HistoryDetail, HistoryListItem, HistoryPage, SharedResult } from '@quire/contracts';
import { type InfiniteData, type UseQueryResult, useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { ApiError } from '../../api/client';
import { failureOf, queryClient } from '../../lib/query-client';
import { forgetOnSignOut } from '../auth';
import { deleteHistoryResult, fetchHistoryDetail, fetchHistoryPage, fetchSharedResult } from './history.api';
import type { HistoryParams } from './history-params';

export const historyKeys = {
  all: ['history'] as const,
  lists: ['history', 'list'] as const,
  list: ({ tool, q }: HistoryParams) => ['history', 'list', { tool, q }] as const,
  detail: (id: string) => ['history', 'detail', id] as const,
  /** Public, so not the account's: kept apart from what a sign-out forgets. */
  shared: (token: string) => ['shared-result', token] as const,
};

forgetOnSignOut(historyKeys.all);

export type HistoryListState = {
  status: 'loading' | 'ready' | 'error';
  items: HistoryListItem[];
  /** Whether there are more results after the last one shown. */
  more: boolean;
  loadingMore: boolean;
  /** Why the first page or the next one could not be loaded. */
  error: string | null;
};

/**
 * The history list for a filter and search: its first page, more pages on request, and deletions that wait for
 * the server (spec §4: a result leaves the list only once the server deleted it; a failure is logged and the
 * result stays).
 */
export function useHistoryList(params: HistoryParams) {
  const query = useInfiniteQuery({
    queryKey: historyKeys.list(params),
    queryFn: ({ pageParam, signal }) => fetchHistoryPage({ ...params, before: pageParam }, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
  });
  const deletion = useMutation({
    mutationFn: (id: string) => deleteHistoryResult(id),
    onSuccess: (_, id) => deleted(id),
  });
  const items = useMemo(() => uniqueById(query.data?.pages.flatMap((page) => page.items) ?? []), [query.data]);
  // A failure is shown until it is tried again; the list stays as loaded.
  const failed = query.isError && !query.isFetching;
  const state: HistoryListState = {
    status: query.data ? 'ready' : failed ? 'error' : 'loading',
    items,
    more: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    error: failed ? failureOf(query.error).message : null,
  };
  return {
    state,
    retry: () => void query.refetch(),
    loadMore: () => {
      if (query.hasNextPage && !query.isFetching) void query.fetchNextPage();
    },
    /** Deletes on the server, then from the lists; resolves false (and logs why) when the server did not. */
    remove: async (id: string): Promise<boolean> => {
      try {
        await deletion.mutateAsync(id);
        return true;
      } catch (error) {
        console.error('Could not delete a result from the history', { id, error });
        return false;
      }
    },
    /** A result was shared or its link revoked. */
    setShared: (id: string, token: string | null) =>
      editLists((items) => items.map((item) => (item.id === id ? { ...item, shared_token: token } : item))),
  };
}

/** A result with its text, for copying and exports: fetched once; a failed fetch is tried again next time. */
export function loadHistoryDetail(id: string): Promise<HistoryDetail> {
  return queryClient.fetchQuery({
    queryKey: historyKeys.detail(id),
    queryFn: ({ signal }) => fetchHistoryDetail(id, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export type SharedResultState =
  | { status: 'loading' }
  | { status: 'ready'; result: SharedResult }
  | { status: 'notFound' }
  | { status: 'error'; message: string };

/** A shared result as anyone with its link sees it; a revoked or unknown link is not found. */
export function useSharedResult(token: string) {
  const query = useQuery({
    queryKey: historyKeys.shared(token),
    queryFn: ({ signal }) => fetchSharedResult(token, { signal }),
  });
  return { state: sharedStateOf(query), retry: () => void query.refetch() };
}

function sharedStateOf(query: UseQueryResult<SharedResult>): SharedResultState {
  if (query.data) return { status: 'ready', result: query.data };
  if (!query.isError || query.isFetching) return { status: 'loading' };
  if (query.error instanceof ApiError && query.error.status === 404) return { status: 'notFound' };
  return { status: 'error', message: failureOf(query.error).message };
}

/** A deleted result leaves every list loaded, whatever its filter, and its text the cache. */
function deleted(id: string): void {
  editLists((items) => items.filter((item) => item.id !== id));
  queryClient.removeQueries({ queryKey: historyKeys.detail(id) });
}

/** Changes the items of every loaded list, page by page. */
function editLists(edit: (items: HistoryListItem[]) => HistoryListItem[]): void {
  queryClient.setQueriesData<InfiniteData<HistoryPage, string | null>>({ queryKey: historyKeys.lists }, (data) =>
    data ? { ...data, pages: data.pages.map((page) => ({ ...page, items: edit(page.items) })) } : data,
  );
}

function uniqueById(items: readonly HistoryListItem[]): HistoryListItem[] {
  const seen = new Set<string>();
  return items.filter((item) => !seen.has(item.id) && Boolean(seen.add(item.id)));
}
