import type { OwnApp } from '@quire/contracts';
import { useEffect, useSyncExternalStore } from 'react';
import { ApiError } from '../../api/client';
import { translate } from '../../i18n/i18n';
import { getSession, subscribeSession } from '../auth/session';
import { useSession } from '../auth/use-session';
import { favouritesStore } from '../tools';
import { fetchOwnApps } from './own-apps.api';

export type OwnAppsSnapshot = {
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** Newest first, as the server lists them. */
  apps: OwnApp[];
  error: string | null;
};

export type OwnAppsDeps = {
  fetchOwnApps: () => Promise<OwnApp[]>;
  /** Called after an application was saved or deleted: the tools list (and its favourites) changed too. */
  onChange?: () => void;
};

export type OwnAppsStore = ReturnType<typeof createOwnAppsStore>;

const INITIAL: OwnAppsSnapshot = { status: 'idle', apps: [], error: null };

/**
 * The user's own applications for the sidebar and their pages: loaded once per session, then kept current by
 * the editor, which reports each application it saved or deleted.
 */
export function createOwnAppsStore(deps: OwnAppsDeps) {
  let snapshot = INITIAL;
  const listeners = new Set<() => void>();
  let pending: Promise<void> | undefined;
  let generation = 0;

  function update(next: Partial<OwnAppsSnapshot>): void {
    snapshot = { ...snapshot, ...next };
    for (const listener of listeners) listener();
  }

  return {
    getSnapshot: (): OwnAppsSnapshot => snapshot,

    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Loads the applications unless they are loaded or loading. */
    load(): Promise<void> {
      if (pending) return pending;
      if (snapshot.status === 'ready') return Promise.resolve();
      const started = generation;
      update({ status: 'loading', error: null });
      const request = deps
        .fetchOwnApps()
        .then((apps) => {
          if (started === generation) update({ status: 'ready', apps, error: null });
        })
        .catch((error: unknown) => {
          if (started !== generation) return;
          if (!(error instanceof ApiError)) console.error('Could not load the own applications', error);
          update({
            status: 'error',
            error: error instanceof ApiError ? error.message : translate('errors:generic_error'),
          });
        })
        .finally(() => {
          if (pending === request) pending = undefined;
        });
      pending = request;
      return request;
    },

    /** An application was created or changed: it replaces its old entry, or comes first as the newest. */
    saved(app: OwnApp): void {
      const known = snapshot.apps.some((each) => each.id === app.id);
      update({
        apps: known ? snapshot.apps.map((each) => (each.id === app.id ? app : each)) : [app, ...snapshot.apps],
      });
      deps.onChange?.();
    },

    /** An application was deleted on the server. */
    deleted(id: string): void {
      update({ apps: snapshot.apps.filter((each) => each.id !== id) });
      deps.onChange?.();
    },

    reset(): void {
      generation += 1;
      pending = undefined;
      snapshot = INITIAL;
      for (const listener of listeners) listener();
    },
  };
}

export const ownAppsStore = createOwnAppsStore({
  fetchOwnApps,
  // The tools list carries the applications' names and favourite flags: it is loaded again.
  onChange: () => {
    if (favouritesStore.getSnapshot().status === 'idle') return;
    favouritesStore.reset();
    void favouritesStore.load();
  },
});

// Signing out forgets the applications.
subscribeSession(() => {
  if (!getSession() && ownAppsStore.getSnapshot().status !== 'idle') ownAppsStore.reset();
});

/** The user's own applications for a component; loads them while someone is signed in. */
export function useOwnApps(store: OwnAppsStore = ownAppsStore): OwnAppsSnapshot {
  const signedIn = Boolean(useSession());
  useEffect(() => {
    if (signedIn) void store.load();
  }, [signedIn, store]);
  return useSyncExternalStore(store.subscribe, store.getSnapshot);
}
