import { useEffect, useSyncExternalStore } from 'react';
import { useSession } from '../auth/use-session';
import { type SourcesSnapshot, type SourcesStore, sourcesStore } from './sources.store';

/**
 * The signed-in user's library for a component: while it is mounted, the lists are loaded (afresh on every
 * mount) and kept current over the live connection, or by polling while that is down.
 */
export function useSources(store: SourcesStore = sourcesStore): SourcesSnapshot {
  const signedIn = Boolean(useSession());
  useEffect(() => (signedIn ? store.start() : undefined), [signedIn, store]);
  return useSyncExternalStore(store.subscribe, store.getSnapshot);
}
