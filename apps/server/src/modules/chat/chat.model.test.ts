import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chatMessages, sourceChunks } from '../../db/schema';
import { type FakeOpenAiRequest, type FakeReply, startFakeOpenAi } from '../../test/fake-openai';
import { type LogRecorder, recordLogs } from '../../test/log-recorder';
import { OidcBrowser } from '../../test/oidc-browser';
import { jsonRequest, readBody, startTestApp, type TestApp } from '../../test/test-app';
import { mapReducePaperPdf } from '../../test/test-papers';
import { NOT_IN_SOURCE_MARKER } from './model-prompt';

let fake: Awaited<ReturnType<typeof startFakeOpenAi>>;
let test: TestApp;
let auth: Record<string, string>;
let documentId: string;
/** The app's log: a cancelled question says when its handling ended, and that nothing was stored. */
let logs: LogRecorder;

const QUESTION = 'What does the reduce function do with the intermediate values for a key?';
const NOT_IN_SOURCE =
  'I could not find an answer to this in the source. Try asking with the words the text itself uses.';

beforeAll(async () => {
  fake = await startFakeOpenAi();
  logs = recordLogs();
  test = await startTestApp({
    env: { AI_PROVIDER: 'openai-compatible', AI_BASE_URL: `${fake.url}/v1`, AI_MODEL: 'fake', AI_MAX_RETRIES: '0' },
    logs,
  });
  const tokens = await new OidcBrowser(test.baseUrl).signUp({
    name: 'Reader',
    email: 'reader@example.org',
    password: 'reads-with-a-model',
  });
  auth = { authorization: `Bearer ${tokens.access_token}` };
  const form = new FormData();
  const pdf = await mapReducePaperPdf();
  form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'mapreduce.pdf');
  documentId = (
    await readBody(await test.request('/doc/upload/document', { method: 'POST', body: form, headers: auth }))
  ).data.id;
  await test.app.jobs.drain();
});
beforeEach(() => {
  fake.reset();
  logs.lines.length = 0;
});
afterAll(async () => {
  await test.close();
  await fake.close();
});

const ask = (content: string, headers: Record<string, string> = {}, init: RequestInit = {}) =>
  test.request(`/api/documents/${documentId}/messages`, {
    ...jsonRequest('POST', { content }, { ...auth, ...headers }),
    ...init,
  });

/** The passages the server numbered in the prompt: `[n] (p. x) text`. */
function promptedPassages(request: FakeOpenAiRequest | undefined): { number: number; page: number; text: string }[] {
  const user = request?.body?.messages?.find((message) => message.role === 'user')?.content;
  return [...String(user).matchAll(/^\[(\d+)\] \(pp?\. (\d+)(?:–\d+)?\) (.+)$/gm)].map((match) => ({
    number: Number(match[1]),
    page: Number(match[2]),
    text: String(match[3]),
  }));
}

// biome-ignore lint/suspicious/noExplicitAny: tests assert on the payload's shape themselves
function events(body: string): { event: string; data: any }[] {
  return [...body.matchAll(/event: (\w+)\ndata: (.+)\n\n/g)].map((match) => ({
    event: String(match[1]),
    data: JSON.parse(String(match[2])),
  }));
}

