import { SHARE_TOKEN_PATTERN } from '@quire/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { generations, ownApps, sharedResults } from '../../db/schema';
import { jsonRequest, readBody, startTestApp, type TestApp } from '../../test/test-app';
import { signUpWriter, type Writer } from '../generation/generation.test-kit';
import { encodeCursor } from './history.cursor';

let test: TestApp;
let owner: Writer;
let other: Writer;

beforeAll(async () => {
  test = await startTestApp();
  owner = await signUpWriter(test, 'history-owner@example.org');
  other = await signUpWriter(test, 'history-other@example.org');
});
afterAll(() => test.close());
beforeEach(async () => {
  await test.database.db.delete(generations);
  await test.database.db.delete(ownApps);
});

type Stored = {
  slug?: string;
  inputs?: Record<string, unknown>;
  text?: string;
  createdAt?: Date;
  userId?: string;
  items?: string[];
};

/** A stored result of the owner (unless another user is named), as a writing tool leaves it. */
async function store({
  slug = 'write-chapter',
  inputs = {},
  text = 'A text.',
  createdAt,
  userId = owner.userId,
  items,
}: Stored) {
  const [row] = await test.database.db
    .insert(generations)
    .values({ userId, slug, inputs, wordsUsed: 12, text, engine: 'builtin', createdAt, items })
    .returning();
  if (!row) throw new Error('not stored');
  return row.id;
}

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

async function list(query: string, headers: Record<string, string> = owner.auth) {
  const response = await test.request(`/api/history${query}`, { headers });
  return { status: response.status, body: await readBody(response) };
}

const ids = (body: { data?: { items: { id: string }[] } }) => body.data?.items.map((item) => item.id);

