import { queryOptions } from '@tanstack/react-query';
import { queryClient } from '../../lib/query-client';
import { forgetOnSignOut } from '../auth';
import { fetchDocuments, fetchWebsites } from './sources.api';
import { applyChange, type SourceChange, type SourceLists } from './sources.state';

export const sourcesKeys = { all: ['sources'] as const, lists: ['sources', 'lists'] as const };

forgetOnSignOut(sourcesKeys.all);

/** The changes of each load under way, replayed over its answer: the server may have read its lists before them. */
const changesDuringLoads = new Set<SourceChange[]>();

/** The user's library (spec §3): documents and websites, loaded separately and kept as one entry of the cache. */
export function libraryQuery() {
  return queryOptions({
    queryKey: sourcesKeys.lists,
    queryFn: ({ signal }) => loadLists(signal),
    // Kept until sign-out: a result's citations name their source from it even when no list is on show.
    gcTime: Number.POSITIVE_INFINITY,
  });
}

async function loadLists(signal: AbortSignal): Promise<SourceLists> {
  const changes: SourceChange[] = [];
  changesDuringLoads.add(changes);
  try {
    const [documents, websites] = await Promise.all([fetchDocuments({ signal }), fetchWebsites({ signal })]);
    return changes.reduce(applyChange, { documents, websites });
  } catch (error) {
    // The lists on show stay; a first load's failure is shown instead.
    if (queryClient.getQueryData(sourcesKeys.lists)) console.warn('Could not refresh the sources', error);
    throw error;
  } finally {
    changesDuringLoads.delete(changes);
  }
}

/** Applies a change to the lists in the cache, and to the answer of any load under way. */
export function applySourceChange(change: SourceChange): void {
  for (const changes of changesDuringLoads) changes.push(change);
  queryClient.setQueryData<SourceLists>(sourcesKeys.lists, (lists) => lists && applyChange(lists, change));
}

/** The lists as last loaded, or undefined before the first load. */
export function cachedLists(): SourceLists | undefined {
  return queryClient.getQueryData<SourceLists>(sourcesKeys.lists);
}
