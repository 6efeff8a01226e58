import type { OwnApp } from '@quire/contracts';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { forgetOnSignOut } from '../auth';
import { fetchOwnApps } from './history.api';
import { type HistoryParams, readHistoryParams, writeHistoryParams } from './history-params';

/**
 * The history's filter and search, read from and written to the URL (?tool=&q=). A new filter is a new entry
 * in the browser history; the search while typing replaces the current one, so Back is not a list of letters.
 */
export function useHistoryParams(): [HistoryParams, (params: HistoryParams, typing: boolean) => void] {
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => readHistoryParams(search), [search]);
  const update = useCallback(
    (next: HistoryParams, typing: boolean) =>
      setSearch((current) => writeHistoryParams(current, next), { replace: typing }),
    [setSearch],
  );
  return [params, update];
}

const OWN_APPS_KEY = ['history', 'own-apps'] as const;
forgetOnSignOut(OWN_APPS_KEY);

/** The user's own applications for the tool filter; without them (none, or not loaded) the filter has the built-in tools. */
export function useOwnApps(): OwnApp[] {
  const { data } = useQuery({
    queryKey: OWN_APPS_KEY,
    queryFn: ({ signal }) =>
      fetchOwnApps({ signal }).catch((error: unknown) => {
        // The filter still works with the built-in tools; the history itself names own applications.
        if (!(error instanceof ApiError)) throw error;
        console.warn('Could not load the own applications', error.code);
        return [];
      }),
  });
  return data ?? NO_APPS;
}

const NO_APPS: OwnApp[] = [];
