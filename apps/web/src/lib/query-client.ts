import { notifyManager, QueryCache, QueryClient, type UseQueryResult } from '@tanstack/react-query';
import { ApiError } from '../api/client';
import { translate } from '../i18n/i18n';

// Components hear of a change in the same task (not a timer later), so an optimistic edit shows in the frame of
// the key press and the focus can follow it; React batches the renders anyway.
notifyManager.setScheduler((callback) => callback());

/**
 * The app's one cache of server state. No automatic retries or refetches on focus: a failure shows its
 * message and a retry button, as the pages did before the cache.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!(error instanceof ApiError)) console.error('Could not load', query.queryKey, error);
      },
    }),
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();

/** What a failed call tells the user: the server's translated message, or the generic one. */
export function failureOf(error: unknown): { message: string; code: string | null } {
  return error instanceof ApiError
    ? { message: error.message, code: error.code }
    : { message: translate('errors:generic_error'), code: null };
}

export type Remote<T> =
  | { kind: 'loading' }
  | { kind: 'error'; message: string; code: string | null }
  | { kind: 'ready'; value: T };

/** A query as the views show it: loading, failed with a message in the user's language, or ready. */
export function remoteOf<T>(query: UseQueryResult<T>): Remote<T> {
  if (query.status === 'error') return { kind: 'error', ...failureOf(query.error) };
  if (query.status === 'pending') return { kind: 'loading' };
  return { kind: 'ready', value: query.data };
}

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

/**
 * A list's status as the views show it: `idle` while nothing asks for it (nobody signed in), `loading` only
 * before the first answer; a later load that fails keeps what is shown.
 */
export function statusOf(query: UseQueryResult<unknown>): LoadStatus {
  if (query.data !== undefined) return 'ready';
  if (query.status === 'error') return 'error';
  return query.fetchStatus === 'idle' ? 'idle' : 'loading';
}

/** The translated reason a list could not be loaded, while it shows none. */
export function errorOf(query: UseQueryResult<unknown>): string | null {
  return query.data === undefined && query.status === 'error' ? failureOf(query.error).message : null;
}
