import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages, sourceChunks, sources, userRateWindows } from '../../db/schema';
import { OidcBrowser } from '../../test/oidc-browser';
import { jsonRequest, readBody, startTestApp, type TestApp } from '../../test/test-app';
import { mapReducePaperPdf } from '../../test/test-papers';
import { pagesOfSpan } from '../../text/chunking';
import { GENERATION_LIMITS } from '../generation/generation.limits';

let test: TestApp;
let auth: Record<string, string>;
let documentId: string;

beforeAll(async () => {
  test = await startTestApp();
  const tokens = await new OidcBrowser(test.baseUrl).signUp({
    name: 'Asker',
    email: 'asker@example.org',
    password: 'asks-questions',
  });
  auth = { authorization: `Bearer ${tokens.access_token}` };
  const pdf = await mapReducePaperPdf();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'mapreduce.pdf');
  documentId = (
    await readBody(await test.request('/doc/upload/document', { method: 'POST', body: form, headers: auth }))
  ).data.id;
  await test.app.jobs.drain();
});
afterAll(() => test.close());

const ask = (content: string, headers: Record<string, string> = {}, kind = 'documents', id = documentId) =>
  test.request(`/api/${kind}/${id}/messages`, jsonRequest('POST', { content }, { ...auth, ...headers }));

describe('source chat on the built-in engine', () => {
  it('answers with the sentences that answer best, each cited with the page it stands on', async () => {
    const response = await ask('What does the reduce function do with the intermediate values for a key?');
    expect(response.status).toBe(201);
    const { data } = await readBody(response);
    expect(data).toMatchObject({ role: 'assistant', engine: 'builtin' });
    expect(data.citations.length).toBeGreaterThan(0);
    const chunks = await test.database.db.select().from(sourceChunks).where(eq(sourceChunks.sourceId, documentId));
    for (const citation of data.citations) {
      expect(citation.sourceId).toBe(documentId);
      const chunk = chunks.find((candidate) => candidate.text.includes(citation.passage));
      if (!chunk) throw new Error(`the quote is in no passage: ${citation.passage}`);
      const at = chunk.text.indexOf(citation.passage);
      expect(citation.page).toBe(pagesOfSpan(chunk, at, at + citation.passage.length).pageStart);
    }
    expect(data.citations[0].passage.toLowerCase()).toMatch(/reduce/);
    expect(data.content).toMatch(/\(pp?\. \d+/);
    expect(data.content).toContain(data.citations[0].passage);
  });

  it('says so instead of inventing when the source does not answer', async () => {
    const { data } = await readBody(await ask('Who won the football world cup in 1954?'));
    expect(data.citations).toEqual([]);
    expect(data.content).toBe(
      'I could not find an answer to this in the source. Try asking with the words the text itself uses.',
    );
  });

  it('answers in the language of the request', async () => {
    const { data } = await readBody(
      await ask('How are input files split into map tasks?', { 'accept-language': 'de' }),
    );
    expect(data.content.startsWith('Diese Stellen der Quelle beantworten deine Frage am besten:')).toBe(true);
    expect(data.content).toMatch(/\(S\. \d+/);
  });

  it('streams the answer as Server-Sent Events when asked to', async () => {
    const response = await ask('How does the master handle worker failures?', { accept: 'text/event-stream' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const body = await response.text();
    const deltas = [...body.matchAll(/event: delta\ndata: (.+)\n\n/g)].map(
      (match) => JSON.parse(match[1] ?? '{}').text,
    );
    const done = JSON.parse(/event: done\ndata: (.+)\n\n/.exec(body)?.[1] ?? '{}');
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join('')).toBe(done.content);
    expect(done).toMatchObject({ role: 'assistant', engine: 'builtin' });
  });

  it('keeps the conversation in order', async () => {
    const { data } = await readBody(await test.request(`/api/documents/${documentId}/messages`, { headers: auth }));
    expect(data.map((message: { role: string }) => message.role)).toEqual([
      'user',
      'assistant',
      'user',
      'assistant',
      'user',
      'assistant',
      'user',
      'assistant',
    ]);
    expect(data[0].content).toBe('What does the reduce function do with the intermediate values for a key?');
  });

  it('refuses a source that is still processing, and a document asked for as an article', async () => {
    await test.database.db.update(sources).set({ state: 'processing' }).where(eq(sources.id, documentId));
    const busy = await ask('Anything?');
    expect(busy.status).toBe(409);
    expect((await readBody(busy)).error.code).toBe('source_not_ready');
    await test.database.db.update(sources).set({ state: 'usable' }).where(eq(sources.id, documentId));

    expect((await ask('Anything?', {}, 'articles')).status).toBe(404);
    const empty = await ask('   ');
    expect(empty.status).toBe(400);
    expect((await readBody(empty)).error.message).toBe('Question is required');
  });

  it('refuses questions past the generation limit per minute, storing nothing for them', async () => {
    // A fresh window: the questions of the tests above counted in it.
    await test.database.db.delete(userRateWindows);
    for (let index = 0; index < GENERATION_LIMITS.startsPerMinute; index++) {
      expect((await ask(`Question ${index} about map tasks?`)).status).toBe(201);
    }
    const stored = await test.database.db.select().from(chatMessages).where(eq(chatMessages.sourceId, documentId));
    const refused = await ask('One more question?', { 'accept-language': 'fr' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await readBody(refused)).toEqual({
      error: { code: 'rate_limited', message: 'Trop de requêtes. Patientez un instant puis réessayez.' },
    });
    const after = await test.database.db.select().from(chatMessages).where(eq(chatMessages.sourceId, documentId));
    expect(after).toHaveLength(stored.length);
    await test.database.db.delete(userRateWindows);
  });
});
