import { accountsEndpoints as endpoints, type Profile, type TrialTerms } from '@quire/contracts';
import { call } from '../../api/call';

/** How many days and words the 'Pro' trial gives. Public. */
export function fetchTrialTerms(options: { signal?: AbortSignal } = {}): Promise<TrialTerms> {
  return call(endpoints.trialTerms, {}, { ...options, anonymous: true });
}

/** Starts the trial (201, the profile on the trial plan); 409 when already used. */
export function startTrial(): Promise<Profile> {
  return call(endpoints.startTrial, {});
}