describe('GET /api/history', () => {
  it('asks for a signed-in user', async () => {
    expect((await test.request('/api/history')).status).toBe(401);
  });

  it("lists the user's results of every tool, newest first, with own applications' names and an excerpt", async () => {
    const [app] = await test.database.db
      .insert(ownApps)
      .values({ userId: owner.userId, name: 'Cover letter', inputs: [], prompt: 'Write {job}' })
      .returning();
    const chapter = await store({
      inputs: { topic: 'Photosynthesis', headline: 'Light' },
      text: `## Light reactions\n\nPlants turn **light** into _sugar_ [1].\n\n- one\n- two ${'word '.repeat(100)}`,
      createdAt: minutesAgo(30),
    });
    const own = await store({ slug: `own-${app?.id}`, text: 'Dear team,', createdAt: minutesAgo(20) });
    const summary = await store({ slug: 'summarize', text: 'Short.', createdAt: minutesAgo(10) });
    await store({ userId: other.userId, text: 'Not yours.' });

    const { status, body } = await list('');
    expect(status).toBe(200);
    expect(ids(body)).toEqual([summary, own, chapter]);
    expect(body.data.next).toBeNull();
    const [, ownItem, chapterItem] = body.data.items;
    expect(ownItem).toMatchObject({ slug: `own-${app?.id}`, tool_name: 'Cover letter', excerpt: 'Dear team,' });
    expect(chapterItem).toMatchObject({
      slug: 'write-chapter',
      tool_name: null,
      inputs: { topic: 'Photosynthesis', headline: 'Light' },
      words_used: 12,
      shared_token: null,
    });
    expect(chapterItem.excerpt).toMatch(/^Light reactions Plants turn light into sugar\. one two word word/);
    expect(chapterItem.excerpt.length).toBeGreaterThan(270);
    expect(chapterItem.excerpt.length).toBeLessThanOrEqual(280);
    expect(chapterItem.excerpt.endsWith('…')).toBe(true);
    expect(chapterItem).not.toHaveProperty('text');
  });

  it('filters by tool, a built-in slug or an own application', async () => {
    const chapter = await store({ slug: 'write-chapter' });
    await store({ slug: 'summarize' });
    const own = await store({ slug: 'own-2b0c8a54-5d2e-4a8e-9d57-1c2f3e4a5b6c' });
    expect(ids((await list('?tool=write-chapter')).body)).toEqual([chapter]);
    expect(ids((await list('?tool=own-2b0c8a54-5d2e-4a8e-9d57-1c2f3e4a5b6c')).body)).toEqual([own]);
    expect(ids((await list('?tool=find-topic')).body)).toEqual([]);
  });

  describe('full-text search', () => {
    it('finds a German result by an inflected German word, stemmed in the reader language', async () => {
      const houses = await store({
        inputs: { topic: 'Stadtplanung', language: 'de' },
        text: 'Die alten Häuser der Stadt wurden renoviert.',
      });
      const house = await store({ inputs: { topic: 'Wohnen', language: 'de' }, text: 'Das Haus steht am Fluss.' });
      await store({ inputs: { topic: 'Cities', language: 'en' }, text: 'Old towns are quiet.' });
      const german = { ...owner.auth, 'accept-language': 'de' };
      expect(ids((await list('?q=Haus', german)).body)?.sort()).toEqual([houses, house].sort());
      expect(ids((await list(`?q=${encodeURIComponent('Häuser')}`, german)).body)?.sort()).toEqual(
        [houses, house].sort(),
      );
    });

    it('finds an English result by its exact word and by a word only in its topic', async () => {
      const english = await store({
        inputs: { topic: 'Mitochondria', language: 'en' },
        text: 'Cells release energy through respiration.',
      });
      await store({ inputs: { topic: 'Leaves', language: 'en' }, text: 'Chlorophyll absorbs light.' });
      expect(ids((await list('?q=respiration')).body)).toEqual([english]);
      expect(ids((await list('?q=mitochondria')).body)).toEqual([english]);
      expect(ids((await list('?q=respiration%20-cells')).body)).toEqual([]);
    });

    it("never finds another user's results", async () => {
      await store({ userId: other.userId, inputs: { language: 'en' }, text: 'Secret glaciers melt.' });
      const mine = await store({ inputs: { language: 'en' }, text: 'My glaciers melt.' });
      expect(ids((await list('?q=glaciers')).body)).toEqual([mine]);
      expect(ids((await list('?q=glaciers', other.auth)).body)).not.toContain(mine);
    });

    it('answers a query of only symbols or stop words without failing', async () => {
      await store({ inputs: { language: 'en' }, text: 'The results of the study.' });
      for (const q of ['!!! ### ...', '"', '-', 'the of and', '&|!():*']) {
        const { status, body } = await list(`?q=${encodeURIComponent(q)}`);
        expect(status, q).toBe(200);
        expect(Array.isArray(body.data.items)).toBe(true);
      }
    });

    it('combines the search with the tool filter', async () => {
      const chapter = await store({ slug: 'write-chapter', inputs: { language: 'en' }, text: 'Volcanoes erupt.' });
      await store({ slug: 'freestyle', inputs: { language: 'en' }, text: 'Volcanoes sleep.' });
      expect(ids((await list('?q=volcanoes&tool=write-chapter')).body)).toEqual([chapter]);
    });
  });

  describe('pagination', () => {
    it('pages through every result once, newest first, also when results share a creation time', async () => {
      const same = minutesAgo(5);
      const stored = [
        await store({ createdAt: minutesAgo(1) }),
        await store({ createdAt: same }),
        await store({ createdAt: same }),
        await store({ createdAt: same }),
        await store({ createdAt: minutesAgo(9) }),
      ];
      const seen: string[] = [];
      let query = '?limit=2';
      for (let page = 0; page < 5; page += 1) {
        const { status, body } = await list(query);
        expect(status).toBe(200);
        seen.push(...(ids(body) ?? []));
        if (!body.data.next) break;
        query = `?limit=2&before=${encodeURIComponent(body.data.next)}`;
      }
      expect(seen).toHaveLength(5);
      expect(new Set(seen)).toEqual(new Set(stored));
      expect(seen[0]).toBe(stored[0]);
      expect(seen[4]).toBe(stored[4]);
    });

    it('refuses a cursor it did not write with a validation error, never a 500', async () => {
      const forged = [
        'not-a-cursor',
        '%%%',
        Buffer.from('{"at":1}').toString('base64url'),
        encodeCursor({ at: '2026-13-01T00:00:00.000000Z', id: '2b0c8a54-5d2e-4a8e-9d57-1c2f3e4a5b6c' }),
        encodeCursor({ at: '2026-02-30T00:00:00.000000Z', id: '2b0c8a54-5d2e-4a8e-9d57-1c2f3e4a5b6c' }),
        encodeCursor({ at: '2026-01-01T00:00:00.000000Z', id: 'nope' }),
      ];
      for (const before of forged) {
        const { status, body } = await list(`?before=${encodeURIComponent(before)}`);
        expect(status, before).toBe(400);
        expect(body.error.code).toBe('validation_error');
        expect(body.error.details.fields[0].path).toMatch(/^before/);
      }
      expect((await list('?limit=0')).status).toBe(400);
    });
  });
});

