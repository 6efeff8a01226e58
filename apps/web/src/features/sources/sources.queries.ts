import type { Source } from '@quire/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { ApiError } from '../../api/client';
import { errorOf, type LoadStatus, queryClient, statusOf } from '../../lib/query-client';
import { useSession } from '../auth';
import { useLiveSources } from './live-sources';
import { deleteSource, toggleBookmark } from './sources.api';
import { applySourceChange, libraryQuery, sourcesKeys } from './sources.cache';
import { combineSources, EMPTY_LISTS, hasProcessing, type SourceLists } from './sources.state';

/** While the live connection is down and a source is still being processed, the lists are asked for this often. */
export const POLL_INTERVAL_MS = 3_000;

export type SourcesSnapshot = SourceLists & {
  /** `idle` while nobody is signed in; `loading` only before the first lists arrive. */
  status: LoadStatus;
  /** Translated reason the lists could not be loaded (status `error`). */
  error: string | null;
  /** Documents plus websites, each tagged with its type (spec §3). */
  sources: Source[];
  /** Whether the live connection is up. */
  live: boolean;
  /** Loads the lists again (after a failure, for example). */
  reload: () => void;
};

/**
 * The signed-in user's library for a component (spec §3, §4): while it is mounted, the lists are loaded (afresh
 * on every mount) and kept current over the live connection, or by polling every 3 s while that is down and
 * something is still being processed.
 */
export function useSources(): SourcesSnapshot {
  const signedIn = Boolean(useSession());
  const live = useLiveSources(signedIn);
  const query = useQuery({
    ...libraryQuery(),
    enabled: signedIn,
    refetchInterval: ({ state }) => (!live && hasProcessing(state.data) ? POLL_INTERVAL_MS : false),
  });
  const lists = query.data ?? EMPTY_LISTS;
  const sources = useMemo(() => combineSources(lists), [lists]);
  return {
    ...lists,
    sources,
    live,
    status: statusOf(query),
    error: errorOf(query),
    reload: () => void query.refetch(),
  };
}

/** A document or website the server just created (spec §4 rule); a library not loaded yet gets it with its load. */
export function sourceAdded(source: Source): void {
  applySourceChange({ kind: 'add', source });
}

/** The library changed on the server (citations imported): it is asked for again. */
export function reloadSources(): void {
  void queryClient.invalidateQueries({ queryKey: sourcesKeys.lists });
}

/**
 * Deletes a source on the server, then from the lists (spec §4). A failure rejects with the ApiError and changes
 * nothing; a 404 means the server no longer has it (deleted elsewhere), so it goes here too.
 */
export function useDeleteSource(): (id: string) => Promise<void> {
  return useMutation({
    mutationFn: async (id: string) => {
      try {
        await deleteSource(id);
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 404)) throw error;
      }
    },
    onSuccess: (_, id) => applySourceChange({ kind: 'remove', id }),
  }).mutateAsync;
}

/**
 * Toggles a source's bookmark (spec §4): the flag changes only once the server has confirmed it, to what it
 * answered. Resolves true when it did, false when the call failed (the failure is logged and nothing changes).
 */
export function useToggleSourceBookmark(): (id: string) => Promise<boolean> {
  const { mutateAsync } = useMutation({
    mutationFn: (id: string) => toggleBookmark(id),
    onSuccess: (bookmarked, id) => applySourceChange({ kind: 'bookmark', id, bookmarked }),
  });
  return async (id) => {
    try {
      await mutateAsync(id);
      return true;
    } catch (error) {
      console.warn('Could not change the bookmark of a source', { id, error });
      return false;
    }
  };
}

/** Turns the cached lists into one list; module-level so the query keeps its result while the lists are the same. */
const selectSources = (lists: SourceLists): Source[] => combineSources(lists);
const NO_SOURCES: Source[] = [];

/**
 * The library as last loaded, without asking for it: a result's citations name their source when the library is
 * known. Re-renders when the cached lists change; the same array while they do not.
 */
export function useLoadedSources(): Source[] {
  return useQuery({ ...libraryQuery(), enabled: false, select: selectSources }).data ?? NO_SOURCES;
}

/** The same, read once outside React. */
export function loadedSources(): Source[] {
  const lists = queryClient.getQueryData<SourceLists>(sourcesKeys.lists);
  return lists ? combineSources(lists) : NO_SOURCES;
}
