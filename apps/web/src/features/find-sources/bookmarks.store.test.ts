import type { Paper } from '@quire/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { createBookmarksStore } from './bookmarks.store';
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

/** A store over a fake gen service that keeps the bookmarks as the server would and toggles them. */
function harness(saved: Paper[] = []) {
  const server = new Map(saved.map((entry) => [entry.id, entry]));
  const state = { fail: false };
  const fetchBookmarked = vi.fn(async () => [...server.values()]);
  const toggleBookmark = vi.fn(async (id: string) => {
    if (state.fail) throw new ApiError({ code: 'request_failed', status: 0, message: 'offline' });
    if (server.delete(id)) return false;
    server.set(id, paper(id, { bookmarked: true }));
    return true;
  });
  const store = createBookmarksStore({ fetchBookmarked, toggleBookmark });
  const ids = () => store.getSnapshot().papers.map((entry) => entry.id);
  return { store, state, fetchBookmarked, toggleBookmark, ids };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('bookmarks store', () => {
  it('loads the bookmarked papers', async () => {
    const { store, ids } = harness([paper('a', { bookmarked: true }), paper('b', { bookmarked: true })]);
    expect(store.getSnapshot().status).toBe('idle');
    const loading = store.load();
    expect(store.getSnapshot().status).toBe('loading');
    await loading;
    expect(store.getSnapshot().status).toBe('ready');
    expect(ids()).toEqual(['a', 'b']);
  });

  it('bookmarking calls the server and then appends the paper, replacing an old entry with its id', async () => {
    const { store, toggleBookmark, ids } = harness([paper('a', { bookmarked: true })]);
    await store.load();
    expect(await store.toggle(paper('c'))).toBe(true);
    expect(toggleBookmark).toHaveBeenCalledWith('c');
    expect(ids()).toEqual(['a', 'c']);
    expect(store.getSnapshot().papers[1]?.bookmarked).toBe(true);
    expect(store.has('c')).toBe(true);
  });

  it('removing a bookmark removes it here once the server confirms', async () => {
    const { store, ids } = harness([paper('a', { bookmarked: true }), paper('b', { bookmarked: true })]);
    await store.load();
    expect(await store.toggle(paper('a'))).toBe(true);
    expect(ids()).toEqual(['b']);
    expect(store.has('a')).toBe(false);
  });

  it('a failed call returns false and keeps the local state', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { store, state, ids } = harness([paper('a', { bookmarked: true })]);
    await store.load();
    const before = store.getSnapshot();
    state.fail = true;
    expect(await store.toggle(paper('a'))).toBe(false);
    expect(await store.toggle(paper('b'))).toBe(false);
    expect(store.getSnapshot()).toBe(before);
    expect(ids()).toEqual(['a']);
  });

  it('replays a toggle confirmed while the list was loading over its answer', async () => {
    const { store, fetchBookmarked, ids } = harness();
    const answer = deferred<Paper[]>();
    fetchBookmarked.mockReturnValueOnce(answer.promise);
    const loading = store.load();
    expect(await store.toggle(paper('n'))).toBe(true);
    // The server read its list before the toggle reached it.
    answer.resolve([paper('old', { bookmarked: true })]);
    await loading;
    expect(ids()).toEqual(['old', 'n']);
  });

  it('says why the list could not be loaded, and keeps a loaded list when a refresh fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { store, fetchBookmarked, ids } = harness([paper('a', { bookmarked: true })]);
    fetchBookmarked.mockRejectedValueOnce(new ApiError({ code: 'internal_error', status: 500, message: 'Broken.' }));
    await store.load();
    expect(store.getSnapshot()).toMatchObject({ status: 'error', error: 'Broken.' });
    await store.load();
    expect(ids()).toEqual(['a']);
    fetchBookmarked.mockRejectedValueOnce(new ApiError({ code: 'internal_error', status: 500, message: 'Broken.' }));
    await store.load();
    expect(store.getSnapshot()).toMatchObject({ status: 'ready', error: null });
    expect(ids()).toEqual(['a']);
  });

  it('forgets everything on reset, dropping an answer that arrives afterwards', async () => {
    const { store, fetchBookmarked } = harness();
    const answer = deferred<Paper[]>();
    fetchBookmarked.mockReturnValueOnce(answer.promise);
    const loading = store.load();
    store.reset();
    answer.resolve([paper('a')]);
    await loading;
    expect(store.getSnapshot()).toEqual({ status: 'idle', papers: [], error: null });
  });
});