async function waitFor(condition: () => boolean): Promise<void> {
  for (let tries = 0; !condition(); tries += 1) {
    if (tries > 100) throw new Error('the condition never held');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const storedMessages = async () =>
  (await test.database.db.select().from(chatMessages).where(eq(chatMessages.sourceId, documentId))).length;

describe('source chat with a language model', () => {
  it('prompts the model with the question and the retrieved passages, numbered with their pages', async () => {
    fake.reply('The reduce function merges the values for a key [1].');
    expect((await ask(QUESTION)).status).toBe(201);
    const [request] = fake.completions();
    expect(request?.body?.model).toBe('fake');
    const system = String(request?.body?.messages?.find((message) => message.role === 'system')?.content);
    expect(system).toContain(NOT_IN_SOURCE_MARKER);
    expect(system).toMatch(/language the question is written in/);
    const user = String(request?.body?.messages?.find((message) => message.role === 'user')?.content);
    expect(user).toContain(`Question: ${QUESTION}`);
    const passages = promptedPassages(request);
    expect(passages.length).toBeGreaterThan(1);
    expect(passages.length).toBeLessThanOrEqual(6);
    expect(passages.map((passage) => passage.number)).toEqual(passages.map((_, index) => index + 1));
    const chunks = await test.database.db.select().from(sourceChunks).where(eq(sourceChunks.sourceId, documentId));
    for (const passage of passages) {
      const chunk = chunks.find((candidate) => candidate.text === passage.text);
      expect(chunk?.pageStart).toBe(passage.page);
    }
    expect(passages[0]?.text.toLowerCase()).toMatch(/reduce/);
  });

  it('answers with the cited passages, drops an invented [9], renumbers in order of use and says so', async () => {
    fake.reply({ chunks: ['Reduce merges ', 'values [2]. ', 'It is user-written [9][1]. ', 'Again [2].'] });
    const response = await ask(QUESTION);
    const { data } = await readBody(response);
    const passages = promptedPassages(fake.completions()[0]);
    expect(data).toMatchObject({ role: 'assistant', engine: 'model' });
    expect(data.content).toBe(
      'Reduce merges values [1]. It is user-written [2]. Again [1].\n\n_1 citation(s) to passages the model was not given were removed._\n\n_Written by fake from the passages cited. Open a citation to check it against the source._',
    );
    expect(data.citations).toEqual([
      { sourceId: documentId, page: passages[1]?.page, passage: passages[1]?.text },
      { sourceId: documentId, page: passages[0]?.page, passage: passages[0]?.text },
    ]);
  });

  it('says "not in this source" when the model says the passages do not answer, in the asker\'s language', async () => {
    fake.reply(NOT_IN_SOURCE_MARKER);
    expect((await readBody(await ask(QUESTION))).data).toMatchObject({ content: NOT_IN_SOURCE, citations: [] });
    const { data } = await readBody(await ask(QUESTION, { 'accept-language': 'de' }));
    expect(data.content).toBe(
      'Dazu habe ich in der Quelle keine Antwort gefunden. Versuche es mit den Wörtern, die der Text selbst verwendet.',
    );
  });

  it('falls back to the quotes, and says so, when no citation of the answer can be checked', async () => {
    fake.reply('MapReduce was invented on the moon [7].');
    const { data } = await readBody(await ask(QUESTION));
    expect(data.content).not.toContain('moon');
    expect(
      data.content.startsWith(
        "_The model's answer could not be checked against the source, so here are the passages that answer it._",
      ),
    ).toBe(true);
    expect(data.citations.length).toBeGreaterThan(0);
    expect(data.citations[0].passage.toLowerCase()).toMatch(/reduce/);
  });

  it('searches a question asked in another language also in its translation into the source’s language', async () => {
    fake.enqueue(QUESTION);
    fake.reply('Die Reduce-Funktion fasst die Werte eines Schlüssels zusammen [1].');
    const german = 'Was macht die Funktion mit den Zwischenwerten eines Schlüssels?';
    const { data } = await readBody(await ask(german));
    const [translation, answer] = fake.completions();
    const system = String(translation?.body?.messages?.find((message) => message.role === 'system')?.content);
    expect(system).toContain('translate a question');
    const prompt = String(translation?.body?.messages?.find((message) => message.role === 'user')?.content);
    expect(prompt).toContain('into English');
    expect(prompt).toContain(german);
    expect(promptedPassages(answer)[0]?.text.toLowerCase()).toMatch(/reduce/);
    expect(data).toMatchObject({ engine: 'model', citations: [{ sourceId: documentId }] });
    expect(data.content.startsWith('Die Reduce-Funktion fasst die Werte eines Schlüssels zusammen [1].')).toBe(true);
  });

  it('does not ask the model when no passage is relevant', async () => {
    const { data } = await readBody(await ask('Who won the football world cup in 1954?'));
    expect(data).toMatchObject({ content: NOT_IN_SOURCE, citations: [], engine: 'model' });
    expect(fake.completions()).toHaveLength(0);
  });

  it('streams the model text as it is written, then the checked answer', async () => {
    const pieces = ['The master ', 'pings ', 'every worker ', 'periodically [1]', ' [8].'];
    fake.reply({ chunks: pieces, chunkDelayMs: 120 });
    const started = Date.now();
    const response = await ask('How does the master handle worker failures?', { accept: 'text/event-stream' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const arrivals: { at: number; text: string }[] = [];
    const decoder = new TextDecoder();
    for await (const bytes of response.body as unknown as AsyncIterable<Uint8Array>) {
      arrivals.push({ at: Date.now() - started, text: decoder.decode(bytes, { stream: true }) });
    }
    const received = events(arrivals.map((arrival) => arrival.text).join(''));
    expect(received.map((event) => event.event)).toEqual(['delta', 'delta', 'delta', 'delta', 'delta', 'done']);
    expect(received.slice(0, -1).map((event) => event.data.text)).toEqual(pieces);
    const done = received.at(-1)?.data;
    expect(done).toMatchObject({ role: 'assistant', engine: 'model', citations: [{ sourceId: documentId }] });
    expect(
      done.content.startsWith(
        'The master pings every worker periodically [1].\n\n_1 citation(s) to passages the model was not given were removed._\n\n_Written by fake',
      ),
    ).toBe(true);
    // The first piece arrived while the model was still writing, not all at the end.
    const firstDelta = arrivals.find((arrival) => arrival.text.includes('event: delta'));
    expect((arrivals.at(-1)?.at ?? 0) - (firstDelta?.at ?? 0)).toBeGreaterThan(300);
  });

  it('holds back the not-in-source marker instead of streaming it', async () => {
    fake.reply({ chunks: ['NOT_', 'IN_', 'SOURCE'] });
    const body = await (await ask(QUESTION, { accept: 'text/event-stream' })).text();
    expect(events(body)).toEqual([{ event: 'done', data: expect.objectContaining({ content: NOT_IN_SOURCE }) }]);
  });

  it('answers a provider failure with the translated error, and stores neither question nor answer', async () => {
    fake.reply({ status: 500 } satisfies FakeReply);
    const before = await storedMessages();

    const json = await ask(QUESTION, { 'accept-language': 'de' });
    expect(json.status).toBe(502);
    expect((await readBody(json)).error).toEqual({
      code: 'model_failed',
      message:
        'Das Sprachmodell hat nicht richtig geantwortet. Es wurde nichts berechnet; bitte versuche es gleich noch einmal.',
    });

    const streamed = await ask(QUESTION, { accept: 'text/event-stream' });
    expect(streamed.status).toBe(200);
    expect(events(await streamed.text())).toEqual([
      {
        event: 'error',
        data: {
          error: {
            code: 'model_failed',
            message: 'The language model did not answer properly. Nothing was charged; please try again in a moment.',
          },
        },
      },
    ]);
    expect(await storedMessages()).toBe(before);
  });

  it('cancels the model call when the client goes away, and stores nothing', async () => {
    fake.reply({ text: 'one two three four five six seven eight [1]', chunkDelayMs: 150 });
    const before = await storedMessages();
    const controller = new AbortController();
    const response = await ask(QUESTION, { accept: 'text/event-stream' }, { signal: controller.signal });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain('event: delta');
    controller.abort();
    const [request] = fake.completions();
    await request?.closed;
    expect(request?.aborted).toBe(true);
    // The handler is done once it says so; only then is "nothing stored" a fact rather than a race.
    await logs.line('the client left while its answer was written; nothing was stored');
    expect(await storedMessages()).toBe(before);
  });

  it('cancels the model call when a client waiting for JSON goes away', async () => {
    fake.reply({ text: 'one two three four five six seven eight [1]', chunkDelayMs: 150 });
    const before = await storedMessages();
    const controller = new AbortController();
    const pending = ask(QUESTION, {}, { signal: controller.signal }).catch((error: unknown) => error);
    await waitFor(() => fake.completions().length === 1);
    controller.abort();
    expect(await pending).toBeInstanceOf(Error);
    const [request] = fake.completions();
    await request?.closed;
    expect(request?.aborted).toBe(true);
    await logs.line('the client left before its answer was ready; nothing was stored');
    expect(await storedMessages()).toBe(before);
  });

  it("refuses a source that is not the asker's before asking the model, also for a stream", async () => {
    const response = await test.request(
      '/api/documents/00000000-0000-4000-8000-000000000000/messages',
      jsonRequest('POST', { content: QUESTION }, { ...auth, accept: 'text/event-stream' }),
    );
    expect(response.status).toBe(404);
    expect(fake.completions()).toHaveLength(0);
  });
});
