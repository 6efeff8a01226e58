import type { Source } from '@quire/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '../../test/fake-websocket';
import { json, type StubbedCall, stubFetch } from '../../test/fetch-stub';
import { act, renderHook } from '../../test/render';
import { signIn } from '../../test/session';
import { aSource } from '../../test/sources';
import { clearSession } from '../auth';
import {
  loadedSources,
  POLL_INTERVAL_MS,
  reloadSources,
  sourceAdded,
  useDeleteSource,
  useLoadedSources,
  useSources,
  useToggleSourceBookmark,
} from './sources.queries';

type Deferred<T> = { promise: Promise<T>; resolve: (value: T) => void };
function deferred<T>(): Deferred<T> {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((yes) => {
    resolve = yes;
  });
  return { promise, resolve };
}

const doc = (id: string, extra: Partial<Source> = {}) => aSource({ id, name: `${id}.pdf`, type: 'document', ...extra });
const site = (id: string, extra: Partial<Source> = {}) => aSource({ id, name: id, type: 'website', ...extra });
const failure = (status: number, code: string, message: string) => json(status, { error: { code, message } });

type Answer = (call: StubbedCall) => Response | Promise<Response>;

/**
 * A document service whose lists the test edits, over the real API client. `next` answers the next call of a
 * route instead of the lists (a slow answer, a failure); the gen service toggles bookmarks.
 */
function serveLibrary(lists: { documents?: Source[]; websites?: Source[] } = {}) {
  const server = { documents: lists.documents ?? [], websites: lists.websites ?? [] };
  const next: { documents: Answer[]; websites: Answer[]; remove: Answer[]; bookmark: Answer[] } = {
    documents: [],
    websites: [],
    remove: [],
    bookmark: [],
  };
  const bookmarks = new Set<string>();
  const { calls } = stubFetch((call) => {
    if (call.url === '/doc/documents') return next.documents.shift()?.(call) ?? json(200, { data: server.documents });
    if (call.url === '/doc/websites') return next.websites.shift()?.(call) ?? json(200, { data: server.websites });
    const id = call.url.split('/').pop() ?? '';
    if (call.method === 'DELETE' && call.url.startsWith('/doc/delete/document/'))
      return next.remove.shift()?.(call) ?? json(200, { data: { id } });
    if (call.method === 'POST' && call.url.startsWith('/gen/bookmark?')) {
      const sourceId = new URL(call.url, 'http://x').searchParams.get('source_id') ?? '';
      const answer = next.bookmark.shift();
      if (answer) return answer(call);
      if (!bookmarks.delete(sourceId)) bookmarks.add(sourceId);
      return json(200, { data: { bookmarked: bookmarks.has(sourceId) } });
    }
    return failure(404, 'not_found', 'Not found');
  });
  const count = (url: string) => calls.filter((call) => call.url === url).length;
  return {
    server,
    next,
    calls,
    documentLoads: () => count('/doc/documents'),
    websiteLoads: () => count('/doc/websites'),
  };
}

/** The library as a component sees it, with the mutations the sources page uses. */
function renderLibrary() {
  const view = renderHook(() => ({
    library: useSources(),
    remove: useDeleteSource(),
    toggleBookmark: useToggleSourceBookmark(),
  }));
  const library = () => view.result.current.library;
  const shown = () => library().sources.map((source) => source.id);
  return { ...view, library, shown };
}

const socket = (): FakeWebSocket => {
  const latest = FakeWebSocket.latest;
  if (!latest) throw new Error('no live connection was opened');
  return latest;
};

