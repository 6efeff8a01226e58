import type { OwnApp } from '@quire/contracts';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { errorOf, type LoadStatus, queryClient, statusOf } from '../../lib/query-client';
import { forgetOnSignOut, useSession } from '../auth';
import { reloadFavourites } from '../tools';
import { fetchOwnApps } from './own-apps.api';

export type OwnAppsSnapshot = {
  status: LoadStatus;
  /** Newest first, as the server lists them. */
  apps: OwnApp[];
  error: string | null;
};

export const ownAppsKeys = {
  all: ['own-apps'] as const,
  list: ['own-apps', 'list'] as const,
  app: (id: string) => ['own-apps', 'app', id] as const,
};

forgetOnSignOut(ownAppsKeys.all);

/**
 * The user's own applications for the sidebar and their pages: loaded once per session while someone is signed
 * in, then kept current by the editor, which reports each application it saved or deleted.
 */
export function useOwnApps(): OwnAppsSnapshot {
  const signedIn = Boolean(useSession());
  const query = useQuery({
    queryKey: ownAppsKeys.list,
    queryFn: () => fetchOwnApps(),
    enabled: signedIn,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return { status: statusOf(query), apps: query.data ?? [], error: errorOf(query) };
}

/** An application was created or changed: it replaces its old entry, or comes first as the newest. */
export function ownAppSaved(app: OwnApp, client: QueryClient = queryClient): void {
  client.setQueryData(ownAppsKeys.app(app.id), app);
  client.setQueryData<OwnApp[]>(ownAppsKeys.list, (apps) => {
    if (!apps) return apps;
    return apps.some((each) => each.id === app.id)
      ? apps.map((each) => (each.id === app.id ? app : each))
      : [app, ...apps];
  });
  // The tools list carries the applications' names and favourite flags: it is asked for again.
  reloadFavourites();
}

/** An application was deleted on the server. */
export function ownAppDeleted(id: string, client: QueryClient = queryClient): void {
  client.removeQueries({ queryKey: ownAppsKeys.app(id) });
  client.setQueryData<OwnApp[]>(ownAppsKeys.list, (apps) => apps?.filter((each) => each.id !== id));
  reloadFavourites();
}
