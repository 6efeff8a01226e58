import { accountsEndpoints as endpoints, type Profile } from '@quire/contracts';
import { call } from '../../api/call';

/** The logged-in user's profile, words and subscription. */
export function fetchProfile(options: { signal?: AbortSignal } = {}): Promise<Profile> {
  return call(endpoints.profile, {}, options);
}
