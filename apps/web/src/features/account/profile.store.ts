import type { Profile } from '@quire/contracts';
import { useSyncExternalStore } from 'react';
import { getSession, setProfile, subscribeSession } from '../auth/session';
import { fetchProfile } from './account.api';

let profile: Profile | null = null;
let pending: Promise<Profile> | undefined;
const listeners = new Set<() => void>();

/**
 * The signed-in user's profile (words, plan), loaded once per page load and shared by the header, the account
 * page and the trial. Callers at the same time share one request; `fresh` asks the server again unless a
 * request is already under way. Also fills in the session's name and e-mail.
 */
export function loadProfile(options: { fresh?: boolean } = {}): Promise<Profile> {
  if (pending) return pending;
  if (profile && !options.fresh && getSession()) return Promise.resolve(profile);
  const request = fetchProfile()
    .then((loaded) => {
      storeProfile(loaded);
      return loaded;
    })
    .finally(() => {
      if (pending === request) pending = undefined;
    });
  pending = request;
  return request;
}

/** A profile the server answered with (an edit, the trial); ignored when nobody is signed in any more. */
export function storeProfile(next: Profile): void {
  if (!getSession()) return;
  profile = next;
  setProfile(next);
  notify();
}

/** Forgets the profile (the account was deleted; between tests). */
export function forgetProfile(): void {
  profile = null;
  pending = undefined;
  notify();
}

/** The profile while someone is signed in; null before it has loaded and for visitors. */
export function getProfileSnapshot(): Profile | null {
  return getSession() ? profile : null;
}

function subscribeProfile(listener: () => void): () => void {
  listeners.add(listener);
  const unsubscribeSession = subscribeSession(listener);
  return () => {
    listeners.delete(listener);
    unsubscribeSession();
  };
}

/** The profile for components; re-renders when it loads or changes, or the session ends. */
export function useAccountProfile(): Profile | null {
  return useSyncExternalStore(subscribeProfile, getProfileSnapshot);
}

function notify(): void {
  for (const listener of listeners) listener();
}