const settle = () => act(() => vi.advanceTimersByTimeAsync(0));
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  signIn();
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('sources: loading', () => {
  it('loads documents and websites separately and offers them together, each tagged with its type', async () => {
    const service = serveLibrary({ documents: [doc('d1'), doc('d2')], websites: [site('w1')] });
    const { library, shown } = renderLibrary();
    expect(library().status).toBe('loading');
    await settle();
    expect(service.documentLoads()).toBe(1);
    expect(service.websiteLoads()).toBe(1);
    expect(library()).toMatchObject({ status: 'ready', error: null });
    expect(shown()).toEqual(['d1', 'd2', 'w1']);
    expect(library().sources.map((source) => source.type)).toEqual(['document', 'document', 'website']);
    expect(service.calls[0]?.headers.get('Authorization')).toBe('Bearer access-1');
  });

  it('asks for nothing and opens nothing while nobody is signed in', async () => {
    clearSession();
    const service = serveLibrary({ documents: [doc('d1')] });
    const { library } = renderLibrary();
    await settle();
    expect(library()).toMatchObject({ status: 'idle', sources: [] });
    expect(service.calls).toEqual([]);
    expect(FakeWebSocket.instances).toEqual([]);
  });

  it('loads and connects once for all its users, and disconnects after the last one', async () => {
    const service = serveLibrary();
    const first = renderLibrary();
    const second = renderLibrary();
    await settle();
    expect(service.documentLoads()).toBe(1);
    expect(FakeWebSocket.instances).toHaveLength(1);
    first.unmount();
    expect(socket().readyState).not.toBe(FakeWebSocket.CLOSED);
    second.unmount();
    expect(socket().readyState).toBe(FakeWebSocket.CLOSED);
  });

  it('shows the translated reason when the lists cannot be loaded, and loads them on retry', async () => {
    const service = serveLibrary();
    service.next.websites.push(() => failure(503, 'service_unavailable', 'Temporarily unavailable'));
    const { library, shown } = renderLibrary();
    await settle();
    expect(library()).toMatchObject({ status: 'error', error: 'Temporarily unavailable' });
    service.server.websites = [site('w1')];
    act(() => library().reload());
    await settle();
    expect(library()).toMatchObject({ status: 'ready', error: null });
    expect(shown()).toEqual(['w1']);
  });

  it('asks for the lists again when told the library changed on the server (citations imported)', async () => {
    const service = serveLibrary();
    const { shown } = renderLibrary();
    await settle();
    service.server.documents = [doc('imported')];
    act(() => reloadSources());
    await settle();
    expect(service.documentLoads()).toBe(2);
    expect(shown()).toEqual(['imported']);
  });

  it('drops an answer that arrives after the user signed out, and loads afresh for the next one', async () => {
    const service = serveLibrary();
    const slow = deferred<Response>();
    service.next.documents.push(() => slow.promise);
    const { library, shown } = renderLibrary();
    await settle();
    act(() => clearSession());
    slow.resolve(json(200, { data: [doc('someone-elses')] }));
    await settle();
    expect(library()).toMatchObject({ status: 'idle', sources: [] });
    expect(loadedSources()).toEqual([]);
    service.server.documents = [doc('mine')];
    act(() => void signIn({ access_token: 'access-2' }));
    await settle();
    expect(shown()).toEqual(['mine']);
  });
});

describe('sources: adding and removing (spec §4)', () => {
  it('adds an uploaded source at the end, replacing an entry with the same id', async () => {
    serveLibrary({ documents: [doc('d1'), doc('d2')] });
    const { library, shown } = renderLibrary();
    await settle();
    act(() => sourceAdded(site('w1', { state: 'processing' })));
    act(() => sourceAdded(doc('d1', { name: 'again.pdf' })));
    expect(shown()).toEqual(['d2', 'd1', 'w1']);
    expect(library().documents.at(-1)?.name).toBe('again.pdf');
  });

  it('keeps the entry of a live update that overtook the upload’s answer', async () => {
    serveLibrary();
    const { library } = renderLibrary();
    await settle();
    act(() => socket().receive({ type: 'source.updated', source: doc('d9', { state: 'usable', progress: 100 }) }));
    act(() => sourceAdded(doc('d9', { state: 'processing', progress: 0 })));
    expect(library().documents).toEqual([expect.objectContaining({ id: 'd9', state: 'usable' })]);
  });

  it('removes a source only once the server has deleted it', async () => {
    const service = serveLibrary({ documents: [doc('d1')], websites: [site('w1')] });
    const answer = deferred<Response>();
    service.next.remove.push(() => answer.promise);
    const { result, shown } = renderLibrary();
    await settle();
    let removal: Promise<void> = Promise.resolve();
    act(() => {
      removal = result.current.remove('w1');
    });
    await settle();
    expect(service.calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
      '/doc/delete/document/w1',
    ]);
    expect(shown()).toEqual(['d1', 'w1']);
    answer.resolve(json(200, { data: { id: 'w1' } }));
    await act(() => removal);
    expect(shown()).toEqual(['d1']);
  });

  it('keeps the source and passes the failure on when the server refuses', async () => {
    const service = serveLibrary({ documents: [doc('d1')] });
    service.next.remove.push(() => failure(500, 'internal_error', 'Something went wrong'));
    const { result, shown } = renderLibrary();
    await settle();
    await act(() =>
      expect(result.current.remove('d1')).rejects.toMatchObject({
        code: 'internal_error',
        message: 'Something went wrong',
      }),
    );
    expect(shown()).toEqual(['d1']);
  });

  it('drops a source the server no longer has (404: deleted elsewhere)', async () => {
    const service = serveLibrary({ documents: [doc('d1'), doc('d2')] });
    service.next.remove.push(() => failure(404, 'not_found', 'Not found'));
    const { result, shown } = renderLibrary();
    await settle();
    await act(() => result.current.remove('d1'));
    expect(shown()).toEqual(['d2']);
  });

  it('keeps changes made while a load was under way', async () => {
    const service = serveLibrary();
    const slow = deferred<Response>();
    service.next.documents.push(() => slow.promise);
    const { library, shown } = renderLibrary();
    await settle();
    act(() => sourceAdded(doc('uploaded')));
    act(() => socket().receive({ type: 'source.deleted', id: 'gone' }));
    act(() => socket().receive({ type: 'source.updated', source: doc('d1', { state: 'usable' }) }));
    slow.resolve(json(200, { data: [doc('gone'), doc('d1', { state: 'processing', progress: 30 })] }));
    await settle();
    expect(shown()).toEqual(['d1', 'uploaded']);
    expect(library().documents[0]?.state).toBe('usable');
  });
});

