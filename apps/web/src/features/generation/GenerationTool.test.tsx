import type { GenerationResult, Profile, Template } from '@quire/contracts';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { buildRoutes } from '../../app/routes';
import { json, STATUS_OK, type StubbedCall, stubFetch } from '../../test/fetch-stub';
import { testProfile } from '../../test/profile';
import { act, fireEvent, render, screen, waitFor, within } from '../../test/render';
import { signIn } from '../../test/session';
import { eventStream } from '../../test/streams';
import { clearSession } from '../auth';
import { invalidateServerStatus } from '../status/status.store';

const RESULT: GenerationResult = {
  id: 'r-new',
  slug: 'write-chapter',
  created_at: '2026-03-03T10:00:00Z',
  inputs: { headline: 'Light reactions', topic: 'Photosynthesis', outline: '1. Light\n2. Dark' },
  words_used: 120,
  text: '## Light reactions\n\nPlants turn **light** into sugar [1]. <b>not bold</b>',
  citations: [{ sourceId: 'd1', page: 4, passage: 'Plants turn light into sugar.' }],
  engine: { kind: 'model', model: 'llama3.2' },
};

const STORED: GenerationResult = {
  id: 'h1',
  slug: 'write-chapter',
  created_at: '2026-03-01T09:00:00Z',
  inputs: { headline: 'Dark reactions', topic: 'Calvin cycle', outline: '1. Carbon' },
  words_used: 80,
  text: 'The Calvin cycle fixes carbon.',
  citations: [],
  engine: { kind: 'builtin', model: null },
};
const OLDER: GenerationResult = {
  id: 'h2',
  slug: 'write-chapter',
  created_at: '2026-02-28T09:00:00Z',
  inputs: { headline: 'Older chapter', topic: 'Leaves', outline: '1. Leaf' },
  words_used: 40,
  text: 'Leaves breathe through stomata.',
  citations: [],
  engine: { kind: 'model', model: 'llama3.2' },
};

const template = (slug: string, favourite: boolean): Template => ({
  slug,
  headline: slug,
  description: '',
  categories: [],
  favourite,
});

type Server = {
  run?: (call: StubbedCall) => Response | Promise<Response>;
  history?: (call: StubbedCall) => Response;
  remove?: (call: StubbedCall) => Response;
  favourite?: (call: StubbedCall) => Response;
  profile?: Profile | (() => Profile);
  templates?: Template[];
};

function serve(server: Server = {}) {
  return stubFetch((call) => {
    const { pathname } = new URL(call.url, 'http://localhost');
    if (pathname === '/api/status') return json(200, STATUS_OK);
    if (pathname === '/api/auth/user/customer') {
      const profile = typeof server.profile === 'function' ? server.profile() : server.profile;
      return json(200, { data: profile ?? testProfile() });
    }
    if (pathname === '/api/prompt_templates') {
      return json(200, { data: server.templates ?? [template('write-chapter', false), template('summarize', true)] });
    }
    if (/^\/api\/prompt_templates\/[^/]+\/favourite$/.test(pathname) && call.method === 'POST') {
      return server.favourite?.(call) ?? json(200, { data: { favourite: true } });
    }
    if (pathname === '/api/prompts') return server.history?.(call) ?? json(200, { data: [] });
    if (pathname.startsWith('/gen/history/') && call.method === 'DELETE') {
      return server.remove?.(call) ?? json(200, { data: { deleted: true } });
    }
    if (pathname.startsWith('/gen/') && call.method === 'POST') {
      return server.run?.(call) ?? json(200, { data: RESULT });
    }
    if (pathname === '/api/reports' && call.method === 'POST') {
      return json(201, { data: { id: 'rep-1', created_at: '2026-03-03T10:05:00Z' } });
    }
    return json(404, { error: { code: 'not_found', message: 'Not found' } });
  });
}

