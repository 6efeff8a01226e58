import type { Source } from '@quire/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { aSource } from '../../test/sources';
import type { LiveHandlers } from './live';
import { createSourcesStore, POLL_INTERVAL_MS } from './sources.store';

type Deferred<T> = { promise: Promise<T>; resolve: (value: T) => void; reject: (error: unknown) => void };
function deferred<T>(): Deferred<T> {
  let resolve: (value: T) => void = () => {};
  let reject: (error: unknown) => void = () => {};
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

const doc = (id: string, extra: Partial<Source> = {}) => aSource({ id, name: `${id}.pdf`, type: 'document', ...extra });
const site = (id: string, extra: Partial<Source> = {}) => aSource({ id, name: id, type: 'website', ...extra });

/** A store over a fake document service whose lists the test edits, and a live connection it drives. */
function harness(lists: { documents?: Source[]; websites?: Source[] } = {}) {
  const server = { documents: lists.documents ?? [], websites: lists.websites ?? [] };
  const fetchDocuments = vi.fn(async () => server.documents);
  const fetchWebsites = vi.fn(async () => server.websites);
  const deleteSource = vi.fn(async (_id: string) => {});
  const bookmarks = new Set<string>();
  /** The server's bookmarks; while `bookmarking.fail` is set, toggling fails. */
  const bookmarking = { fail: false };
  const toggleBookmark = vi.fn(async (id: string) => {
    if (bookmarking.fail) throw new ApiError({ code: 'internal_error', status: 500, message: 'Something went wrong.' });
    if (!bookmarks.delete(id)) bookmarks.add(id);
    return bookmarks.has(id);
  });
  let handlers: LiveHandlers | undefined;
  const disconnect = vi.fn();
  const connect = vi.fn((given: LiveHandlers) => {
    handlers = given;
    return disconnect;
  });
  const store = createSourcesStore({ fetchDocuments, fetchWebsites, deleteSource, toggleBookmark, connect });
  const live = (): LiveHandlers => {
    if (!handlers) throw new Error('the store has not connected');
    return handlers;
  };
  const shown = () => store.getSnapshot().sources.map((source) => source.id);
  return {
    server,
    store,
    fetchDocuments,
    fetchWebsites,
    deleteSource,
    toggleBookmark,
    bookmarking,
    connect,
    disconnect,
    live,
    shown,
  };
}

const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('sources store: loading', () => {
  it('loads documents and websites separately and offers them together, each tagged with its type', async () => {
    const { store, fetchDocuments, fetchWebsites, shown } = harness({
      documents: [doc('d1'), doc('d2')],
      websites: [site('w1')],
    });
    expect(store.getSnapshot().status).toBe('idle');
    store.start();
    expect(store.getSnapshot().status).toBe('loading');
    await settle();
    expect(fetchDocuments).toHaveBeenCalledTimes(1);
    expect(fetchWebsites).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot()).toMatchObject({ status: 'ready', error: null });
    expect(shown()).toEqual(['d1', 'd2', 'w1']);
    expect(store.getSnapshot().sources.map((source) => source.type)).toEqual(['document', 'document', 'website']);
  });

  it('loads and connects for the first user only, and disconnects after the last one', async () => {
    const { store, fetchDocuments, connect, disconnect } = harness();
    const stopFirst = store.start();
    const stopSecond = store.start();
    await settle();
    expect(fetchDocuments).toHaveBeenCalledTimes(1);
    expect(connect).toHaveBeenCalledTimes(1);
    stopFirst();
    stopFirst();
    expect(disconnect).not.toHaveBeenCalled();
    stopSecond();
    expect(disconnect).toHaveBeenCalledTimes(1);
  });

  it('shows the translated reason when the lists cannot be loaded, and loads them on retry', async () => {
    const { store, server, fetchWebsites } = harness();
    const down = new ApiError({ code: 'service_unavailable', status: 503, message: 'Temporarily unavailable' });
    fetchWebsites.mockRejectedValueOnce(down);
    store.start();
    await settle();
    expect(store.getSnapshot()).toMatchObject({ status: 'error', error: 'Temporarily unavailable' });
    server.websites = [site('w1')];
    await store.reload();
    expect(store.getSnapshot()).toMatchObject({ status: 'ready', error: null });
    expect(store.getSnapshot().websites.map((source) => source.id)).toEqual(['w1']);
  });

  it('drops an answer that arrives after the store was reset (the user signed out)', async () => {
    const { store, fetchDocuments } = harness();
    const slow = deferred<Source[]>();
    fetchDocuments.mockReturnValueOnce(slow.promise);
    store.start();
    store.reset();
    slow.resolve([doc('someone-elses')]);
    await settle();
    expect(store.getSnapshot().documents).toEqual([]);
  });
});

