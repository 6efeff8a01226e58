import type { Profile } from '@quire/contracts';
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../api/client';
import { translate } from '../../i18n/i18n';
import { setProfile } from '../auth/session';
import { fetchProfile } from './account.api';

export type ProfileState =
  | { kind: 'loading' }
  | { kind: 'error'; message: string }
  | { kind: 'ready'; profile: Profile };

/** The logged-in user's profile for the account page: loading, failed (with `reload`), or ready. */
export function useProfile() {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<ProfileState>({ kind: 'loading' });

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the reload trigger.
  useEffect(() => {
    const controller = new AbortController();
    setState({ kind: 'loading' });
    fetchProfile({ signal: controller.signal })
      .then((profile) => {
        setProfile(profile);
        setState({ kind: 'ready', profile });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (!(error instanceof ApiError)) console.error('Could not load the profile', error);
        setState({
          kind: 'error',
          message: error instanceof ApiError ? error.message : translate('errors:generic_error'),
        });
      });
    return () => controller.abort();
  }, [attempt]);

  const reload = useCallback(() => setAttempt((value) => value + 1), []);
  const replace = useCallback((profile: Profile) => {
    setProfile(profile);
    setState({ kind: 'ready', profile });
  }, []);
  return { state, reload, replace };
}
