import { loadProfile } from './profile.store';
import { getSession } from './session';

/**
 * Fills in the name and e-mail of the session (header, error reports) when they are not known yet, through
 * the shared profile, so the header's words meter and the menu make one request between them. A failure is
 * logged and tried again by the next caller.
 */
export function loadSessionProfile(): Promise<void> {
  if (!getSession() || getSession()?.profile) return Promise.resolve();
  return loadProfile().then(
    () => undefined,
    (error: unknown) => console.warn('Could not load the profile', error),
  );
}