describe('sources store: adding and removing (spec §4)', () => {
  it('adds an uploaded source at the end, replacing an entry with the same id', async () => {
    const { store, shown } = harness({ documents: [doc('d1'), doc('d2')] });
    store.start();
    await settle();
    store.add(site('w1', { state: 'processing' }));
    store.add(doc('d1', { name: 'again.pdf' }));
    expect(shown()).toEqual(['d2', 'd1', 'w1']);
    expect(store.getSnapshot().documents.at(-1)?.name).toBe('again.pdf');
  });

  it('keeps the entry of a live update that overtook the upload’s answer', async () => {
    const { store, live } = harness();
    store.start();
    await settle();
    live().onEvent({ type: 'source.updated', source: doc('d9', { state: 'usable', progress: 100 }) });
    store.add(doc('d9', { state: 'processing', progress: 0 }));
    expect(store.getSnapshot().documents).toEqual([expect.objectContaining({ id: 'd9', state: 'usable' })]);
  });

  it('removes a source only once the server has deleted it', async () => {
    const { store, deleteSource, shown } = harness({ documents: [doc('d1')], websites: [site('w1')] });
    store.start();
    await settle();
    const answer = deferred<void>();
    deleteSource.mockReturnValueOnce(answer.promise);
    const removal = store.remove('w1');
    expect(deleteSource).toHaveBeenCalledWith('w1');
    expect(shown()).toEqual(['d1', 'w1']);
    answer.resolve();
    await removal;
    expect(shown()).toEqual(['d1']);
  });

  it('keeps the source and passes the failure on when the server refuses', async () => {
    const { store, deleteSource, shown } = harness({ documents: [doc('d1')] });
    store.start();
    await settle();
    const refusal = new ApiError({ code: 'internal_error', status: 500, message: 'Something went wrong' });
    deleteSource.mockRejectedValueOnce(refusal);
    await expect(store.remove('d1')).rejects.toBe(refusal);
    expect(shown()).toEqual(['d1']);
  });

  it('drops a source the server no longer has (404: deleted elsewhere)', async () => {
    const { store, deleteSource, shown } = harness({ documents: [doc('d1'), doc('d2')] });
    store.start();
    await settle();
    deleteSource.mockRejectedValueOnce(new ApiError({ code: 'not_found', status: 404, message: 'Not found' }));
    await store.remove('d1');
    expect(shown()).toEqual(['d2']);
  });

  it('keeps changes made while a load was under way', async () => {
    const { store, fetchDocuments, live, shown } = harness();
    const slow = deferred<Source[]>();
    fetchDocuments.mockReturnValueOnce(slow.promise);
    store.start();
    store.add(doc('uploaded'));
    live().onEvent({ type: 'source.deleted', id: 'gone' });
    live().onEvent({ type: 'source.updated', source: doc('d1', { state: 'usable' }) });
    slow.resolve([doc('gone'), doc('d1', { state: 'processing', progress: 30 })]);
    await settle();
    expect(shown()).toEqual(['d1', 'uploaded']);
    expect(store.getSnapshot().documents[0]?.state).toBe('usable');
  });
});

describe('sources store: bookmarks (spec §4)', () => {
  it('sets the flag once the server confirms, keeping the source in its place; a second toggle clears it', async () => {
    const { store, toggleBookmark, shown } = harness({ documents: [doc('d1'), doc('d2')], websites: [site('w1')] });
    store.start();
    await settle();
    expect(await store.toggleBookmark('d1')).toBe(true);
    expect(toggleBookmark).toHaveBeenCalledWith('d1');
    expect(shown()).toEqual(['d1', 'd2', 'w1']);
    expect(store.getSnapshot().sources.map((source) => source.bookmarked)).toEqual([true, false, false]);
    expect(await store.toggleBookmark('d1')).toBe(true);
    expect(store.getSnapshot().sources.map((source) => source.bookmarked)).toEqual([false, false, false]);
  });

  it('changes nothing and resolves false when the call fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { store, bookmarking } = harness({ documents: [doc('d1', { bookmarked: true })] });
    store.start();
    await settle();
    const before = store.getSnapshot();
    bookmarking.fail = true;
    expect(await store.toggleBookmark('d1')).toBe(false);
    expect(store.getSnapshot()).toBe(before);
    expect(store.getSnapshot().sources[0]?.bookmarked).toBe(true);
    expect(warn).toHaveBeenCalled();
  });

  it('keeps a bookmark confirmed while the lists were loading', async () => {
    const { store, fetchDocuments } = harness();
    const answer = deferred<Source[]>();
    fetchDocuments.mockReturnValueOnce(answer.promise);
    store.start();
    await settle();
    // The server read the list before the toggle reached it.
    expect(await store.toggleBookmark('d1')).toBe(true);
    answer.resolve([doc('d1')]);
    await settle();
    expect(store.getSnapshot().status).toBe('ready');
    expect(store.getSnapshot().sources.map((source) => [source.id, source.bookmarked])).toEqual([['d1', true]]);
  });
});