describe('GET and DELETE /api/history/:id', () => {
  it('shows one of the user’s results with its text, and 404 for others, unknown and malformed ids', async () => {
    const id = await store({ inputs: { topic: 'Cells' }, text: '# Cells\n\nAll *life* is cellular.' });
    const response = await test.request(`/api/history/${id}`, { headers: owner.auth });
    expect(response.status).toBe(200);
    expect((await readBody(response)).data).toMatchObject({
      id,
      text: '# Cells\n\nAll *life* is cellular.',
      excerpt: 'Cells All life is cellular.',
      citations: [],
      engine: { kind: 'builtin', model: null },
      shared_token: null,
    });
    for (const [path, headers] of [
      [`/api/history/${id}`, other.auth],
      ['/api/history/2b0c8a54-5d2e-4a8e-9d57-1c2f3e4a5b6c', owner.auth],
      ['/api/history/not-a-uuid', owner.auth],
    ] as const) {
      expect((await test.request(path, { headers })).status, path).toBe(404);
    }
  });

  it('deletes only the user’s own result', async () => {
    const id = await store({});
    const refused = await test.request(`/api/history/${id}`, { method: 'DELETE', headers: other.auth });
    expect(refused.status).toBe(404);
    const deleted = await test.request(`/api/history/${id}`, { method: 'DELETE', headers: owner.auth });
    expect(deleted.status).toBe(200);
    expect((await readBody(deleted)).data).toEqual({ deleted: true });
    expect((await test.request(`/api/history/${id}`, { headers: owner.auth })).status).toBe(404);
    expect((await test.request('/api/history/xyz', { method: 'DELETE', headers: owner.auth })).status).toBe(404);
  });
});

