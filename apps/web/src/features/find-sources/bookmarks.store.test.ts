import type { Paper } from '@quire/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { createQueryClient } from '../../lib/query-client';
import { bookmarksKeys, bookmarksQuery, toggleBookmarkOf } from './bookmarks.store';
import { aPaper } from './test-papers';

type Deferred<T> = { promise: Promise<T>; resolve: (value: T) => void };
function deferred<T>(): Deferred<T> {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((yes) => {
    resolve = yes;
  });
  return { promise, resolve };
}

const paper = (id: string, extra: Partial<Paper> = {}) => aPaper({ id, title: id, ...extra });

/** A query cache over a fake gen service that keeps the bookmarks as the server would and toggles them. */
function harness(saved: Paper[] = []) {
  const server = new Map(saved.map((entry) => [entry.id, entry]));
  const state = { fail: false };
  const client = createQueryClient();
  const fetchBookmarked = vi.fn(async (_options?: { signal?: AbortSignal }) => [...server.values()]);
  const toggle = vi.fn(async (id: string) => {
    if (state.fail) throw new ApiError({ code: 'request_failed', status: 0, message: 'offline' });
    if (server.delete(id)) return false;
    server.set(id, paper(id, { bookmarked: true }));
    return true;
  });
  const load = () => client.fetchQuery(bookmarksQuery(fetchBookmarked));
  const list = () => client.getQueryData<Paper[]>(bookmarksKeys.list);
  const ids = () => list()?.map((entry) => entry.id);
  return { client, state, fetchBookmarked, toggle, load, list, ids };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('bookmarks', () => {
  it('bookmarking calls the server and then appends the paper, replacing an old entry with its id', async () => {
    const { client, toggle, load, list, ids } = harness([paper('a', { bookmarked: true })]);
    await load();
    expect(await toggleBookmarkOf(paper('c'), { client, toggle })).toBe(true);
    expect(toggle).toHaveBeenCalledWith('c');
    expect(ids()).toEqual(['a', 'c']);
    expect(list()?.[1]?.bookmarked).toBe(true);
  });

  it('removing a bookmark removes it here once the server confirms', async () => {
    const { client, toggle, load, ids } = harness([paper('a', { bookmarked: true }), paper('b', { bookmarked: true })]);
    await load();
    expect(await toggleBookmarkOf(paper('a'), { client, toggle })).toBe(false);
    expect(ids()).toEqual(['b']);
  });

  it('a failed call resolves null and keeps the local state', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { client, state, toggle, load, list, ids } = harness([paper('a', { bookmarked: true })]);
    await load();
    const before = list();
    state.fail = true;
    expect(await toggleBookmarkOf(paper('a'), { client, toggle })).toBeNull();
    expect(await toggleBookmarkOf(paper('b'), { client, toggle })).toBeNull();
    expect(list()).toBe(before);
    expect(ids()).toEqual(['a']);
  });

  it('replays a toggle confirmed while the list was loading over its answer', async () => {
    const { client, fetchBookmarked, toggle, ids } = harness([paper('old', { bookmarked: true })]);
    const stale = deferred<Paper[]>();
    fetchBookmarked.mockReturnValueOnce(stale.promise);
    void client.prefetchQuery(bookmarksQuery(fetchBookmarked));
    const toggled = toggleBookmarkOf(paper('n'), { client, toggle });
    // The server read its list before the toggle reached it.
    await vi.waitFor(() => expect(toggle).toHaveBeenCalledOnce());
    stale.resolve([paper('old', { bookmarked: true })]);
    expect(await toggled).toBe(true);
    expect(ids()).toEqual(['old', 'n']);
    expect(fetchBookmarked).toHaveBeenCalledOnce();
  });
});
