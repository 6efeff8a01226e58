import type { HistoryDetail, HistoryListItem, HistoryPage } from '@quire/contracts';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { buildRoutes } from '../../app/routes';
import { json, STATUS_OK, type StubbedCall, stubFetch } from '../../test/fetch-stub';
import { testProfile } from '../../test/profile';
import { act, fireEvent, render, screen, waitFor, within } from '../../test/render';
import { signIn } from '../../test/session';
import { invalidateServerStatus } from '../status/status.store';
import { SEARCH_DEBOUNCE_MS } from './HistoryFilters';

const OWN = '2b0c8a54-5d2e-4a8e-9d57-1c2f3e4a5b6c';

const item = (id: string, overrides: Partial<HistoryListItem> = {}): HistoryListItem => ({
  id,
  slug: 'write-chapter',
  tool_name: null,
  created_at: '2026-03-03T10:00:00Z',
  inputs: { headline: `Chapter ${id}`, topic: 'Photosynthesis' },
  words_used: 1234,
  excerpt: `Plants turn light into sugar (${id}).`,
  shared_token: null,
  ...overrides,
});

const detail = (id: string): HistoryDetail => ({
  ...item(id),
  text: `The whole text of ${id}.`,
  citations: [],
  engine: { kind: 'builtin', model: null },
});

type Server = {
  history?: (call: StubbedCall, query: URLSearchParams) => Response | Promise<Response>;
  remove?: (call: StubbedCall) => Response | Promise<Response>;
  detail?: (call: StubbedCall) => Response | Promise<Response>;
};

function serve(server: Server = {}) {
  return stubFetch((call) => {
    const url = new URL(call.url, 'http://localhost');
    if (url.pathname === '/api/status') return json(200, STATUS_OK);
    if (url.pathname === '/api/auth/user/customer') return json(200, { data: testProfile() });
    if (url.pathname === '/api/prompt_templates') return json(200, { data: [] });
    if (url.pathname === '/api/own_apps') {
      return json(200, {
        data: [
          {
            id: OWN,
            slug: `own-${OWN}`,
            name: 'Cover letter',
            description: '',
            inputs: [],
            prompt: '{x}',
            created_at: '2026-03-01T09:00:00Z',
            updated_at: '2026-03-01T09:00:00Z',
          },
        ],
      });
    }
    if (url.pathname === '/api/history' && call.method === 'GET') {
      return server.history?.(call, url.searchParams) ?? page([item('a')]);
    }
    if (url.pathname.startsWith('/api/history/') && call.method === 'DELETE') {
      return server.remove?.(call) ?? json(200, { data: { deleted: true } });
    }
    if (url.pathname.startsWith('/api/history/') && server.detail) return server.detail(call);
    return json(404, { error: { code: 'not_found', message: 'Not found' } });
  });
}

const page = (items: HistoryListItem[], next: string | null = null) =>
  json(200, { data: { items, next } satisfies HistoryPage });

const historyCalls = (calls: StubbedCall[]) =>
  calls
    .filter((call) => call.method === 'GET' && new URL(call.url, 'http://localhost').pathname === '/api/history')
    .map((call) => Object.fromEntries(new URL(call.url, 'http://localhost').searchParams));