describe('sources: bookmarks (spec §4)', () => {
  it('sets the flag once the server confirms, keeping the source in its place; a second toggle clears it', async () => {
    const service = serveLibrary({ documents: [doc('d1'), doc('d2')], websites: [site('w1')] });
    const { result, library, shown } = renderLibrary();
    await settle();
    await act(async () => expect(await result.current.toggleBookmark('d1')).toBe(true));
    expect(service.calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
      '/gen/bookmark?source_id=d1',
    ]);
    expect(shown()).toEqual(['d1', 'd2', 'w1']);
    expect(library().sources.map((source) => source.bookmarked)).toEqual([true, false, false]);
    await act(async () => expect(await result.current.toggleBookmark('d1')).toBe(true));
    expect(library().sources.map((source) => source.bookmarked)).toEqual([false, false, false]);
  });

  it('changes nothing and resolves false when the call fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const service = serveLibrary({ documents: [doc('d1', { bookmarked: true })] });
    const { result, library } = renderLibrary();
    await settle();
    const before = library().sources;
    service.next.bookmark.push(() => failure(500, 'internal_error', 'Something went wrong.'));
    await act(async () => expect(await result.current.toggleBookmark('d1')).toBe(false));
    expect(library().sources).toBe(before);
    expect(library().sources[0]?.bookmarked).toBe(true);
    expect(warn).toHaveBeenCalledWith(
      'Could not change the bookmark of a source',
      expect.objectContaining({ id: 'd1' }),
    );
  });

  it('keeps a bookmark confirmed while the lists were loading', async () => {
    const service = serveLibrary();
    const answer = deferred<Response>();
    service.next.documents.push(() => answer.promise);
    const { result, library } = renderLibrary();
    await settle();
    // The server read the list before the toggle reached it.
    await act(async () => expect(await result.current.toggleBookmark('d1')).toBe(true));
    answer.resolve(json(200, { data: [doc('d1')] }));
    await settle();
    expect(library().status).toBe('ready');
    expect(library().sources.map((source) => [source.id, source.bookmarked])).toEqual([['d1', true]]);
  });
});

describe('sources: live events', () => {
  it('updates a source in place as its processing goes on', async () => {
    serveLibrary({ documents: [doc('d1', { state: 'processing', progress: 0 }), doc('d2')] });
    const { library, shown } = renderLibrary();
    await settle();
    act(() => socket().accept());
    act(() => socket().receive({ type: 'source.updated', source: doc('d1', { state: 'processing', progress: 45 }) }));
    expect(library().documents[0]).toMatchObject({ id: 'd1', progress: 45 });
    act(() => socket().receive({ type: 'source.updated', source: doc('d1', { state: 'usable', progress: 100 }) }));
    expect(shown()).toEqual(['d1', 'd2']);
    expect(library().sources[0]?.state).toBe('usable');
  });

  it('asks for the lists again when the connection comes back, since events may have been missed', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const service = serveLibrary({ documents: [doc('d1')] });
    renderLibrary();
    await settle();
    act(() => socket().accept());
    await settle();
    expect(service.documentLoads()).toBe(1);
    act(() => socket().drop());
    await wait(1_000);
    act(() => socket().accept());
    await settle();
    expect(service.documentLoads()).toBe(2);
  });

  it('shows the lists of every user of the library, and reads them without asking for them', async () => {
    const service = serveLibrary({ documents: [doc('d1')] });
    expect(loadedSources()).toEqual([]);
    const reader = renderHook(() => useLoadedSources());
    await settle();
    expect(reader.result.current).toEqual([]);
    expect(service.documentLoads()).toBe(0);
    const { shown } = renderLibrary();
    await settle();
    expect(reader.result.current.map((source) => source.id)).toEqual(shown());
    const before = reader.result.current;
    reader.rerender();
    expect(reader.result.current).toBe(before);
    act(() => sourceAdded(doc('d2')));
    expect(reader.result.current.map((source) => source.id)).toEqual(['d1', 'd2']);
    expect(loadedSources().map((source) => source.id)).toEqual(['d1', 'd2']);
    expect(service.documentLoads()).toBe(1);
  });
});

