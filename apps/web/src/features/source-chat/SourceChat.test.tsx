import type { ChatMessage, Source } from '@quire/contracts';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildRoutes } from '../../app/routes';
import { json, STATUS_OK, type StubbedCall, stubFetch } from '../../test/fetch-stub';
import { testProfile } from '../../test/profile';
import { act, fireEvent, render, screen, waitFor, within } from '../../test/render';
import { signIn } from '../../test/session';
import { aSource } from '../../test/sources';
import { aStructure } from '../../test/structure';
import { invalidateServerStatus } from '../status/status.store';

const THESIS = aSource({
  id: 'd1',
  name: 'Thesis.pdf',
  created_at: '2026-03-03T09:00:00Z',
  pdf_url: '/doc/documents/d1/file?expires=1&signature=abc',
});
const READING = aSource({ id: 'd2', name: 'Reading.pdf', state: 'processing', progress: 45 });
const ARTICLE = aSource({ id: 'w1', name: 'example.org/article', type: 'website' });

const PROFILE = testProfile();

const QUESTION: ChatMessage = {
  id: 'm1',
  role: 'user',
  content: 'What is photosynthesis?',
  citations: [],
  engine: null,
  created_at: '2026-03-03T10:00:00Z',
};
const STORED_ANSWER: ChatMessage = {
  id: 'm2',
  role: 'assistant',
  content:
    'These passages answer your question:\n\n> Plants turn light into sugar. (p. 12) [1]\n\n_Written by the built-in engine._',
  citations: [{ sourceId: 'd1', page: 12, passage: 'Plants turn light into sugar.' }],
  engine: 'builtin',
  created_at: '2026-03-03T10:00:01Z',
};
const NEW_ANSWER: ChatMessage = {
  id: 'm4',
  role: 'assistant',
  content: 'These passages answer your question:\n\n> Chlorophyll is green. <b>not bold</b> [1]',
  citations: [{ sourceId: 'w1', page: null, passage: 'Chlorophyll is green.' }],
  engine: 'builtin',
  created_at: '2026-03-03T10:05:00Z',
};

type Chat = {
  messages?: (call: StubbedCall) => Response;
  ask?: (call: StubbedCall) => Response | Promise<Response>;
  /** GET /doc/documents/:id/structure; a document without one unless told. */
  structure?: (call: StubbedCall) => Response;
};

function serve(chat: Chat = {}, sources: { documents?: Source[]; websites?: Source[] } = {}) {
  return stubFetch((call) => {
    if (call.url === '/api/status') return json(200, STATUS_OK);
    if (call.url === '/api/auth/user/customer') return json(200, { data: PROFILE });
    if (call.url === '/doc/documents') return json(200, { data: sources.documents ?? [THESIS, READING] });
    if (call.url === '/doc/websites') return json(200, { data: sources.websites ?? [ARTICLE] });
    if (/^\/doc\/documents\/[^/]+\/structure$/.test(call.url))
      return chat.structure?.(call) ?? json(200, { data: null });
    if (/^\/api\/(documents|articles)\/[^/]+\/messages$/.test(call.url)) {
      if (call.method === 'GET') return chat.messages?.(call) ?? json(200, { data: [] });
      if (call.method === 'POST') return chat.ask?.(call) ?? json(201, { data: NEW_ANSWER });
    }
    return json(404, { error: { code: 'not_found', message: 'Not found' } });
  });
}