function renderPage(path = '/history') {
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

const LOADED = { timeout: 5_000 };
const results = () => screen.queryAllByTestId('history-result');

beforeEach(() => {
  invalidateServerStatus();
  signIn();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the history page', () => {
  it("lists results with their tool, title, date in the reader's language, words and excerpt", async () => {
    serve({
      history: () =>
        page([
          item('a'),
          item('b', { slug: `own-${OWN}`, tool_name: 'Cover letter', inputs: {}, excerpt: 'Dear team,' }),
          item('c', { slug: 'summarize', inputs: {}, excerpt: '', shared_token: 'tok' }),
        ]),
    });
    renderPage('/de/history');
    await screen.findAllByTestId('history-result', {}, LOADED);
    const [chapter, own, summary] = results();
    expect(within(chapter as HTMLElement).getByTestId('history-result-tool').textContent).toBe('Kapitel schreiben');
    expect(within(chapter as HTMLElement).getByTestId('history-result-title').textContent).toBe('Chapter a');
    expect(chapter?.textContent).toContain('03.03.2026');
    expect(chapter?.textContent).toContain('1.234 Wörter');
    expect(within(chapter as HTMLElement).getByTestId('history-result-excerpt').textContent).toBe(
      'Plants turn light into sugar (a).',
    );
    expect(
      within(chapter as HTMLElement)
        .getByTestId('history-result-open')
        .getAttribute('href'),
    ).toBe('/de/feature/write-chapter?result=a');
    expect(within(own as HTMLElement).getByTestId('history-result-tool').textContent).toBe('Cover letter');
    expect(within(own as HTMLElement).getByTestId('history-result-title').textContent).toBe('Dear team,');
    expect(
      within(own as HTMLElement)
        .getByTestId('history-result-open')
        .getAttribute('href'),
    ).toBe(`/de/apps/${OWN}?result=b`);
    expect(within(summary as HTMLElement).getByTestId('history-result-title').textContent).toBe('Ergebnis ohne Titel');
    expect(within(summary as HTMLElement).getByTestId('history-result-shared').textContent).toBe('Geteilt');
  });

  it('filters by tool and searches as typing pauses, with both in the URL', async () => {
    const { calls } = serve({ history: (_call, query) => page(query.get('q') ? [item('found')] : [item('a')]) });
    const router = renderPage();
    await screen.findAllByTestId('history-result', {}, LOADED);
    expect(historyCalls(calls)).toEqual([{}]);
    // The own applications join the built-in tools in the filter.
    await waitFor(() =>
      expect(screen.getByRole('option', { name: 'Cover letter' }).getAttribute('value')).toBe(
        'own-2b0c8a54-5d2e-4a8e-9d57-1c2f3e4a5b6c',
      ),
    );

    fireEvent.change(screen.getByTestId('history-tool'), { target: { value: 'summarize' } });
    await waitFor(() => expect(historyCalls(calls).at(-1)).toEqual({ tool: 'summarize' }));
    expect(router.state.location.search).toBe('?tool=summarize');

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.change(screen.getByTestId('history-search'), { target: { value: 'Häu' } });
    fireEvent.change(screen.getByTestId('history-search'), { target: { value: 'Häuser' } });
    await act(async () => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    expect(historyCalls(calls).at(-1)).toEqual({ tool: 'summarize' });
    await act(async () => vi.advanceTimersByTime(1));
    vi.useRealTimers();
    await waitFor(() => expect(historyCalls(calls).at(-1)).toEqual({ tool: 'summarize', q: 'Häuser' }));
    // Only the pause searched: the first letters never went out.
    expect(historyCalls(calls).filter((query) => query.q === 'Häu')).toEqual([]);
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('Häuser');
    await waitFor(() => expect(results().map((each) => each.dataset.id)).toEqual(['found']));

    // Back undoes the filter; the search typed on top of it replaced its entry instead of adding one.
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('');
    await waitFor(() => expect((screen.getByTestId('history-search') as HTMLInputElement).value).toBe(''));
  });

  it('reads the filter and search from the URL on load', async () => {
    const { calls } = serve();
    renderPage('/history?tool=freestyle&q=climate');
    await screen.findAllByTestId('history-result', {}, LOADED);
    expect(historyCalls(calls)).toEqual([{ tool: 'freestyle', q: 'climate' }]);
    expect((screen.getByTestId('history-search') as HTMLInputElement).value).toBe('climate');
    expect((screen.getByTestId('history-tool') as HTMLSelectElement).value).toBe('freestyle');
  });

  it('loads more results after the last one', async () => {
    const { calls } = serve({
      history: (_call, query) =>
        query.get('before') === 'cursor-1' ? page([item('c')]) : page([item('a'), item('b')], 'cursor-1'),
    });
    renderPage();
    await screen.findAllByTestId('history-result', {}, LOADED);
    fireEvent.click(screen.getByTestId('history-more'));
    await waitFor(() => expect(results().map((each) => each.dataset.id)).toEqual(['a', 'b', 'c']));
    expect(historyCalls(calls).at(-1)).toEqual({ before: 'cursor-1' });
    expect(screen.queryByTestId('history-more')).toBeNull();
  });

  it('says when more results could not be loaded, keeps those shown, and loads them on a second try', async () => {
    let failMore = true;
    serve({
      history: (_call, query) => {
        if (query.get('before') !== 'cursor-1') return page([item('a'), item('b')], 'cursor-1');
        return failMore
          ? json(500, { error: { code: 'internal_error', message: 'Server trouble' } })
          : page([item('c')]);
      },
    });
    renderPage();
    await screen.findAllByTestId('history-result', {}, LOADED);
    fireEvent.click(screen.getByTestId('history-more'));
    expect((await screen.findByTestId('history-more-error')).textContent).toBe('Server trouble');
    expect(results().map((each) => each.dataset.id)).toEqual(['a', 'b']);
    failMore = false;
    fireEvent.click(screen.getByTestId('history-more'));
    await waitFor(() => expect(results().map((each) => each.dataset.id)).toEqual(['a', 'b', 'c']));
    expect(screen.queryByTestId('history-more-error')).toBeNull();
  });

  it('shows links to tools when there are no results yet, and a way back when nothing matches', async () => {
    serve({ history: () => page([]) });
    const router = renderPage();
    const empty = await screen.findByTestId('history-empty', {}, LOADED);
    expect(within(empty).getByRole('link', { name: 'Write a chapter' }).getAttribute('href')).toBe(
      '/feature/write-chapter',
    );
    await act(() => router.navigate('/history?q=nothing'));
    const none = await screen.findByTestId('history-no-matches');
    fireEvent.click(within(none).getByRole('button'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await screen.findByTestId('history-empty');
  });

  it('shows a failure to load, and loads again on request', async () => {
    let fail = true;
    serve({
      history: () =>
        fail ? json(500, { error: { code: 'internal_error', message: 'Server trouble' } }) : page([item('a')]),
    });
    renderPage();
    const error = await screen.findByTestId('history-error', {}, LOADED);
    expect(error.textContent).toContain('Server trouble');
    fail = false;
    fireEvent.click(within(error).getByRole('button'));
    await screen.findAllByTestId('history-result');
  });

  it('removes a result only after the server deleted it', async () => {
    let answer: (response: Response) => void = () => {};
    const deleted = new Promise<Response>((resolve) => {
      answer = resolve;
    });
    const { calls } = serve({ history: () => page([item('a'), item('b')]), remove: () => deleted });
    renderPage();
    await screen.findAllByTestId('history-result', {}, LOADED);

    fireEvent.click(within(results()[0] as HTMLElement).getByTestId('history-result-delete'));
    const dialog = screen.getByTestId('history-delete-dialog');
    expect(dialog.textContent).toContain('Chapter a');
    fireEvent.click(within(dialog).getByTestId('history-delete-confirm'));
    await waitFor(() => expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1));
    // Still there while the server works.
    expect(results().map((each) => each.dataset.id)).toEqual(['a', 'b']);
    await act(async () => answer(json(200, { data: { deleted: true } })));
    await waitFor(() => expect(results().map((each) => each.dataset.id)).toEqual(['b']));
    expect(screen.queryByTestId('history-delete-dialog')).toBeNull();
    expect(screen.getByText('The result was deleted.').closest('[role]')?.getAttribute('role')).toBe('status');
  });

  it('keeps a result the server did not delete, logs the failure and says so', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { calls } = serve({
      history: () => page([item('a')]),
      remove: () => json(503, { error: { code: 'service_unavailable', message: 'Down' } }),
    });
    renderPage();
    await screen.findAllByTestId('history-result', {}, LOADED);
    fireEvent.click(screen.getByTestId('history-result-delete'));
    fireEvent.click(screen.getByTestId('history-delete-confirm'));
    const failure = await screen.findByTestId('history-delete-error');
    expect(failure.textContent).toBe('The result could not be deleted. It is still in your history; please try again.');
    expect(results().map((each) => each.dataset.id)).toEqual(['a']);
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual(['/api/history/a']);
    expect(logged).toHaveBeenCalledWith(
      'Could not delete a result from the history',
      expect.objectContaining({ id: 'a' }),
    );
  });

  it('copies a result’s text, loaded once when first needed, and says so when it could not be loaded', async () => {
    let detailAnswers = 0;
    const writeText = vi.fn(async (_text: string) => {});
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { calls } = serve({
      detail: () => {
        detailAnswers += 1;
        return detailAnswers === 1
          ? json(500, { error: { code: 'internal_error', message: 'Server trouble' } })
          : json(200, { data: detail('a') });
      },
    });
    renderPage();
    await screen.findAllByTestId('history-result', {}, LOADED);
    const feedback = screen.getByTestId('history-result-feedback');

    fireEvent.click(screen.getByTestId('history-result-copy'));
    await waitFor(() => expect(feedback.textContent).toBe('The result could not be loaded. Please try again.'));
    expect(writeText).not.toHaveBeenCalled();
    expect(logged).toHaveBeenCalledWith('Could not load a result to copy it', expect.objectContaining({ id: 'a' }));

    fireEvent.click(screen.getByTestId('history-result-copy'));
    await waitFor(() => expect(feedback.textContent).toBe('Copied to the clipboard.'));
    expect(writeText).toHaveBeenCalledWith('The whole text of a.');
    fireEvent.click(screen.getByTestId('history-result-copy'));
    await waitFor(() => expect(writeText).toHaveBeenCalledTimes(2));
    expect(calls.filter((call) => call.url === '/api/history/a').map((call) => call.method)).toEqual(['GET', 'GET']);
  });

  it('exports a result’s text to Markdown under the tool’s name and the day', async () => {
    const saved: { name: string; blob: Blob }[] = [];
    const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = (blob: Blob) => {
      saved.push({ name: '', blob });
      return 'blob:quire/1';
    };
    URL.revokeObjectURL = () => {};
    onTestFinished(() => {
      URL.createObjectURL = original.create;
      URL.revokeObjectURL = original.revoke;
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      const last = saved.at(-1);
      if (last) last.name = this.download;
    });
    serve({ detail: () => json(200, { data: detail('a') }) });
    renderPage();
    await screen.findAllByTestId('history-result', {}, LOADED);
    fireEvent.click(screen.getByTestId('history-result-markdown'));
    await waitFor(() => expect(saved.map((file) => file.name)).toEqual(['write-chapter-2026-03-03.md']));
    expect(await blobText((saved[0] as { blob: Blob }).blob)).toBe('The whole text of a.\n');
  });
});

function blobText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}
