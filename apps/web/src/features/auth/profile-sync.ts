import { fetchProfile } from '../account/account.api';
import { getSession, setProfile } from './session';

let loading: Promise<void> | undefined;

/**
 * Fills in the name and e-mail of the session (header, error reports) when they are not known yet.
 * One request at a time; a failure is logged and tried again by the next caller.
 */
export function loadSessionProfile(): Promise<void> {
  if (!getSession() || getSession()?.profile) return Promise.resolve();
  loading ??= fetchProfile()
    .then((profile) => setProfile(profile))
    .catch((error: unknown) => console.warn('Could not load the profile', error))
    .finally(() => {
      loading = undefined;
    });
  return loading;
}
