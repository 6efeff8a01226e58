import type { Source } from '@quire/contracts';
import { ApiError } from '../../api/client';
import { translate } from '../../i18n/i18n';
import { getSession, subscribeSession } from '../auth/session';
import { connectLive, type LiveConnector } from './live';
import { deleteSource, fetchDocuments, fetchWebsites, toggleBookmark } from './sources.api';
import {
  addSource,
  applyLiveEvent,
  combineSources,
  EMPTY_LISTS,
  findSource,
  hasProcessing,
  removeSource,
  type SourceEvent,
  type SourceLists,
  setBookmarked,
} from './sources.state';

/** While the live connection is down and a source is still being processed, the lists are asked for this often. */
export const POLL_INTERVAL_MS = 3_000;

export type SourcesSnapshot = SourceLists & {
  /** `loading` only before the first lists arrive; later loads refresh what is shown. */
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** Translated reason the lists could not be loaded (status `error`). */
  error: string | null;
  /** Documents plus websites, each tagged with its type (spec §3). */
  sources: Source[];
  /** Whether the live connection is up. */
  live: boolean;
};

export type SourcesDeps = {
  fetchDocuments: () => Promise<Source[]>;
  fetchWebsites: () => Promise<Source[]>;
  deleteSource: (id: string) => Promise<void>;
  /** Toggles a bookmark on the server; resolves with whether the source is bookmarked now. */
  toggleBookmark: (id: string) => Promise<boolean>;
  connect: LiveConnector;
};

export type SourcesStore = ReturnType<typeof createSourcesStore>;

type Change =
  | { kind: 'add'; source: Source }
  | { kind: 'remove'; id: string }
  | { kind: 'bookmark'; id: string; bookmarked: boolean }
  | { kind: 'live'; event: SourceEvent };

const INITIAL: SourcesSnapshot = { ...EMPTY_LISTS, status: 'idle', error: null, sources: [], live: false };

/**
 * The user's library on the client (spec §3, §4): documents and websites loaded separately, changes by the
 * spec's rules, live events applied in place. `start()` is called by each mounted user of the lists: the first
 * one loads them and opens the live connection, the last one to stop closes it. While the connection is down
 * and something is still being processed, the lists are polled every 3 s instead.
 */
