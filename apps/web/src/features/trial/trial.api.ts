import type { Profile, TrialTerms } from '@quire/contracts';
import { api } from '../../api/client';

/** GET /api/auth/trial: how many days and words the 'Pro' trial gives. Public. */
export function fetchTrialTerms(options: { signal?: AbortSignal } = {}): Promise<TrialTerms> {
  return api.get<TrialTerms>('/auth/trial', { ...options, anonymous: true });
}

/** POST /api/auth/user/trial: starts the trial (201, the profile on the trial plan); 409 when already used. */
export function startTrial(): Promise<Profile> {
  return api.post<Profile>('/auth/user/trial');
}
