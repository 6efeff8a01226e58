import type { Profile } from '@quire/contracts';
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../api/client';
import { translate } from '../../i18n/i18n';
import { loadProfile, storeProfile } from '../auth';

export type ProfileState =
  | { kind: 'loading' }
  | { kind: 'error'; message: string }
  | { kind: 'ready'; profile: Profile };

/**
 * The logged-in user's profile for the account page, asked afresh on every visit (sharing the header's
 * request when one is under way): loading, failed (with `reload`), or ready.
 */
export function useProfile() {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<ProfileState>({ kind: 'loading' });

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the reload trigger.
  useEffect(() => {
    let live = true;
    setState({ kind: 'loading' });
    loadProfile({ fresh: true })
      .then((profile) => {
        if (live) setState({ kind: 'ready', profile });
      })
      .catch((error: unknown) => {
        if (!live) return;
        if (!(error instanceof ApiError)) console.error('Could not load the profile', error);
        setState({
          kind: 'error',
          message: error instanceof ApiError ? error.message : translate('errors:generic_error'),
        });
      });
    return () => {
      live = false;
    };
  }, [attempt]);

  const reload = useCallback(() => setAttempt((value) => value + 1), []);
  const replace = useCallback((profile: Profile) => {
    storeProfile(profile);
    setState({ kind: 'ready', profile });
  }, []);
  return { state, reload, replace };
}
