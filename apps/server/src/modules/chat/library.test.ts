import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sources, userRateWindows } from '../../db/schema';
import { OidcBrowser } from '../../test/oidc-browser';
import { jsonRequest, readBody, startTestApp, type TestApp } from '../../test/test-app';
import { mapReducePaperPdf } from '../../test/test-papers';
import { chunkPages } from '../../text/chunking';
import { GENERATION_LIMITS } from '../generation/generation.limits';
import { insertPassages } from '../sources/passage-indexer';

let test: TestApp;
let auth: Record<string, string>;
let paperId: string;
let hydrologyId: string;
let busyId: string;

const HYDROLOGY_PAGES = [
  'Afforestation changes the flow regime of catchments. '.repeat(30),
  `${'Daily streamflow was recorded at every weir of the study. '.repeat(10)} Data from 10 catchments in Australia, South Africa and New Zealand were used to fit the flow duration curves. ${'The records were checked for gaps. '.repeat(10)}`,
];

beforeAll(async () => {
  test = await startTestApp();
  const tokens = await new OidcBrowser(test.baseUrl).signUp({
    name: 'Librarian',
    email: 'librarian@example.org',
    password: 'asks-the-library',
  });
  auth = { authorization: `Bearer ${tokens.access_token}` };
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(await mapReducePaperPdf())], { type: 'application/pdf' }), 'mr.pdf');
  paperId = (await readBody(await test.request('/doc/upload/document', { method: 'POST', body: form, headers: auth })))
    .data.id;
  await test.app.jobs.drain();
  const [paper] = await test.database.db.select().from(sources).where(eq(sources.id, paperId));
  const userId = paper?.userId ?? '';
  const db = test.database.db;
  const [hydrology] = await db
    .insert(sources)
    .values({
      userId,
      type: 'document',
      name: 'flows.pdf',
      title: 'Flow duration curves',
      language: 'en',
      state: 'usable',
    })
    .returning();
  hydrologyId = hydrology?.id ?? '';
  await insertPassages(db, { id: hydrologyId, userId }, chunkPages(HYDROLOGY_PAGES), 'english');
  const [busy] = await db
    .insert(sources)
    .values({ userId, type: 'document', name: 'busy.pdf', state: 'processing' })
    .returning();
  busyId = busy?.id ?? '';
}, 60_000);
afterAll(() => test.close());

const askLibrary = (body: object, headers: Record<string, string> = {}) =>
  test.request('/api/library/questions', jsonRequest('POST', body, { ...auth, ...headers }));

describe('questions across the library', () => {
  it('cites the source and page that answer, and not a source that does not bear on the question', async () => {
    const response = await askLibrary({ content: 'How many catchments were used to fit the flow duration curves?' });
    expect(response.status).toBe(200);
    const { data } = await readBody(response);
    expect(data).toMatchObject({ engine: 'builtin', searched: 2 });
    expect(data.citations.length).toBeGreaterThan(0);
    expect(data.citations.map((citation: { sourceId: string }) => citation.sourceId)).not.toContain(paperId);
    expect(data.citations[0]).toMatchObject({ sourceId: hydrologyId, page: 2 });
    expect(data.citations[0].passage).toContain('10 catchments');
    expect(data.content).toContain('Flow duration curves, p. 2');
  });

  it('answers from the paper when asked about it, and only from the chosen sources when some are named', async () => {
    const all = await readBody(await askLibrary({ content: 'What happens when the master fails?' }));
    expect(all.data.citations.map((citation: { sourceId: string }) => citation.sourceId)).toContain(paperId);
    const chosen = await readBody(
      await askLibrary({ content: 'What happens when the master fails?', source_ids: [hydrologyId] }),
    );
    expect(chosen.data).toMatchObject({ citations: [], searched: 1 });
    expect(chosen.data.content).toBe(
      'None of the sources searched answers this. Try asking with the words the texts themselves use, or choose other sources.',
    );
  });

  it('refuses a question no source answers, with no citation, in the language of the request', async () => {
    const { data } = await readBody(
      await askLibrary({ content: 'Who won the football world cup in 1954?' }, { 'accept-language': 'de' }),
    );
    expect(data.citations).toEqual([]);
    expect(data.content.startsWith('Keine der durchsuchten Quellen')).toBe(true);
  });

  it('streams the answer as Server-Sent Events when asked to', async () => {
    const response = await askLibrary(
      { content: 'How many catchments were used to fit the flow duration curves?' },
      { accept: 'text/event-stream' },
    );
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const body = await response.text();
    const deltas = [...body.matchAll(/event: delta\ndata: (.+)\n\n/g)].map(
      (match) => JSON.parse(match[1] ?? '{}').text,
    );
    const done = JSON.parse(/event: done\ndata: (.+)\n\n/.exec(body)?.[1] ?? '{}');
    expect(deltas.join('')).toBe(done.content);
    expect(done.citations[0]).toMatchObject({ sourceId: hydrologyId, page: 2 });
  });

  it('treats a source still processing, or an unknown id, as not found; refuses an empty question', async () => {
    const busy = await askLibrary({ content: 'Anything?', source_ids: [busyId] });
    expect(busy.status).toBe(404);
    expect((await askLibrary({ content: 'Anything?', source_ids: [crypto.randomUUID()] })).status).toBe(404);
    expect((await askLibrary({ content: '  ' })).status).toBe(400);
    expect((await test.request('/api/library/questions', jsonRequest('POST', { content: 'Hi?' }))).status).toBe(401);
  });

  it('counts against the same per-minute limit as source chat', async () => {
    await test.database.db.delete(userRateWindows);
    for (let index = 0; index < GENERATION_LIMITS.startsPerMinute; index++) {
      expect(
        (await test.request(`/api/documents/${paperId}/messages`, jsonRequest('POST', { content: `Q${index}?` }, auth)))
          .status,
      ).toBe(201);
    }
    const refused = await askLibrary({ content: 'One more question?' });
    expect(refused.status).toBe(429);
    await test.database.db.delete(userRateWindows);
  });
});
