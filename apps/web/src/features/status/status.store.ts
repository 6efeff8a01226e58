import { type ServerStatus, statusEndpoints } from '@quire/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/call';
import { queryClient } from '../../lib/query-client';

/** How long one answer of the server status is reused. */
export const STATUS_TTL_MS = 30_000;
/** A status check never holds a page longer than this; a slow server counts as "no maintenance". */
export const STATUS_TIMEOUT_MS = 4_000;

export const statusKeys = { status: ['status'] as const };

/**
 * The server's maintenance flag and banner, cached for 30 s. Resolves to null when the status is
 * unknown (the call failed): the site then behaves as if there were no maintenance.
 */
export function loadServerStatus(): Promise<ServerStatus | null> {
  return queryClient.fetchQuery({ queryKey: statusKeys.status, queryFn: fetchStatus, staleTime: STATUS_TTL_MS });
}

/** The last known status, for the banner; null before the first answer or after a failure. */
export function getServerStatusSnapshot(): ServerStatus | null {
  return queryClient.getQueryData<ServerStatus | null>(statusKeys.status) ?? null;
}

/** Marks the cached status as old, so the next check asks the server again (the maintenance page's retry). */
export function invalidateServerStatus(): void {
  void queryClient.invalidateQueries({ queryKey: statusKeys.status, refetchType: 'none' });
}

/** The last known status for components; asks for nothing itself (the page guards do). */
export function useServerStatus(): ServerStatus | null {
  const { data } = useQuery({ queryKey: statusKeys.status, queryFn: fetchStatus, enabled: false });
  return data ?? null;
}

/** A status the server could not give, or gave in a shape its contract does not allow, counts as unknown. */
async function fetchStatus(): Promise<ServerStatus | null> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), STATUS_TIMEOUT_MS);
  try {
    return await call(statusEndpoints.status, {}, { signal: controller.signal });
  } catch (error) {
    console.warn('Server status unknown', error);
    return null;
  } finally {
    clearTimeout(timer);
  }
}