export function createSourcesStore(deps: SourcesDeps) {
  let snapshot = INITIAL;
  const listeners = new Set<() => void>();
  let users = 0;
  let disconnect: (() => void) | undefined;
  let pollTimer: ReturnType<typeof setTimeout> | undefined;
  let pending: Promise<void> | undefined;
  /** Changes made while a load is under way, replayed over its answer so that none is lost. */
  let changesDuringLoad: Change[] = [];
  /** Bumped by `reset`, so that an answer for the previous session is dropped. */
  let generation = 0;

  function update(next: Partial<SourcesSnapshot>): void {
    const lists = { documents: next.documents ?? snapshot.documents, websites: next.websites ?? snapshot.websites };
    const listsChanged = lists.documents !== snapshot.documents || lists.websites !== snapshot.websites;
    snapshot = { ...snapshot, ...next, sources: listsChanged ? combineSources(lists) : snapshot.sources };
    schedulePoll();
    for (const listener of listeners) listener();
  }

  function change(item: Change): void {
    if (pending) changesDuringLoad.push(item);
    update(applyChange({ documents: snapshot.documents, websites: snapshot.websites }, item));
  }

  function schedulePoll(): void {
    const wanted = users > 0 && !snapshot.live && snapshot.status === 'ready' && hasProcessing(snapshot);
    if (!wanted) {
      clearTimeout(pollTimer);
      pollTimer = undefined;
      return;
    }
    if (pollTimer !== undefined || pending) return;
    pollTimer = setTimeout(() => {
      pollTimer = undefined;
      void load();
    }, POLL_INTERVAL_MS);
  }

  /** Loads both lists; one load at a time (a second call joins the first). Resolves whatever the outcome. */
  function load(): Promise<void> {
    if (pending) return pending;
    const started = generation;
    changesDuringLoad = [];
    if (snapshot.status !== 'ready') update({ status: 'loading', error: null });
    const request = Promise.all([deps.fetchDocuments(), deps.fetchWebsites()])
      .then(([documents, websites]) => {
        if (started !== generation) return;
        const lists = changesDuringLoad.reduce<SourceLists>(applyChange, { documents, websites });
        pending = undefined;
        update({ ...lists, status: 'ready', error: null });
      })
      .catch((error: unknown) => {
        if (started !== generation) return;
        pending = undefined;
        if (snapshot.status === 'ready') {
          console.warn('Could not refresh the sources', error);
          update({});
          return;
        }
        if (!(error instanceof ApiError)) console.error('Could not load the sources', error);
        update({
          status: 'error',
          error: error instanceof ApiError ? error.message : translate('errors:generic_error'),
        });
      });
    pending = request;
    return request;
  }

  return {
    getSnapshot: (): SourcesSnapshot => snapshot,

    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** A user of the lists appears; returns its stop. */
    start(): () => void {
      users += 1;
      if (users === 1) {
        void load();
        let opened = false;
        disconnect = deps.connect({
          onEvent: (event) => change({ kind: 'live', event }),
          onReady: () => {
            const reopened = opened;
            opened = true;
            update({ live: true });
            // Events sent while there was no connection are lost: the lists are asked for once more.
            if (snapshot.status === 'ready' && (reopened || hasProcessing(snapshot))) void load();
          },
          onDown: () => update({ live: false }),
        });
      }
      let stopped = false;
      return () => {
        if (stopped) return;
        stopped = true;
        users -= 1;
        if (users > 0) return;
        disconnect?.();
        disconnect = undefined;
        update({ live: false });
      };
    },

    /** Loads the lists again (after a failure, for example). */
    reload: load,

    /** A document or website the server just created (spec §4 rule). */
    add(source: Source): void {
      // A live update can overtake the upload's answer: an entry further along than the answer is the newer one.
      const known = findSource(snapshot, source.id);
      change({ kind: 'add', source: known && stage(known) > stage(source) ? known : source });
    },

    /**
     * Deletes a source on the server, then here (spec §4). A failure rejects with the ApiError and changes
     * nothing; a 404 means the server no longer has it (deleted elsewhere), so it goes here too.
     */
    async remove(id: string): Promise<void> {
      try {
        await deps.deleteSource(id);
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 404)) throw error;
      }
      change({ kind: 'remove', id });
    },

    /**
     * Toggles a source's bookmark (spec §4): the flag changes here only once the server has confirmed it. Resolves
     * true when it did, false when the call failed (the failure is logged and nothing changes).
     */
    async toggleBookmark(id: string): Promise<boolean> {
      try {
        const bookmarked = await deps.toggleBookmark(id);
        change({ kind: 'bookmark', id, bookmarked });
        return true;
      } catch (error) {
        console.warn('Could not change the bookmark of a source', { id, error });
        return false;
      }
    },

    /** Forgets everything (the user signed out): nothing of one account is shown to the next. */
    reset(): void {
      generation += 1;
      pending = undefined;
      changesDuringLoad = [];
      clearTimeout(pollTimer);
      pollTimer = undefined;
      snapshot = { ...INITIAL, live: snapshot.live };
      if (users > 0 && getSession()) void load();
      for (const listener of listeners) listener();
    },
  };
}

/** How far a source has come: its progress while processing, beyond that once it is usable or failed. */
function stage(source: Source): number {
  return source.state === 'processing' ? source.progress : 101;
}

function applyChange(lists: SourceLists, item: Change): SourceLists {
  if (item.kind === 'add') return addSource(lists, item.source);
  if (item.kind === 'remove') return removeSource(lists, item.id);
  if (item.kind === 'bookmark') return setBookmarked(lists, item.id, item.bookmarked);
  return applyLiveEvent(lists, item.event);
}

/** The app's one library, shared by the sources page and the source pickers of the tools. */
export const sourcesStore = createSourcesStore({
  fetchDocuments,
  fetchWebsites,
  deleteSource,
  toggleBookmark,
  connect: connectLive,
});

// Signing out empties the library at once.
subscribeSession(() => {
  if (!getSession() && sourcesStore.getSnapshot().status !== 'idle') sourcesStore.reset();
});
