import type { Profile } from '@quire/contracts';
import { useQuery } from '@tanstack/react-query';
import { queryClient } from '../../lib/query-client';
import { fetchProfile } from './profile.api';
import { getSession, setProfile, subscribeSession } from './session';
import { useSession } from './use-session';

export const profileKeys = { profile: ['account', 'profile'] as const };

async function loadAndShare(): Promise<Profile> {
  const loaded = await fetchProfile();
  // An answer that arrives after the sign-out is not shown to the next visitor.
  if (getSession()) setProfile(loaded);
  return loaded;
}

/**
 * The signed-in user's profile (words, plan), loaded once per page load and shared by the header, the account
 * page and the trial. Callers at the same time share one request; `fresh` asks the server again unless a
 * request is already under way. Also fills in the session's name and e-mail.
 */
export function loadProfile(options: { fresh?: boolean } = {}): Promise<Profile> {
  const known = getProfileSnapshot();
  if (known && !options.fresh && !queryClient.isFetching({ queryKey: profileKeys.profile })) {
    return Promise.resolve(known);
  }
  return queryClient.fetchQuery({ queryKey: profileKeys.profile, queryFn: loadAndShare, staleTime: 0 });
}

/** A profile the server answered with (an edit, the trial); ignored when nobody is signed in any more. */
export function storeProfile(next: Profile): void {
  if (!getSession()) return;
  queryClient.setQueryData(profileKeys.profile, next);
  setProfile(next);
}

/** Forgets the profile (the account was deleted; between tests). */
export function forgetProfile(): void {
  void queryClient.resetQueries({ queryKey: profileKeys.profile });
}

/** The profile while someone is signed in; null before it has loaded and for visitors. */
export function getProfileSnapshot(): Profile | null {
  return getSession() ? (queryClient.getQueryData<Profile>(profileKeys.profile) ?? null) : null;
}

/** The profile for components; re-renders when it loads or changes, or the session ends. Loads nothing itself. */
export function useAccountProfile(): Profile | null {
  const signedIn = Boolean(useSession());
  const { data } = useQuery({ queryKey: profileKeys.profile, queryFn: loadAndShare, enabled: false });
  return signedIn ? (data ?? null) : null;
}

// Signing out forgets the profile at once.
subscribeSession(() => {
  if (!getSession()) forgetProfile();
});
