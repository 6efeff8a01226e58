import type { OwnApp } from '@quire/contracts';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { createOwnAppsStore } from './own-apps.store';

const app = (id: string, name: string): OwnApp => ({
  id,
  slug: `own-${id}`,
  name,
  description: '',
  inputs: [{ key: 'term', label: 'Term', max_length: 100, multiline: false, required: true }],
  prompt: '{term}',
  created_at: '2026-03-01T09:00:00Z',
  updated_at: '2026-03-01T09:00:00Z',
});

describe('the own applications store', () => {
  it('loads once, puts a new application first, replaces a changed one and drops a deleted one', async () => {
    const fetchOwnApps = vi.fn(async () => [app('a', 'Older')]);
    const onChange = vi.fn();
    const store = createOwnAppsStore({ fetchOwnApps, onChange });
    await Promise.all([store.load(), store.load()]);
    await store.load();
    expect(fetchOwnApps).toHaveBeenCalledOnce();

    store.saved(app('b', 'Newer'));
    store.saved(app('a', 'Renamed'));
    expect(store.getSnapshot().apps.map((each) => each.name)).toEqual(['Newer', 'Renamed']);
    store.deleted('b');
    expect(store.getSnapshot().apps.map((each) => each.id)).toEqual(['a']);
    expect(onChange).toHaveBeenCalledTimes(3);
  });

  it('keeps the server’s message when loading fails, and forgets everything on reset', async () => {
    const failure = new ApiError({ code: 'service_unavailable', status: 503, message: 'Try again later.' });
    const store = createOwnAppsStore({ fetchOwnApps: () => Promise.reject(failure) });
    await store.load();
    expect(store.getSnapshot()).toMatchObject({ status: 'error', error: 'Try again later.' });
    store.reset();
    expect(store.getSnapshot()).toEqual({ status: 'idle', apps: [], error: null });
  });
});