function renderChat(path = '/feature/source-qa') {
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

async function choose(id: string) {
  const select = (await screen.findByTestId('source-chat-source')) as HTMLSelectElement;
  fireEvent.change(select, { target: { value: id } });
  return select;
}

const messages = () => screen.queryAllByTestId('chat-message');
const structureCalls = (calls: StubbedCall[]) => calls.filter((call) => call.url.endsWith('/structure'));

beforeEach(() => {
  invalidateServerStatus();
  signIn();
});

describe('source Q&A page', () => {
  it('offers usable documents and articles; one still being read is disabled with its state', async () => {
    serve();
    renderChat();
    const select = (await screen.findByTestId('source-chat-source')) as HTMLSelectElement;
    const options = [...select.options].map((option) => [option.value, option.textContent, option.disabled]);
    expect(options).toEqual([
      ['', 'Choose a source…', false],
      ['d1', 'Thesis.pdf', false],
      ['d2', 'Reading.pdf (Reading 45%)', true],
      ['w1', 'example.org/article', false],
    ]);
    expect(screen.getByTestId('source-chat-placeholder').textContent).toBe(
      'Choose a source to see your conversation with it and ask questions.',
    );
    expect(screen.queryByTestId('coming-soon')).toBeNull();
  });

  it('shows an empty library with a link to the sources page', async () => {
    serve({}, { documents: [], websites: [] });
    renderChat('/de/feature/source-qa');
    const empty = await screen.findByTestId('source-chat-empty');
    expect(within(empty).getByRole('link', { name: 'Quellen hinzufügen' }).getAttribute('href')).toBe('/de/sources');
  });

  it('shows the stored conversation; [1] opens the passage, its page and the PDF at that page', async () => {
    const { calls } = serve({ messages: () => json(200, { data: [QUESTION, STORED_ANSWER] }) });
    renderChat();
    await choose('d1');
    await waitFor(() => expect(messages()).toHaveLength(2));
    expect(calls.some((call) => call.url === '/api/documents/d1/messages' && call.method === 'GET')).toBe(true);
    expect(messages().map((message) => message.dataset.role)).toEqual(['user', 'assistant']);
    const answer = messages()[1] as HTMLElement;
    expect(answer.querySelector('blockquote')?.textContent).toBe('Plants turn light into sugar. (p. 12) [1]');
    expect(answer.querySelector('.answer__note')?.textContent).toBe('Written by the built-in engine.');

    const ref = within(answer).getByTestId('citation-ref');
    fireEvent.click(ref);
    const panel = await screen.findByTestId('citation-panel');
    expect(within(panel).getByRole('heading').textContent).toBe('Passage [1]');
    expect(panel.querySelector('blockquote')?.textContent).toBe('Plants turn light into sugar.');
    expect(within(panel).getByTestId('citation-page').textContent).toBe('Page 12');
    expect(within(panel).getByRole('link', { name: 'Open PDF at this page' }).getAttribute('href')).toBe(
      '/doc/documents/d1/file?expires=1&signature=abc#page=12',
    );
    fireEvent.keyDown(panel, { key: 'Escape' });
    expect(screen.queryByTestId('citation-panel')).toBeNull();
    expect(document.activeElement).toBe(ref);
  });

  it('streams an answer in, then shows the stored message; Enter sends, Shift+Enter does not', async () => {
    let finish: (() => void) | undefined;
    const { calls } = serve({
      ask: () =>
        new Response(
          new ReadableStream<Uint8Array>({
            start(controller) {
              const encoder = new TextEncoder();
              controller.enqueue(encoder.encode('event: delta\ndata: {"text":"These passages '));
              controller.enqueue(encoder.encode('answer your question:\\n\\n"}\n\n'));
              finish = () => {
                controller.enqueue(encoder.encode(`event: done\ndata: ${JSON.stringify(NEW_ANSWER)}\n\n`));
                controller.close();
              };
            },
          }),
          { status: 200, headers: { 'Content-Type': 'text/event-stream' } },
        ),
    });
    renderChat();
    await choose('w1');
    await screen.findByTestId('chat-empty');
    const question = screen.getByTestId('source-chat-question') as HTMLTextAreaElement;
    const send = screen.getByTestId('source-chat-send') as HTMLButtonElement;
    expect(send.disabled).toBe(true);

    fireEvent.change(question, { target: { value: 'What colour is chlorophyll?' } });
    expect(screen.getByTestId('source-chat-count').textContent).toBe('27 / 2,000');
    fireEvent.keyDown(question, { key: 'Enter', shiftKey: true });
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    fireEvent.keyDown(question, { key: 'Enter' });
    await waitFor(() =>
      expect(
        screen.getByText('These passages answer your question:').closest('[data-testid]')?.getAttribute('data-testid'),
      ).toBe('chat-message'),
    );
    expect(question.disabled).toBe(true);
    expect((screen.getByTestId('source-chat-source') as HTMLSelectElement).disabled).toBe(true);
    expect(messages().map((message) => message.dataset.role)).toEqual(['user', 'assistant']);
    expect(messages()[1]?.dataset.pending).toBe('true');

    const post = calls.find((call) => call.method === 'POST');
    expect(post).toMatchObject({ url: '/api/articles/w1/messages', body: { content: 'What colour is chlorophyll?' } });
    expect(post?.headers.get('Accept')).toBe('text/event-stream');

    await act(async () => finish?.());
    await waitFor(() => expect(messages()[1]?.dataset.messageId).toBe('m4'));
    expect(messages()[0]?.textContent).toContain('What colour is chlorophyll?');
    expect(question.disabled).toBe(false);
    expect(question.value).toBe('');
    // Markup in an answer stays text.
    expect(messages()[1]?.querySelector('b')).toBeNull();
    expect(messages()[1]?.textContent).toContain('<b>not bold</b>');

    fireEvent.click(within(messages()[1] as HTMLElement).getByTestId('citation-ref'));
    const panel = await screen.findByTestId('citation-panel');
    expect(within(panel).getByTestId('citation-page').textContent).toBe('Web article – no page numbers');
    expect(within(panel).queryByRole('link')).toBeNull();
  });

  it('uses a JSON answer when the server does not stream', async () => {
    serve({ ask: () => json(201, { data: NEW_ANSWER }) });
    renderChat();
    await choose('d1');
    await screen.findByTestId('chat-empty');
    fireEvent.change(screen.getByTestId('source-chat-question'), { target: { value: 'Colour?' } });
    fireEvent.click(screen.getByTestId('source-chat-send'));
    await waitFor(() => expect(messages()).toHaveLength(2));
    await waitFor(() => expect(messages()[1]?.dataset.messageId).toBe('m4'));
  });

  it('says a source is still being read, and keeps the question for later', async () => {
    serve({
      ask: () => json(409, { error: { code: 'source_not_ready', message: 'This source is still being processed.' } }),
    });
    renderChat();
    await choose('d1');
    await screen.findByTestId('chat-empty');
    const question = screen.getByTestId('source-chat-question') as HTMLTextAreaElement;
    fireEvent.change(question, { target: { value: 'Too early?' } });
    fireEvent.click(screen.getByTestId('source-chat-send'));
    const notice = await screen.findByTestId('chat-not-ready');
    expect(notice.textContent).toContain('This source is still being processed.');
    expect(notice.textContent).toContain('Wait until the source is ready, then ask again.');
    expect(messages()).toHaveLength(0);
    expect(question.value).toBe('Too early?');
    expect(question.disabled).toBe(false);
  });

  it('shows a language-model failure sent in the stream, drops the half answer and keeps the question', async () => {
    const failure = { error: { code: 'model_failed', message: 'Das Sprachmodell hat nicht richtig geantwortet.' } };
    serve({
      ask: () =>
        new Response(
          [
            'event: delta\ndata: {"text":"The master pings"}\n\n',
            `event: error\ndata: ${JSON.stringify(failure)}\n\n`,
          ].join(''),
          { status: 200, headers: { 'Content-Type': 'text/event-stream' } },
        ),
    });
    renderChat();
    await choose('d1');
    await screen.findByTestId('chat-empty');
    const question = screen.getByTestId('source-chat-question') as HTMLTextAreaElement;
    fireEvent.change(question, { target: { value: 'How are failures detected?' } });
    fireEvent.click(screen.getByTestId('source-chat-send'));
    const notice = await screen.findByTestId('chat-error');
    expect(notice.textContent).toContain('Das Sprachmodell hat nicht richtig geantwortet.');
    expect(messages()).toHaveLength(0);
    expect(screen.queryByText('The master pings')).toBeNull();
    expect(question.value).toBe('How are failures detected?');
    expect(question.disabled).toBe(false);
  });

  it('shows the note under a language-model answer', async () => {
    const written: ChatMessage = {
      ...STORED_ANSWER,
      content: 'Plants turn light into sugar [1].\n\n_Written by llama3.2 from the passages cited._',
      engine: 'model',
    };
    serve({ messages: () => json(200, { data: [QUESTION, written] }) });
    renderChat();
    await choose('d1');
    await waitFor(() => expect(messages()).toHaveLength(2));
    const answer = messages()[1] as HTMLElement;
    expect(answer.querySelector('.answer__paragraph')?.textContent).toBe('Plants turn light into sugar [1].');
    expect(answer.querySelector('.answer__note')?.textContent).toBe('Written by llama3.2 from the passages cited.');
    expect(within(answer).getAllByTestId('citation-ref')).toHaveLength(1);
  });

  it('shows a failed conversation load with the server message and loads again on retry', async () => {
    let fail = true;
    serve({
      messages: () =>
        fail
          ? json(404, { error: { code: 'not_found', message: 'Diese Quelle gibt es nicht.' } })
          : json(200, { data: [QUESTION, STORED_ANSWER] }),
    });
    renderChat();
    await choose('d1');
    const error = await screen.findByTestId('chat-error');
    expect(error.textContent).toContain('Diese Quelle gibt es nicht.');
    fail = false;
    fireEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(messages()).toHaveLength(2));
  });

  it("shows a chosen document's outline beside the chat, in the page's language", async () => {
    const { calls } = serve({ structure: () => json(200, { data: aStructure() }) });
    renderChat('/de/feature/source-qa');
    await choose('d1');
    const outline = await screen.findByRole('region', { name: 'Gliederung des Dokuments' });
    expect(outline.closest('.source-chat__side')).not.toBeNull();
    expect((await within(outline).findByTestId('paper-outline-title')).textContent).toBe(
      'Cover crops against soil erosion',
    );
    expect(within(outline).getByTestId('paper-outline-authors').textContent).toBe(
      'Ada Lovelace, Jan van der Berg und Grace Hopper',
    );
    expect(within(outline).getByText('Field sites').nextElementSibling?.textContent).toBe('S. 3');
    expect(within(outline).getByTestId('paper-outline-captions').textContent).toBe('Abbildungen: 2 · Tabellen: 1');
    expect(outline.querySelector('summary')?.textContent).toBe('Literaturverzeichnis (2)');
    expect(structureCalls(calls).map((call) => call.url)).toEqual(['/doc/documents/d1/structure']);
  });

  it('says when a document has no structure yet, and shows no outline for a web article', async () => {
    const { calls } = serve();
    renderChat();
    await choose('d1');
    expect((await screen.findByTestId('paper-outline-empty')).textContent).toContain(
      "Quire has not read this document's structure yet",
    );

    await choose('w1');
    await screen.findByTestId('chat-empty');
    expect(screen.queryByTestId('paper-outline')).toBeNull();
    expect(structureCalls(calls).map((call) => call.url)).toEqual(['/doc/documents/d1/structure']);
  });
});
