import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedbackMessages, generations, resultReports } from '../../db/schema';
import { jsonRequest, readBody, startTestApp, type TestApp } from '../../test/test-app';
import { signUpWriter, type Writer } from '../generation/generation.test-kit';
import { FEEDBACK_RATE_LIMIT } from './feedback.routes';

let test: TestApp;
let ada: Writer;
let grace: Writer;

beforeAll(async () => {
  test = await startTestApp();
  ada = await signUpWriter(test, 'ada-feedback@example.org');
  grace = await signUpWriter(test, 'grace-feedback@example.org');
});
afterAll(() => test.close());

async function resultOf(writer: Writer): Promise<string> {
  const [row] = await test.database.db
    .insert(generations)
    .values({
      userId: writer.userId,
      slug: 'write-chapter',
      inputs: {},
      wordsUsed: 3,
      text: 'A short chapter.',
      engine: 'builtin',
    })
    .returning();
  return row?.id ?? '';
}

const post = (path: string, body: unknown, headers: Record<string, string> = {}, target: TestApp = test) =>
  target.request(path, jsonRequest('POST', body, headers));

describe('POST /api/feedback', () => {
  it('needs a signed-in user', async () => {
    expect((await post('/api/feedback', { body: 'Nice' })).status).toBe(401);
  });

  it('stores the message, the optional rating and the page, for the user', async () => {
    const response = await post(
      '/api/feedback',
      { body: '  The outline tool saved my week.  ', rating: 5, path: '/de/feature/write-outline' },
      { ...ada.auth, 'accept-language': 'de' },
    );
    expect(response.status).toBe(201);
    const { data } = await readBody(response);
    const [row] = await test.database.db.select().from(feedbackMessages).where(eq(feedbackMessages.id, data.id));
    expect(row).toMatchObject({
      userId: ada.userId,
      body: 'The outline tool saved my week.',
      rating: 5,
      path: '/de/feature/write-outline',
      locale: 'de',
    });
    expect(data.created_at).toBe(row?.createdAt.toISOString());
  });

  it('keeps a message without a rating', async () => {
    const response = await post('/api/feedback', { body: 'Please add Chicago style.' }, ada.auth);
    expect(response.status).toBe(201);
    const { data } = await readBody(response);
    const [row] = await test.database.db.select().from(feedbackMessages).where(eq(feedbackMessages.id, data.id));
    expect(row?.rating).toBeNull();
  });

  it.each([
    ['no message', { rating: 4 }, 'body', 'Message is required'],
    ['a rating of 6', { body: 'x', rating: 6 }, 'rating', 'Rating'],
    ['a long message', { body: 'x'.repeat(2_001) }, 'body', 'Message must not be longer than 2000 characters'],
    ['a page with a query', { body: 'x', path: '/pricing?coupon=1' }, 'path', 'Path'],
  ])('refuses %s with a message naming the field', async (_case, body, path, message) => {
    const response = await post('/api/feedback', body, ada.auth);
    expect(response.status).toBe(400);
    const { error } = await readBody(response);
    expect(error.details.fields[0].path).toBe(path);
    expect(error.details.fields[0].message).toContain(message);
  });

  it("answers 429 after the hour's messages, for that user only", async () => {
    const flooding = await signUpWriter(test, 'flood-feedback@example.org');
    for (let index = 0; index < FEEDBACK_RATE_LIMIT.limit; index++) {
      expect((await post('/api/feedback', { body: `Message ${index}` }, flooding.auth)).status).toBe(201);
    }
    const refused = await post('/api/feedback', { body: 'One more' }, flooding.auth);
    expect(refused.status).toBe(429);
    expect((await readBody(refused)).error.code).toBe('rate_limited');
    expect((await post('/api/feedback', { body: 'Mine' }, grace.auth)).status).toBe(201);
  });
});

describe('POST /api/reports', () => {
  it('needs a signed-in user', async () => {
    const id = await resultOf(ada);
    expect((await post('/api/reports', { result_id: id, reason: 'offensive' })).status).toBe(401);
  });

  it("stores a report about one of the user's own results", async () => {
    const id = await resultOf(ada);
    const response = await post(
      '/api/reports',
      { result_id: id, reason: 'wrong_citations', comment: 'Reference 3 does not say this.' },
      { ...ada.auth, 'accept-language': 'fr' },
    );
    expect(response.status).toBe(201);
    const { data } = await readBody(response);
    const [row] = await test.database.db.select().from(resultReports).where(eq(resultReports.id, data.id));
    expect(row).toMatchObject({
      userId: ada.userId,
      generationId: id,
      reason: 'wrong_citations',
      comment: 'Reference 3 does not say this.',
      locale: 'fr',
    });
  });

  it("answers 404 for another user's result, and for none, without storing anything", async () => {
    const graces = await resultOf(grace);
    const before = (await test.database.db.select().from(resultReports)).length;
    for (const id of [graces, '6f1c2a9e-8b1d-4c3e-9f0a-1b2c3d4e5f60']) {
      const response = await post('/api/reports', { result_id: id, reason: 'offensive' }, ada.auth);
      expect(response.status).toBe(404);
      expect((await readBody(response)).error.code).toBe('not_found');
    }
    expect((await test.database.db.select().from(resultReports)).length).toBe(before);
  });

  it.each([
    ['no result', { reason: 'offensive' }, 'result_id'],
    ['a malformed id', { result_id: 'not-a-uuid', reason: 'offensive' }, 'result_id'],
    ['an unknown reason', { result_id: '6f1c2a9e-8b1d-4c3e-9f0a-1b2c3d4e5f60', reason: 'boring' }, 'reason'],
    ['"other" without a comment', { result_id: '6f1c2a9e-8b1d-4c3e-9f0a-1b2c3d4e5f60', reason: 'other' }, 'comment'],
  ])('refuses %s, naming the field', async (_case, body, path) => {
    const response = await post('/api/reports', body, ada.auth);
    expect(response.status).toBe(400);
    expect((await readBody(response)).error.details.fields[0].path).toBe(path);
  });
});