/** A streamed answer the test writes frame by frame. */
function liveStream() {
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const response = new Response(
    new ReadableStream<Uint8Array>({
      start(started) {
        controller = started;
      },
    }),
    { status: 200, headers: { 'Content-Type': 'text/event-stream' } },
  );
  return {
    response,
    send: (event: string, data: unknown) =>
      act(async () => controller?.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`))),
    close: () => act(async () => controller?.close()),
  };
}

function renderPage(path = '/feature/write-chapter') {
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

/** The first render loads the layout, page and tool chunks, which takes a while on a busy machine. */
const LOADED = { timeout: 5_000 };

const field = (name: string) => screen.getByTestId(`field-${name}`) as HTMLInputElement;

async function fillChapter(values: { headline?: string; topic?: string; outline?: string } = {}) {
  await screen.findByTestId('tool-form', {}, LOADED);
  const filled = { headline: 'Light reactions', topic: 'Photosynthesis', outline: '1. Light\n2. Dark', ...values };
  for (const [name, value] of Object.entries(filled)) fireEvent.change(field(name), { target: { value } });
}

const submit = () => fireEvent.click(screen.getByTestId('tool-submit'));
const runCalls = (calls: StubbedCall[]) =>
  calls.filter((call) => call.method === 'POST' && call.url.startsWith('/gen/'));
const stageStates = () =>
  screen
    .getAllByRole('listitem')
    .filter((item) => item.dataset.stage)
    .map((item) => `${item.dataset.stage}:${item.dataset.state}`);
const historyIds = () => screen.queryAllByTestId('history-item').map((item) => item.dataset.id);

beforeEach(() => {
  invalidateServerStatus();
  signIn();
});

afterEach(() => vi.restoreAllMocks());

describe('a writing tool page', () => {
  it('refuses a chapter without its focus, with the translated message, and sends nothing', async () => {
    const { calls } = serve();
    renderPage();
    await fillChapter({ headline: '  ' });
    submit();
    expect(screen.getByTestId('field-error-headline').textContent).toBe('Focus of the chapter is required');
    expect(field('headline').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field('headline'));
    expect(runCalls(calls)).toHaveLength(0);
  });

  it('shows the stages in order as they stream, then the result, its engine and words', async () => {
    const stream = liveStream();
    const { calls } = serve({ run: () => stream.response });
    renderPage();
    await fillChapter();
    submit();
    await waitFor(() => expect(runCalls(calls)).toHaveLength(1));
    const post = runCalls(calls)[0];
    expect(post?.url).toBe('/gen/write-chapter');
    expect(post?.headers.get('Accept')).toBe('text/event-stream');
    expect(post?.body).toMatchObject({
      inputs: { headline: 'Light reactions', topic: 'Photosynthesis', length: 'normal', source_type: 'quality' },
    });

    await stream.send('stage', { type: 'stage', stage: 'searching_sources' });
    expect(stageStates()).toEqual([
      'searching_sources:current',
      'filtering_sources:pending',
      'processing_sources:pending',
      'creating_plan:pending',
      'writing:pending',
    ]);
    expect(screen.getByTestId('stage-status').textContent).toBe('Searching sources');
    for (const stage of ['filtering_sources', 'processing_sources', 'creating_plan'] as const) {
      await stream.send('stage', { type: 'stage', stage });
      expect(screen.getByTestId('stage-status').textContent).not.toBe('');
    }
    await stream.send('stage', { type: 'stage', stage: 'writing' });
    await stream.send('delta', { type: 'delta', text: 'Plants turn light' });
    expect(stageStates()).toEqual([
      'searching_sources:done',
      'filtering_sources:done',
      'processing_sources:done',
      'creating_plan:done',
      'writing:current',
    ]);
    expect(screen.getByTestId('stage-status').textContent).toBe('Writing');
    expect(screen.getByTestId('run').textContent).toContain('Plants turn light');
    expect((screen.getByTestId('tool-submit') as HTMLButtonElement).disabled).toBe(true);

    await stream.send('done', { type: 'done', result: RESULT });
    await stream.close();
    const result = await screen.findByTestId('result');
    expect(result.querySelector('h3')?.textContent).toBe('Light reactions');
    expect(result.querySelector('strong')?.textContent).toBe('light');
    expect(result.querySelector('b')).toBeNull();
    expect(result.textContent).toContain('<b>not bold</b>');
    expect(screen.getByTestId('result-engine').textContent).toBe('Written by the language model llama3.2');
    expect(screen.getByTestId('result-words').textContent).toBe('120 words');
    expect(within(result).getAllByTestId('citation-ref')).toHaveLength(1);
    expect(historyIds()).toEqual(['r-new']);
    expect(screen.getByTestId('topic-suggestions').querySelector('option')?.getAttribute('value')).toBe(
      'Photosynthesis',
    );
    expect((screen.getByTestId('tool-submit') as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows an error frame’s translated message and keeps the inputs', async () => {
    serve({
      run: () =>
        eventStream([
          'event: stage\ndata: {"type":"stage","stage":"writing"}\n\n',
          'event: delta\ndata: {"type":"delta","text":"Half a sen"}\n\n',
          'event: error\ndata: {"type":"error","code":"model_failed","message":""}\n\n',
        ]),
    });
    renderPage();
    await fillChapter();
    submit();
    const error = await screen.findByTestId('run-error');
    expect(error.textContent).toBe(
      'The language model did not answer properly. Nothing was charged; please try again in a moment.',
    );
    expect(screen.queryByText('Half a sen')).toBeNull();
    expect(field('headline').value).toBe('Light reactions');
    expect(field('outline').value).toBe('1. Light\n2. Dark');
    expect(historyIds()).toEqual([]);
  });

  it('clears the error before the next request', async () => {
    let attempt = 0;
    serve({
      run: () => {
        attempt += 1;
        return attempt === 1
          ? json(504, { error: { code: 'model_timeout', message: 'Too slow.' } })
          : new Promise<Response>(() => {});
      },
    });
    renderPage();
    await fillChapter();
    submit();
    expect((await screen.findByTestId('run-error')).textContent).toBe('Too slow.');
    submit();
    await waitFor(() => expect(screen.getByTestId('run').dataset.status).toBe('running'));
    expect(screen.queryByTestId('run-error')).toBeNull();
  });

  it('sets the error for an empty result', async () => {
    serve({ run: () => json(200, { data: { ...RESULT, text: '  ' } }) });
    renderPage();
    await fillChapter();
    submit();
    expect((await screen.findByTestId('run-error')).textContent).toBe('Something went wrong. Please try again.');
    expect(historyIds()).toEqual([]);
  });

  it('cancels a run: the request is aborted and the inputs stay', async () => {
    const stream = liveStream();
    const { calls, fetchMock } = serve({ run: () => stream.response });
    renderPage();
    await fillChapter();
    submit();
    await waitFor(() => expect(runCalls(calls)).toHaveLength(1));
    await stream.send('stage', { type: 'stage', stage: 'searching_sources' });
    fireEvent.click(screen.getByTestId('cancel'));
    const init = fetchMock.mock.calls.find(([url]) => String(url).startsWith('/gen/'))?.[1];
    expect(init?.signal?.aborted).toBe(true);
    expect(screen.getByTestId('run-cancelled').textContent).toBe('Cancelled. Your inputs are still in the form.');
    expect(screen.queryByTestId('stages')).toBeNull();
    expect(field('topic').value).toBe('Photosynthesis');
    await stream.send('done', { type: 'done', result: RESULT });
    expect(screen.queryByTestId('result')).toBeNull();
    expect(historyIds()).toEqual([]);
  });

  it('loads the history, opens items and deletes only what the server deleted', async () => {
    let failDelete = true;
    const { calls } = serve({
      history: () => json(200, { data: [STORED, OLDER] }),
      remove: () =>
        failDelete
          ? json(500, { error: { code: 'internal_error', message: 'Broken.' } })
          : json(200, { data: { deleted: true } }),
    });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderPage();
    await waitFor(() => expect(historyIds()).toEqual(['h1', 'h2']), LOADED);
    expect(calls.some((call) => call.url === '/api/prompts?prompt_template=write-chapter')).toBe(true);
    expect(screen.getAllByTestId('history-open').map((button) => button.textContent)).toEqual([
      expect.stringContaining('Dark reactions'),
      expect.stringContaining('Older chapter'),
    ]);

    fireEvent.click(screen.getAllByTestId('history-open')[0] as HTMLElement);
    expect((await screen.findByTestId('result')).textContent).toContain('The Calvin cycle fixes carbon.');
    expect(screen.getByTestId('result-engine').textContent).toBe(
      "Written by Quire's built-in engine from your sources",
    );
    expect(field('headline').value).toBe('Dark reactions');

    fireEvent.click(screen.getAllByTestId('history-open')[1] as HTMLElement);
    await waitFor(() => expect(screen.getByTestId('result').textContent).toContain('Leaves breathe through stomata.'));
    expect(screen.getByTestId('result-engine').textContent).toBe('Written by the language model llama3.2');
    expect(field('topic').value).toBe('Leaves');
    expect(screen.getAllByTestId('history-item').map((item) => item.getAttribute('aria-current'))).toEqual([
      null,
      'true',
    ]);

    fireEvent.click(screen.getAllByTestId('history-delete')[0] as HTMLElement);
    await waitFor(() =>
      expect(logged).toHaveBeenCalledWith('Could not delete a result from the history', expect.anything()),
    );
    expect(historyIds()).toEqual(['h1', 'h2']);

    failDelete = false;
    fireEvent.click(screen.getAllByTestId('history-delete')[0] as HTMLElement);
    await waitFor(() => expect(historyIds()).toEqual(['h2']));
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
      '/gen/history/h1',
      '/gen/history/h1',
    ]);
  });

  it('says the history could not be loaded when the answer does not match the contract', async () => {
    // An item without its text is not a result: the whole answer is refused rather than shown half.
    const bare = { id: 'h3', created_at: '2026-02-28T09:00:00Z', inputs: { headline: 'Bare' }, words_used: 4 };
    serve({ history: () => json(200, { data: [STORED, bare] }) });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderPage();
    const history = await screen.findByTestId('history', {}, LOADED);
    await waitFor(() =>
      expect(within(history).getByRole('alert').textContent).toBe(
        'Your request failed – try again later or contact support',
      ),
    );
    expect(historyIds()).toEqual([]);
  });

  it('toggles the tool as a favourite, and the sidebar lists it', async () => {
    const { calls } = serve();
    renderPage();
    const star = await screen.findByTestId('favourite-write-chapter', {}, LOADED);
    expect(star.getAttribute('aria-pressed')).toBe('false');
    expect(star.getAttribute('aria-label')).toBe('Add Write a chapter to my favourites');
    const favourites = await screen.findByTestId('sidebar-favourites');
    expect(
      within(favourites)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Summarize']);

    fireEvent.click(star);
    await waitFor(() => expect(star.getAttribute('aria-pressed')).toBe('true'));
    expect(
      calls.some((call) => call.method === 'POST' && call.url === '/api/prompt_templates/write-chapter/favourite'),
    ).toBe(true);
    expect(
      within(screen.getByTestId('sidebar-favourites'))
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Write a chapter', 'Summarize']);
  });

  it('keeps the star as it was when the server refuses the toggle', async () => {
    serve({ favourite: () => json(500, { error: { code: 'internal_error', message: 'x' } }) });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderPage();
    const star = await screen.findByTestId('favourite-write-chapter', {}, LOADED);
    fireEvent.click(star);
    expect(
      (await screen.findByText('The favourite could not be changed. Please try again.'))
        .closest('[role]')
        ?.getAttribute('role'),
    ).toBe('alert');
    expect(star.getAttribute('aria-pressed')).toBe('false');
  });

  it('opens the limit dialog, leading to the plans, when the words are used up', async () => {
    serve({
      profile: testProfile({ words_used: 2_000, words_limit: 2_000 }),
      run: () => json(402, { error: { code: 'word_limit_reached', message: 'You have used all your words.' } }),
    });
    renderPage();
    expect((await screen.findByTestId('quota', {}, LOADED)).dataset.state).toBe('reached');
    await fillChapter();
    submit();
    const dialog = await screen.findByTestId('limit-dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('Your words are used up');
    expect(within(dialog).getByTestId('limit-pricing').getAttribute('href')).toBe('/pricing');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByTestId('limit-dialog')).toBeNull();
  });

  it('counts the words of a result in the quota at once, then takes the server’s figures', async () => {
    let counted = 1_500;
    const { calls } = serve({
      profile: () => testProfile({ words_used: counted, words_limit: 2_000 }),
      run: () => {
        // The server charges the result's words.
        counted += RESULT.words_used;
        return json(200, { data: RESULT });
      },
    });
    renderPage();
    expect((await screen.findByTestId('quota', {}, LOADED)).textContent).toBe('500 words available');
    await fillChapter();
    submit();
    await screen.findByTestId('result');
    expect(screen.getByTestId('quota').dataset.state).toBe('nearly_used_up');
    await waitFor(() => expect(calls.filter((call) => call.url === '/api/auth/user/customer')).toHaveLength(2));
    // Not counted twice once the server's figures have arrived.
    await waitFor(() =>
      expect(screen.getByTestId('quota').textContent).toBe('Your words are nearly used up: 380 left. Get more words'),
    );
  });

  it('exports the result to Markdown', async () => {
    serve();
    const blobs: Blob[] = [];
    const saved: string[] = [];
    const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = (blob: Blob) => {
      blobs.push(blob);
      return 'blob:quire/1';
    };
    URL.revokeObjectURL = () => {};
    onTestFinished(() => {
      URL.createObjectURL = original.create;
      URL.revokeObjectURL = original.revoke;
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderPage();
    await fillChapter();
    submit();
    fireEvent.click(await screen.findByTestId('export-markdown'));
    expect(saved).toEqual(['write-chapter-2026-03-03.md']);
    expect(await blobText(blobs[0] as Blob)).toBe(`${RESULT.text}\n`);
  });

  it("reports a finished result from its actions, in the page's language, with the focus back on close", async () => {
    const id = '6f1c2a9e-8b1d-4c3e-9f0a-1b2c3d4e5f60';
    const { calls } = serve({ run: () => json(200, { data: { ...RESULT, id } }) });
    renderPage('/de/feature/write-chapter');
    await fillChapter();
    expect(screen.queryByTestId('report-result')).toBeNull();
    submit();
    const result = await screen.findByTestId('result');
    const report = within(result).getByRole('button', { name: 'Melden' });
    expect(report.closest('.result__actions')).not.toBeNull();

    // A click does not focus a button in every browser (nor here): the focus still comes back to it.
    fireEvent.click(report);
    const dialog = await screen.findByRole('dialog', { name: 'Dieses Ergebnis melden' }, LOADED);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('report-dialog')).toBeNull());
    expect(document.activeElement).toBe(report);

    fireEvent.click(report);
    await screen.findByTestId('report-dialog', {}, LOADED);
    fireEvent.change(screen.getByTestId('report-reason'), { target: { value: 'wrong_citations' } });
    fireEvent.click(screen.getByTestId('report-send'));
    await screen.findByTestId('report-thanks');
    expect(calls.find((call) => call.url === '/api/reports')?.body).toEqual({
      result_id: id,
      reason: 'wrong_citations',
    });
  });

  it('shows the cheat sheet by default and remembers hiding it for the session', async () => {
    serve();
    renderPage();
    const tips = await screen.findByTestId('cheat-sheet-tips', {}, LOADED);
    expect(tips.hidden).toBe(false);
    expect(tips.textContent).toContain('The focus says what this one chapter is about');
    fireEvent.click(screen.getByTestId('cheat-sheet-toggle'));
    expect(tips.hidden).toBe(true);
    expect(screen.getByTestId('cheat-sheet-toggle').getAttribute('aria-expanded')).toBe('false');
    expect(window.sessionStorage.getItem('quire_cheat_sheet')).toBe('hidden');
  });

  it('asks visitors to sign in', async () => {
    serve();
    clearSession();
    renderPage('/feature/summarize');
    expect((await screen.findByTestId('generation-sign-in', {}, LOADED)).querySelector('a')?.getAttribute('href')).toBe(
      '/login',
    );
    expect(screen.queryByTestId('tool-form')).toBeNull();
  });

  it('speaks German: labels, validation, the empty-result error', async () => {
    serve({ run: () => json(200, { data: { ...RESULT, text: '' } }) });
    renderPage('/de/feature/write-chapter');
    await screen.findByTestId('tool-form', {}, LOADED);
    expect(screen.getByLabelText('Schwerpunkt des Kapitels')).toBe(field('headline'));
    expect(screen.getByTestId('tool-submit').textContent).toBe('Schreiben starten');
    expect(screen.getByTestId('field-length').textContent).toContain('Normal (6 Absätze)');
    submit();
    expect(screen.getByTestId('field-error-headline').textContent).toBe('Schwerpunkt des Kapitels ist erforderlich');
    await fillChapter();
    submit();
    expect((await screen.findByTestId('run-error')).textContent).toBe(
      'Etwas ist schief gelaufen. Bitte versuche es erneut.',
    );
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
