import { useEffect, useSyncExternalStore } from 'react';
import { queryClient } from '../../lib/query-client';
import { connectLive } from './live';
import { applySourceChange, cachedLists, sourcesKeys } from './sources.cache';
import { hasProcessing } from './sources.state';

/**
 * One live connection for the whole app, open while any component shows the library: its events are written
 * into the cached lists. `live` says whether it is up, so the lists are polled while it is not.
 */
let users = 0;
let disconnect: (() => void) | undefined;
let live = false;
const listeners = new Set<() => void>();

function setLive(next: boolean): void {
  if (live === next) return;
  live = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function isLive(): boolean {
  return live;
}

function open(): void {
  let opened = false;
  disconnect = connectLive({
    onEvent: (event) => applySourceChange({ kind: 'live', event }),
    onReady: () => {
      const reopened = opened;
      opened = true;
      setLive(true);
      // Events sent while there was no connection (or before the subscription) are lost: the lists are asked again.
      const lists = cachedLists();
      if (lists && (reopened || hasProcessing(lists)))
        void queryClient.invalidateQueries({ queryKey: sourcesKeys.lists }, { cancelRefetch: false });
    },
    onDown: () => setLive(false),
  });
}

/** A user of the library appears; returns its stop, which closes the connection after the last one. */
function start(): () => void {
  users += 1;
  if (users === 1) open();
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    users -= 1;
    if (users > 0) return;
    disconnect?.();
    disconnect = undefined;
    setLive(false);
  };
}

/** Keeps the live connection open while the component is mounted and `enabled`; whether it is up. */
export function useLiveSources(enabled: boolean): boolean {
  useEffect(() => (enabled ? start() : undefined), [enabled]);
  return useSyncExternalStore(subscribe, isLive);
}
