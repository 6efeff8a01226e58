import type { OwnApp } from '@quire/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createQueryClient, queryClient } from '../../lib/query-client';
import { json, stubFetch } from '../../test/fetch-stub';
import { signIn } from '../../test/session';
import { clearSession } from '../auth';
import { ownAppDeleted, ownAppSaved, ownAppsKeys, useOwnApps } from './own-apps.store';

/** An application whose id ends in the given hex digit, as the contract's uuid slugs need. */
const id = (digit: string) => `00000000-0000-4000-8000-00000000000${digit}`;

const app = (digit: string, name: string): OwnApp => ({
  id: id(digit),
  slug: `own-${id(digit)}`,
  name,
  description: '',
  inputs: [{ key: 'term', label: 'Term', max_length: 100, multiline: false, required: true }],
  prompt: '{term}',
  created_at: '2026-03-01T09:00:00Z',
  updated_at: '2026-03-01T09:00:00Z',
});

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
);

describe('the own applications', () => {
  it('load once for all their users, only while someone is signed in', async () => {
    const { calls } = stubFetch((call) =>
      call.url.endsWith('/own_apps') ? json(200, { data: [app('a', 'Older')] }) : json(404, {}),
    );
    const visitor = renderHook(() => useOwnApps(), { wrapper });
    expect(visitor.result.current).toEqual({ status: 'idle', apps: [], error: null });
    visitor.unmount();
    signIn();
    const first = renderHook(() => useOwnApps(), { wrapper });
    const second = renderHook(() => useOwnApps(), { wrapper });
    await waitFor(() => expect(first.result.current.status).toBe('ready'));
    expect(second.result.current.apps.map((each) => each.name)).toEqual(['Older']);
    expect(calls.filter((call) => call.url.endsWith('/own_apps'))).toHaveLength(1);
    clearSession();
    await waitFor(() => expect(first.result.current).toEqual({ status: 'idle', apps: [], error: null }));
  });

  it('keep the server’s message when loading fails', async () => {
    stubFetch(() => json(503, { error: { code: 'service_unavailable', message: 'Try again later.' } }));
    signIn();
    const { result } = renderHook(() => useOwnApps(), { wrapper });
    await waitFor(() => expect(result.current).toMatchObject({ status: 'error', error: 'Try again later.' }));
  });

  it('put a new application first, replace a changed one and drop a deleted one', () => {
    const client = createQueryClient();
    client.setQueryData(ownAppsKeys.list, [app('a', 'Older')]);
    ownAppSaved(app('b', 'Newer'), client);
    ownAppSaved(app('a', 'Renamed'), client);
    expect(client.getQueryData<OwnApp[]>(ownAppsKeys.list)?.map((each) => each.name)).toEqual(['Newer', 'Renamed']);
    expect(client.getQueryData<OwnApp>(ownAppsKeys.app(id('a')))?.name).toBe('Renamed');
    ownAppDeleted(id('b'), client);
    expect(client.getQueryData<OwnApp[]>(ownAppsKeys.list)?.map((each) => each.id)).toEqual([id('a')]);
    expect(client.getQueryData(ownAppsKeys.app(id('b')))).toBeUndefined();
  });
});
