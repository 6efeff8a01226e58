import type { OwnApp } from '@quire/contracts';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../api/client';
import { failureOf, queryClient } from '../../lib/query-client';
import { fetchOwnApp } from './own-apps.api';
import { ownAppsKeys } from './own-apps.store';

export type OwnAppState =
  | { status: 'loading'; app: null; error: null }
  | { status: 'ready'; app: OwnApp; error: null }
  | { status: 'missing'; app: null; error: null }
  | { status: 'error'; app: null; error: string };

/**
 * One of the user's applications for its pages: shown at once when the sidebar's list has it, and loaded
 * afresh all the same; someone else's, or a deleted one, is missing.
 */
export function useOwnApp(id: string): OwnAppState {
  const query = useQuery({
    queryKey: ownAppsKeys.app(id),
    queryFn: ({ signal }) => fetchOwnApp(id, { signal }),
    initialData: () => queryClient.getQueryData<OwnApp[]>(ownAppsKeys.list)?.find((app) => app.id === id),
    // A copy from the list is shown, but the application is asked for all the same.
    initialDataUpdatedAt: 0,
  });
  if (query.status === 'error') {
    if (query.error instanceof ApiError && query.error.code === 'not_found') {
      return { status: 'missing', app: null, error: null };
    }
    if (query.data) return { status: 'ready', app: query.data, error: null };
    return { status: 'error', app: null, error: failureOf(query.error).message };
  }
  if (query.data) return { status: 'ready', app: query.data, error: null };
  return { status: 'loading', app: null, error: null };
}
