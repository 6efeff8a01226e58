import { useSyncExternalStore } from 'react';
import { getSession, type Session, subscribeSession } from './session';

/** The current session; re-renders when the user logs in or out, in this tab or another. */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession);
}
