import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { translate } from '../../i18n/i18n';

export type Remote<T> =
  | { kind: 'loading' }
  | { kind: 'error'; message: string; code: string | null }
  | { kind: 'ready'; value: T };

/**
 * Something the billing pages load from the server: loading, failed (with the server's translated message)
 * or ready. `key` names what is loaded; a new key (another checkout, another language) loads afresh. `reload`
 * asks again and keeps showing what is there meanwhile. `replace` takes a value the server answered elsewhere.
 */
export function useRemote<T>(key: string, load: (signal: AbortSignal) => Promise<T>) {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<Remote<T>>({ kind: 'loading' });
  const loadedKey = useRef<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` and `attempt` say when to load; `load` is a fresh closure each render.
  useEffect(() => {
    const controller = new AbortController();
    if (loadedKey.current !== key) setState({ kind: 'loading' });
    loadedKey.current = key;
    load(controller.signal)
      .then((value) => setState({ kind: 'ready', value }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (!(error instanceof ApiError)) console.error(`Could not load ${key}`, error);
        setState({
          kind: 'error',
          message: error instanceof ApiError ? error.message : translate('errors:generic_error'),
          code: error instanceof ApiError ? error.code : null,
        });
      });
    return () => controller.abort();
  }, [key, attempt]);

  const reload = useCallback(() => setAttempt((value) => value + 1), []);
  const replace = useCallback((value: T) => setState({ kind: 'ready', value }), []);
  return { state, reload, replace };
}
