import type { TrialTerms } from '@quire/contracts';
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../api/client';
import { translate } from '../../i18n/i18n';
import { fetchTrialTerms } from './trial.api';

export type TrialTermsState =
  | { kind: 'loading' }
  | { kind: 'error'; message: string }
  | { kind: 'ready'; terms: TrialTerms };

/** The trial's terms for the /try page: loading, failed (with `reload`), or ready. */
export function useTrialTerms() {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<TrialTermsState>({ kind: 'loading' });

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the reload trigger.
  useEffect(() => {
    const controller = new AbortController();
    setState({ kind: 'loading' });
    fetchTrialTerms({ signal: controller.signal })
      .then((terms) => setState({ kind: 'ready', terms }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (!(error instanceof ApiError)) console.error('Could not load the trial terms', error);
        setState({
          kind: 'error',
          message: error instanceof ApiError ? error.message : translate('errors:generic_error'),
        });
      });
    return () => controller.abort();
  }, [attempt]);

  const reload = useCallback(() => setAttempt((value) => value + 1), []);
  return { state, reload };
}
