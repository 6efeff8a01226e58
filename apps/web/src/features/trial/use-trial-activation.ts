import type { Profile } from '@quire/contracts';
import { useCallback, useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { translate } from '../../i18n/i18n';
import { storeProfile } from '../auth';
import { startTrial } from './trial.api';

/**
 * Activating the trial: idle, under way ("activating your test account"), refused because this account has
 * had a trial or a subscription (`unavailable`, with the server's message), or failed (try again).
 */
export type TrialActivationState =
  | { kind: 'idle' }
  | { kind: 'activating' }
  | { kind: 'unavailable'; message: string }
  | { kind: 'failed'; message: string };

/**
 * POST /api/auth/user/trial, one at a time. On success the shared profile (header meter, account page) takes
 * the trial's words and `onActivated` runs with the new profile.
 */
export function useTrialActivation(onActivated: (profile: Profile) => void) {
  const [state, setState] = useState<TrialActivationState>({ kind: 'idle' });
  const running = useRef(false);
  const latest = useRef(onActivated);
  latest.current = onActivated;

  const activate = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    setState({ kind: 'activating' });
    try {
      const profile = await startTrial();
      storeProfile(profile);
      latest.current(profile);
    } catch (error) {
      if (!(error instanceof ApiError)) console.error('Starting the trial failed', error);
      if (error instanceof ApiError && error.code === 'trial_unavailable') {
        setState({ kind: 'unavailable', message: error.message });
      } else {
        setState({ kind: 'failed', message: translate('errors:request_failed') });
      }
    } finally {
      running.current = false;
    }
  }, []);

  return { state, activate };
}