describe('sources store: live events', () => {
  it('updates a source in place as its processing goes on', async () => {
    const { store, live, shown } = harness({ documents: [doc('d1', { state: 'processing', progress: 0 }), doc('d2')] });
    store.start();
    await settle();
    live().onReady();
    live().onEvent({ type: 'source.updated', source: doc('d1', { state: 'processing', progress: 45 }) });
    expect(store.getSnapshot().documents[0]).toMatchObject({ id: 'd1', progress: 45 });
    live().onEvent({ type: 'source.updated', source: doc('d1', { state: 'usable', progress: 100 }) });
    expect(shown()).toEqual(['d1', 'd2']);
    expect(store.getSnapshot().sources[0]?.state).toBe('usable');
  });

  it('asks for the lists again when the connection comes back, since events may have been missed', async () => {
    const { store, live, fetchDocuments } = harness({ documents: [doc('d1')] });
    store.start();
    await settle();
    live().onReady();
    await settle();
    expect(fetchDocuments).toHaveBeenCalledTimes(1);
    live().onDown();
    live().onReady();
    await settle();
    expect(fetchDocuments).toHaveBeenCalledTimes(2);
  });
});

describe('sources store: polling while the live connection is down', () => {
  it('polls every 3 s while a source is processing, and stops once none is', async () => {
    const { store, server, fetchDocuments, fetchWebsites } = harness({
      documents: [doc('d1', { state: 'processing', progress: 10 })],
    });
    store.start();
    await settle();
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS - 1);
    expect(fetchDocuments).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchDocuments).toHaveBeenCalledTimes(2);
    expect(fetchWebsites).toHaveBeenCalledTimes(2);
    server.documents = [doc('d1', { state: 'processing', progress: 60 })];
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(fetchDocuments).toHaveBeenCalledTimes(3);
    expect(store.getSnapshot().documents[0]?.progress).toBe(60);
    server.documents = [doc('d1', { state: 'usable', progress: 100 })];
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(fetchDocuments).toHaveBeenCalledTimes(4);
    expect(store.getSnapshot().documents[0]?.state).toBe('usable');
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 5);
    expect(fetchDocuments).toHaveBeenCalledTimes(4);
  });

  it('does not poll when nothing is processing', async () => {
    const { store, fetchDocuments } = harness({ documents: [doc('d1'), doc('d2', { state: 'failed' })] });
    store.start();
    await settle();
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 5);
    expect(fetchDocuments).toHaveBeenCalledTimes(1);
  });

  it('starts polling when an added source is processing', async () => {
    const { store, fetchWebsites } = harness();
    store.start();
    await settle();
    store.add(site('w1', { state: 'processing', progress: 0 }));
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(fetchWebsites).toHaveBeenCalledTimes(2);
  });

  it('stops while the live connection is up and starts again when it drops', async () => {
    const { store, live, fetchDocuments } = harness({ documents: [doc('d1', { state: 'processing' })] });
    store.start();
    await settle();
    live().onReady();
    // Coming up with something processing asks once, in case an event was sent before the subscription.
    await settle();
    expect(fetchDocuments).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 4);
    expect(fetchDocuments).toHaveBeenCalledTimes(2);
    expect(store.getSnapshot().live).toBe(true);

    live().onDown();
    expect(store.getSnapshot().live).toBe(false);
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(fetchDocuments).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(fetchDocuments).toHaveBeenCalledTimes(4);
  });

  it('keeps the lists and goes on polling when a poll fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { store, fetchDocuments, shown } = harness({ documents: [doc('d1', { state: 'processing' })] });
    store.start();
    await settle();
    fetchDocuments.mockRejectedValueOnce(new ApiError({ code: 'request_failed', status: 0, message: 'offline' }));
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(store.getSnapshot().status).toBe('ready');
    expect(shown()).toEqual(['d1']);
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(fetchDocuments).toHaveBeenCalledTimes(3);
  });

  it('stops polling when nobody shows the lists any more', async () => {
    const { store, fetchDocuments } = harness({ documents: [doc('d1', { state: 'processing' })] });
    const stop = store.start();
    await settle();
    stop();
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 3);
    expect(fetchDocuments).toHaveBeenCalledTimes(1);
  });
});
