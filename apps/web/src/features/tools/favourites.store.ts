import type { Template } from '@quire/contracts';
import { useEffect, useSyncExternalStore } from 'react';
import { ApiError } from '../../api/client';
import { translate } from '../../i18n/i18n';
import { getSession, subscribeSession } from '../auth/session';
import { useSession } from '../auth/use-session';
import { fetchTemplates, toggleFavourite } from './favourites.api';

export type FavouritesSnapshot = {
  status: 'idle' | 'loading' | 'ready' | 'error';
  templates: Template[];
  error: string | null;
  /** Slugs whose toggle is under way. */
  toggling: string[];
};

export type FavouritesDeps = {
  fetchTemplates: () => Promise<Template[]>;
  toggleFavourite: (slug: string) => Promise<boolean>;
};

export type FavouritesStore = ReturnType<typeof createFavouritesStore>;

const INITIAL: FavouritesSnapshot = { status: 'idle', templates: [], error: null, toggling: [] };

/**
 * The tools with the user's favourite flags (GET /api/prompt_templates), loaded once per session and shared by
 * the sidebar's "my favourites", the tool cards and the tool pages. A toggle changes the flag once the server
 * has answered, to what it answered.
 */
export function createFavouritesStore(deps: FavouritesDeps) {
  let snapshot = INITIAL;
  const listeners = new Set<() => void>();
  let pending: Promise<void> | undefined;
  let generation = 0;

  function update(next: Partial<FavouritesSnapshot>): void {
    snapshot = { ...snapshot, ...next };
    for (const listener of listeners) listener();
  }

  return {
    getSnapshot: (): FavouritesSnapshot => snapshot,

    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Loads the tools unless they are loaded or loading. */
    load(): Promise<void> {
      if (pending) return pending;
      if (snapshot.status === 'ready') return Promise.resolve();
      const started = generation;
      update({ status: 'loading', error: null });
      const request = deps
        .fetchTemplates()
        .then((templates) => {
          if (started === generation) update({ status: 'ready', templates, error: null });
        })
        .catch((error: unknown) => {
          if (started !== generation) return;
          if (!(error instanceof ApiError)) console.error('Could not load the tools', error);
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

    /** Toggles a tool's favourite flag; resolves false (and logs) when the server did not. */
    async toggle(slug: string): Promise<boolean> {
      if (snapshot.toggling.includes(slug)) return false;
      const started = generation;
      update({ toggling: [...snapshot.toggling, slug] });
      try {
        const favourite = await deps.toggleFavourite(slug);
        if (started !== generation) return false;
        update({
          templates: snapshot.templates.map((template) =>
            template.slug === slug ? { ...template, favourite } : template,
          ),
        });
        return true;
      } catch (error) {
        console.warn('Could not change a favourite', { slug, error });
        return false;
      } finally {
        if (started === generation) update({ toggling: snapshot.toggling.filter((other) => other !== slug) });
      }
    },

    reset(): void {
      generation += 1;
      pending = undefined;
      snapshot = INITIAL;
      for (const listener of listeners) listener();
    },
  };
}

export const favouritesStore = createFavouritesStore({ fetchTemplates, toggleFavourite });

// Signing out forgets the favourites.
subscribeSession(() => {
  if (!getSession() && favouritesStore.getSnapshot().status !== 'idle') favouritesStore.reset();
});

/** The tools and favourites for a component; loads them while someone is signed in. */
export function useFavourites(store: FavouritesStore = favouritesStore): FavouritesSnapshot {
  const signedIn = Boolean(useSession());
  useEffect(() => {
    if (signedIn) void store.load();
  }, [signedIn, store]);
  return useSyncExternalStore(store.subscribe, store.getSnapshot);
}
