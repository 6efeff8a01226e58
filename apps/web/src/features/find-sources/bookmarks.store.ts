import type { Paper } from '@quire/contracts';
import { ApiError } from '../../api/client';
import { translate } from '../../i18n/i18n';
import { getSession, subscribeSession } from '../auth/session';
import { toggleBookmark } from '../sources';
import { applyBookmarkAnswer } from './bookmarks.state';
import { fetchBookmarked } from './search.api';

export type BookmarksSnapshot = {
  /** `loading` only before the first list arrives; later loads refresh what is shown. */
  status: 'idle' | 'loading' | 'ready' | 'error';
  papers: Paper[];
  /** Translated reason the list could not be loaded (status `error`). */
  error: string | null;
};

export type BookmarksDeps = {
  fetchBookmarked: () => Promise<Paper[]>;
  /** Toggles a bookmark on the server; resolves with whether the paper is bookmarked now. */
  toggleBookmark: (id: string) => Promise<boolean>;
};

export type BookmarksStore = ReturnType<typeof createBookmarksStore>;

type Change = { paper: Paper; bookmarked: boolean };

const INITIAL: BookmarksSnapshot = { status: 'idle', papers: [], error: null };

/**
 * The bookmarked papers on the client (spec §4, §7): loaded with GET /gen/bookmarked, changed only by toggles
 * the server confirmed. A toggle made while the list loads is replayed over the answer, so none is lost.
 */
export function createBookmarksStore(deps: BookmarksDeps) {
  let snapshot = INITIAL;
  const listeners = new Set<() => void>();
  let pending: Promise<void> | undefined;
  let changesDuringLoad: Change[] = [];
  /** Bumped by `reset`, so that an answer for the previous session is dropped. */
  let generation = 0;

  function update(next: Partial<BookmarksSnapshot>): void {
    snapshot = { ...snapshot, ...next };
    for (const listener of listeners) listener();
  }

  function load(): Promise<void> {
    if (pending) return pending;
    const started = generation;
    changesDuringLoad = [];
    if (snapshot.status !== 'ready') update({ status: 'loading', error: null });
    const request = deps
      .fetchBookmarked()
      .then((papers) => {
        if (started !== generation) return;
        pending = undefined;
        const replayed = changesDuringLoad.reduce<Paper[]>(
          (list, change) => applyBookmarkAnswer(list, change.paper, change.bookmarked),
          papers,
        );
        update({ status: 'ready', papers: replayed, error: null });
      })
      .catch((error: unknown) => {
        if (started !== generation) return;
        pending = undefined;
        if (snapshot.status === 'ready') {
          console.warn('Could not refresh the bookmarked papers', error);
          return;
        }
        if (!(error instanceof ApiError)) console.error('Could not load the bookmarked papers', error);
        update({
          status: 'error',
          error: error instanceof ApiError ? error.message : translate('errors:generic_error'),
        });
      });
    pending = request;
    return request;
  }

  return {
    getSnapshot: (): BookmarksSnapshot => snapshot,

    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Loads the list (again); one load at a time, a second call joins the first. */
    load,

    /** Whether the list holds the paper of this id. */
    has: (id: string): boolean => snapshot.papers.some((paper) => paper.id === id),

    /**
     * Toggles a paper's bookmark (spec §4). Once the server answers, a bookmarked paper replaces any entry with
     * its id at the end of the list and an unbookmarked one leaves it; resolves true. When the call fails,
     * nothing changes here and it resolves false (the failure is logged).
     */
    async toggle(paper: Paper): Promise<boolean> {
      const started = generation;
      let bookmarked: boolean;
      try {
        bookmarked = await deps.toggleBookmark(paper.id);
      } catch (error) {
        console.warn('Could not change the bookmark of a paper', { id: paper.id, error });
        return false;
      }
      if (started !== generation) return false;
      if (pending) changesDuringLoad.push({ paper, bookmarked });
      update({ papers: applyBookmarkAnswer(snapshot.papers, paper, bookmarked) });
      return true;
    },

    /** Forgets everything (the user signed out). */
    reset(): void {
      generation += 1;
      pending = undefined;
      changesDuringLoad = [];
      snapshot = INITIAL;
      for (const listener of listeners) listener();
    },
  };
}

/** The app's bookmarked papers, shared by the find-sources tool's views. */
export const bookmarksStore = createBookmarksStore({ fetchBookmarked, toggleBookmark });

// Signing out forgets them at once.
subscribeSession(() => {
  if (!getSession() && bookmarksStore.getSnapshot().status !== 'idle') bookmarksStore.reset();
});
