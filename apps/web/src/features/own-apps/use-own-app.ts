import type { OwnApp } from '@quire/contracts';
import { useEffect, useState } from 'react';
import { ApiError } from '../../api/client';
import { translate } from '../../i18n/i18n';
import { fetchOwnApp } from './own-apps.api';
import { type OwnAppsStore, ownAppsStore } from './own-apps.store';

export type OwnAppState =
  | { status: 'loading'; app: null; error: null }
  | { status: 'ready'; app: OwnApp; error: null }
  | { status: 'missing'; app: null; error: null }
  | { status: 'error'; app: null; error: string };

/**
 * One of the user's applications for its pages: shown at once when the sidebar's list has it, and loaded
 * afresh all the same; someone else's, or a deleted one, is missing.
 */
export function useOwnApp(
  id: string,
  { store = ownAppsStore, load = fetchOwnApp }: { store?: OwnAppsStore; load?: typeof fetchOwnApp } = {},
): OwnAppState {
  const [state, setState] = useState<OwnAppState>(() => {
    const known = store.getSnapshot().apps.find((app) => app.id === id);
    return known ? { status: 'ready', app: known, error: null } : { status: 'loading', app: null, error: null };
  });

  useEffect(() => {
    const controller = new AbortController();
    load(id, { signal: controller.signal })
      .then((app) => setState({ status: 'ready', app, error: null }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.code === 'not_found') {
          setState({ status: 'missing', app: null, error: null });
          return;
        }
        if (!(error instanceof ApiError)) console.error('Could not load an own application', { id, error });
        setState((current) =>
          current.status === 'ready'
            ? current
            : {
                status: 'error',
                app: null,
                error: error instanceof ApiError ? error.message : translate('errors:generic_error'),
              },
        );
      });
    return () => controller.abort();
  }, [id, load]);

  return state;
}