describe('sources: kept until sign-out', () => {
  it('keeps the lists for readers after the last user is gone, and forgets them when the user signs out', async () => {
    serveLibrary({ documents: [doc('d1')] });
    const { unmount } = renderLibrary();
    await settle();
    unmount();
    await wait(60 * 60_000);
    expect(loadedSources().map((source) => source.id)).toEqual(['d1']);
    act(() => clearSession());
    expect(loadedSources()).toEqual([]);
  });
});

describe('sources: polling while the live connection is down', () => {
  it('polls every 3 s while a source is processing, and stops once none is', async () => {
    const service = serveLibrary({ documents: [doc('d1', { state: 'processing', progress: 10 })] });
    const { library } = renderLibrary();
    await settle();
    await wait(POLL_INTERVAL_MS - 1);
    expect(service.documentLoads()).toBe(1);
    await wait(1);
    expect(service.documentLoads()).toBe(2);
    expect(service.websiteLoads()).toBe(2);
    service.server.documents = [doc('d1', { state: 'processing', progress: 60 })];
    await wait(POLL_INTERVAL_MS);
    expect(service.documentLoads()).toBe(3);
    expect(library().documents[0]?.progress).toBe(60);
    service.server.documents = [doc('d1', { state: 'usable', progress: 100 })];
    await wait(POLL_INTERVAL_MS);
    expect(service.documentLoads()).toBe(4);
    expect(library().documents[0]?.state).toBe('usable');
    await wait(POLL_INTERVAL_MS * 5);
    expect(service.documentLoads()).toBe(4);
  });

  it('does not poll when nothing is processing', async () => {
    const service = serveLibrary({ documents: [doc('d1'), doc('d2', { state: 'failed' })] });
    renderLibrary();
    await settle();
    await wait(POLL_INTERVAL_MS * 5);
    expect(service.documentLoads()).toBe(1);
  });

  it('starts polling when an added source is processing', async () => {
    const service = serveLibrary();
    renderLibrary();
    await settle();
    act(() => sourceAdded(site('w1', { state: 'processing', progress: 0 })));
    await wait(POLL_INTERVAL_MS);
    expect(service.websiteLoads()).toBe(2);
  });

  it('stops while the live connection is up and starts again when it drops', async () => {
    const service = serveLibrary({ documents: [doc('d1', { state: 'processing' })] });
    const { library } = renderLibrary();
    await settle();
    act(() => socket().accept());
    // Coming up with something processing asks once, in case an event was sent before the subscription.
    await settle();
    expect(service.documentLoads()).toBe(2);
    await wait(POLL_INTERVAL_MS * 4);
    expect(service.documentLoads()).toBe(2);
    expect(library().live).toBe(true);

    act(() => socket().drop());
    expect(library().live).toBe(false);
    await wait(POLL_INTERVAL_MS);
    expect(service.documentLoads()).toBe(3);
    await wait(POLL_INTERVAL_MS);
    expect(service.documentLoads()).toBe(4);
  });

  it('keeps the lists and goes on polling when a poll fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const service = serveLibrary({ documents: [doc('d1', { state: 'processing' })] });
    const { library, shown } = renderLibrary();
    await settle();
    service.next.documents.push(() => failure(503, 'service_unavailable', 'offline'));
    await wait(POLL_INTERVAL_MS);
    expect(library()).toMatchObject({ status: 'ready', error: null });
    expect(shown()).toEqual(['d1']);
    expect(warn).toHaveBeenCalledWith('Could not refresh the sources', expect.anything());
    await wait(POLL_INTERVAL_MS);
    expect(service.documentLoads()).toBe(3);
  });

  it('stops polling when nobody shows the lists any more', async () => {
    const service = serveLibrary({ documents: [doc('d1', { state: 'processing' })] });
    const { unmount } = renderLibrary();
    await settle();
    unmount();
    await wait(POLL_INTERVAL_MS * 3);
    expect(service.documentLoads()).toBe(1);
  });
});
