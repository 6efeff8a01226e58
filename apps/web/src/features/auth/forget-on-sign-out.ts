import type { QueryKey } from '@tanstack/react-query';
import { queryClient } from '../../lib/query-client';
import { getSession, subscribeSession } from './session';

/** One account's server state leaves the cache the moment it signs out: nothing of it is shown to the next. */
export function forgetOnSignOut(queryKey: QueryKey): void {
  subscribeSession(() => {
    if (!getSession()) queryClient.removeQueries({ queryKey });
  });
}
