import type { Paper } from '@quire/contracts';

/**
 * Spec §4: bookmarking a paper removes an old entry with the same id and appends the new one (marked as
 * bookmarked).
 */
export function addBookmark(bookmarks: readonly Paper[], paper: Paper): Paper[] {
  return [...removeBookmark(bookmarks, paper.id), { ...paper, bookmarked: true }];
}

/** The list without the paper of this id; the same list when it was not there. */
export function removeBookmark(bookmarks: readonly Paper[], id: string): Paper[] {
  if (!bookmarks.some((paper) => paper.id === id)) return bookmarks as Paper[];
  return bookmarks.filter((paper) => paper.id !== id);
}

/**
 * The list after the server answered a toggle with the paper's new state: bookmarked adds it by the rule
 * above, not bookmarked removes it. Only a confirmed answer comes here; a failed call changes nothing.
 */
export function applyBookmarkAnswer(bookmarks: readonly Paper[], paper: Paper, bookmarked: boolean): Paper[] {
  return bookmarked ? addBookmark(bookmarks, paper) : removeBookmark(bookmarks, paper.id);
}
