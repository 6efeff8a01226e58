import type { Paper } from '@quire/contracts';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { errorOf, type LoadStatus, queryClient, statusOf } from '../../lib/query-client';
import { forgetOnSignOut } from '../auth';
import { toggleBookmark } from '../sources';
import { applyBookmarkAnswer } from './bookmarks.state';
import { fetchBookmarked } from './search.api';

export type BookmarksSnapshot = {
  /** `loading` only before the first list arrives; later loads refresh what is shown. */
  status: LoadStatus;
  papers: Paper[];
  /** Translated reason the list could not be loaded (status `error`). */
  error: string | null;
};

export const bookmarksKeys = { list: ['find-sources', 'bookmarks'] as const };

forgetOnSignOut(bookmarksKeys.list);

/** The bookmarked papers (spec §4, §7), GET /gen/bookmarked. */
export function bookmarksQuery(fetch: typeof fetchBookmarked = fetchBookmarked) {
  return queryOptions({ queryKey: bookmarksKeys.list, queryFn: ({ signal }) => fetch({ signal }) });
}

/** The bookmarked papers for the find-sources tool's views; asked for again each time the tool opens. */
export function useBookmarks(): BookmarksSnapshot & { reload: () => void } {
  const query = useQuery(bookmarksQuery());
  return {
    status: statusOf(query),
    papers: query.data ?? [],
    error: errorOf(query),
    reload: () => void query.refetch(),
  };
}

/**
 * Toggles a paper's bookmark (spec §4). Once the server answers, a bookmarked paper replaces any entry with its
 * id at the end of the list and an unbookmarked one leaves it; resolves with whether it is bookmarked now. When
 * the call fails nothing changes and it resolves null (the failure is logged).
 */
export async function toggleBookmarkOf(
  paper: Paper,
  {
    client = queryClient,
    toggle = toggleBookmark,
  }: { client?: QueryClient; toggle?: (id: string) => Promise<boolean> } = {},
): Promise<boolean | null> {
  let bookmarked: boolean;
  try {
    bookmarked = await toggle(paper.id);
  } catch (error) {
    console.warn('Could not change the bookmark of a paper', { id: paper.id, error });
    return null;
  }
  const apply = () =>
    client.setQueryData<Paper[]>(bookmarksKeys.list, (papers) =>
      papers ? applyBookmarkAnswer(papers, paper, bookmarked) : papers,
    );
  apply();
  const query = client.getQueryCache().find<Paper[]>({ queryKey: bookmarksKeys.list });
  if (query?.state.fetchStatus === 'fetching') {
    // That answer may have been read before the toggle: the toggle is applied over it too.
    await query.fetch().catch(() => undefined);
    apply();
  }
  return bookmarked;
}