describe('sharing', () => {
  const share = (id: string, headers = owner.auth) =>
    test.request(`/api/history/${id}/share`, { method: 'POST', headers });
  const revoke = (id: string, headers = owner.auth) =>
    test.request(`/api/history/${id}/share`, { method: 'DELETE', headers });

  it('creates one public link per result: 201 the first time, the same link with 200 after', async () => {
    const id = await store({});
    const first = await share(id);
    expect(first.status).toBe(201);
    const link = (await readBody(first)).data;
    expect(link.token).toMatch(SHARE_TOKEN_PATTERN);
    expect(link.token.length).toBeGreaterThanOrEqual(32);
    expect(link.url).toBe(`${test.config.publicUrl}/shared/${link.token}`);
    const again = await share(id);
    expect(again.status).toBe(200);
    expect((await readBody(again)).data).toEqual(link);
    expect((await list('')).body.data.items[0].shared_token).toBe(link.token);
    const other2 = await share(await store({}));
    expect((await readBody(other2)).data.token).not.toBe(link.token);
  });

  it('shows a shared result to anyone, without anything about its author or its other inputs', async () => {
    const id = await store({
      inputs: { topic: 'Quantum dots', text: 'the pasted original', study_subject: 'Physics', language: 'en' },
      text: 'Quantum dots glow [1].',
      items: ['one', 'two'],
    });
    const { token } = (await readBody(await share(id))).data;
    const response = await test.request(`/api/shared/${token}`);
    expect(response.status).toBe(200);
    const raw = await response.text();
    const body = JSON.parse(raw);
    expect(body.data).toEqual({
      slug: 'write-chapter',
      tool_name: null,
      title: 'Quantum dots',
      created_at: expect.any(String),
      text: 'Quantum dots glow [1].',
      citations: [],
      items: ['one', 'two'],
    });
    for (const secret of ['history-owner', 'Writer', owner.userId, id, 'pasted original', 'Physics', 'words_used']) {
      expect(raw, secret).not.toContain(secret);
    }
    // Signed in as someone else changes nothing.
    expect(await (await test.request(`/api/shared/${token}`, { headers: other.auth })).text()).toBe(raw);
  });

  it('titles a shared result by its headline, else its first heading or line', async () => {
    const title = async (inputs: Record<string, unknown>, text: string) => {
      const { token } = (await readBody(await share(await store({ inputs, text })))).data;
      return (await readBody(await test.request(`/api/shared/${token}`))).data.title;
    };
    expect(await title({ headline: 'Dark reactions' }, 'Text.')).toBe('Dark reactions');
    expect(await title({}, 'Intro line\n\n## The **real** heading\n\nBody.')).toBe('The real heading');
    expect(await title({ text: 'pasted' }, '\n\nFirst *line* here.\nSecond.')).toBe('First line here.');
    // Running text gives its first sentence, or its start when that is long.
    expect(await title({}, 'Glaciers store water. They melt as the climate warms.')).toBe('Glaciers store water.');
    const long = await title({}, `${'word '.repeat(40)}end.`);
    expect(long).toMatch(/^word word .*word…$/);
    expect(long.length).toBeLessThanOrEqual(90);
  });

  it('revokes a link: the public view is gone, and sharing again makes a new link', async () => {
    const id = await store({});
    const { token } = (await readBody(await share(id))).data;
    const revoked = await revoke(id);
    expect(revoked.status).toBe(200);
    expect((await readBody(revoked)).data).toEqual({ revoked: true });
    expect((await test.request(`/api/shared/${token}`)).status).toBe(404);
    expect((await list('')).body.data.items[0].shared_token).toBeNull();
    expect((await revoke(id)).status).toBe(200);
    const again = await share(id);
    expect(again.status).toBe(201);
    expect((await readBody(again)).data.token).not.toBe(token);
  });

  it("neither shares nor revokes another user's result", async () => {
    const id = await store({});
    const { token } = (await readBody(await share(id))).data;
    expect((await share(id, other.auth)).status).toBe(404);
    expect((await revoke(id, other.auth)).status).toBe(404);
    expect((await test.request(`/api/shared/${token}`)).status).toBe(200);
    expect((await share('not-a-uuid')).status).toBe(404);
  });

  it('answers unknown and malformed tokens with 404, and deleting the result ends its link', async () => {
    expect((await test.request('/api/shared/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    expect((await test.request('/api/shared/short')).status).toBe(404);
    const id = await store({});
    const { token } = (await readBody(await share(id))).data;
    await test.request(`/api/history/${id}`, { method: 'DELETE', headers: owner.auth });
    expect((await test.request(`/api/shared/${token}`)).status).toBe(404);
    expect(await test.database.db.select().from(sharedResults).where(eq(sharedResults.token, token))).toEqual([]);
  });

  it('keeps share routes for signed-in users', async () => {
    const id = await store({});
    expect((await test.request(`/api/history/${id}/share`, jsonRequest('POST', {}))).status).toBe(401);
  });
});

describe('a result written by a tool', () => {
  it('appears in the history and is found by a word of its text', async () => {
    const run = await test.request(
      '/gen/summarize',
      jsonRequest(
        'POST',
        {
          inputs: {
            text: 'Glaciers store most of the fresh water on Earth. Glaciers retreat as the climate warms. Melting glaciers raise the sea level.',
          },
        },
        owner.auth,
      ),
    );
    expect(run.status).toBe(201);
    const result = (await readBody(run)).data;
    const { body } = await list('?q=glaciers');
    expect(ids(body)).toEqual([result.id]);
    expect(body.data.items[0]).toMatchObject({ slug: 'summarize', words_used: result.words_used });
  });
});
