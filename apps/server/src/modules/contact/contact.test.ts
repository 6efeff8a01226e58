import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../../db/schema';
import { jsonRequest, readBody, startTestApp, type TestApp } from '../../test/test-app';
import { CONTACT_RATE_LIMIT } from './contact.routes';

let test: TestApp;
beforeAll(async () => {
  test = await startTestApp();
});
afterAll(() => test.close());

describe('POST /api/contact/', () => {
  it('stores the message from the error page of a visitor and answers 201 with its id', async () => {
    const response = await test.request(
      '/api/contact/',
      jsonRequest(
        'POST',
        { body: 'I clicked export and saw this', email: 'nouser', subject: 'errorpage' },
        {
          'accept-language': 'nl',
        },
      ),
    );
    expect(response.status).toBe(201);
    const { data } = await readBody(response);
    expect(data.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(data.created_at)).not.toBeNaN();

    const rows = await test.database.db.select().from(contactMessages);
    const row = rows.find((candidate) => candidate.id === data.id);
    expect(row).toMatchObject({
      type: 'message',
      body: 'I clicked export and saw this',
      email: 'nouser',
      subject: 'errorpage',
      locale: 'nl',
    });
  });

  it.each([
    ['en', 'Message is required'],
    ['de', 'Nachricht ist erforderlich'],
    ['es', 'Mensaje es obligatorio'],
  ])('names each missing field in the spec wording (%s)', async (locale, message) => {
    const response = await test.request(
      '/api/contact/',
      jsonRequest('POST', { email: 'a@b.org' }, { 'accept-language': locale }),
    );
    expect(response.status).toBe(400);
    const { error } = await readBody(response);
    expect(error.code).toBe('validation_error');
    expect(error.message).toBe(message);
    expect(error.details.fields).toEqual([{ path: 'body', message }]);
  });

  it('reports too long fields and bad addresses, and stores nothing', async () => {
    const before = (await test.database.db.select().from(contactMessages)).length;
    const response = await test.request(
      '/api/contact/',
      jsonRequest('POST', { body: 'x'.repeat(5_001), email: 'not-an-address' }),
    );
    expect(response.status).toBe(400);
    const { error } = await readBody(response);
    expect(error.details.fields).toEqual([
      { path: 'body', message: 'Message must not be longer than 5000 characters' },
      { path: 'email', message: 'Not a valid e-mail address.' },
    ]);
    expect((await test.database.db.select().from(contactMessages)).length).toBe(before);
  });
});

describe('POST /api/contact/ with a survey answer', () => {
  it('stores the rating and the optional comment as one message of type survey', async () => {
    for (const [answer, body] of [
      [{ rating: 4, body: '  Quick and clear.  ' }, 'Rating: 4/5\n\nQuick and clear.'],
      [{ rating: 2 }, 'Rating: 2/5'],
    ] as const) {
      const response = await test.request(
        '/api/contact/',
        jsonRequest('POST', { type: 'survey', email: 'ada@example.org', ...answer }, { 'accept-language': 'it' }),
      );
      expect(response.status).toBe(201);
      const { data } = await readBody(response);
      const [row] = await test.database.db.select().from(contactMessages).where(eq(contactMessages.id, data.id));
      expect(row).toMatchObject({ type: 'survey', body, email: 'ada@example.org', locale: 'it' });
    }
  });

  it.each([
    ['no rating', { body: 'Nice' }, 'rating', 'Rating is required'],
    ['a rating of 6', { rating: 6 }, 'rating', 'Rating'],
    ['a rating of 0', { rating: 0 }, 'rating', 'Rating'],
  ])('refuses an answer with %s', async (_case, answer, path, message) => {
    const response = await test.request(
      '/api/contact/',
      jsonRequest('POST', { type: 'survey', email: 'ada@example.org', ...answer }),
    );
    expect(response.status).toBe(400);
    const { error } = await readBody(response);
    expect(error.details.fields).toHaveLength(1);
    expect(error.details.fields[0].path).toBe(path);
    expect(error.details.fields[0].message).toContain(message);
  });
});

describe('POST /api/contact/ in a flood', () => {
  it('answers 429 once a client address sent its messages for ten minutes', async () => {
    const own = await startTestApp({ database: test.database });
    try {
      const message = jsonRequest('POST', { body: 'Hello', email: 'nouser' });
      for (let index = 0; index < CONTACT_RATE_LIMIT.limit; index++) {
        expect((await own.request('/api/contact/', message)).status).toBe(201);
      }
      const refused = await own.request('/api/contact/', message);
      expect(refused.status).toBe(429);
      expect((await readBody(refused)).error.code).toBe('rate_limited');
    } finally {
      await own.close();
    }
  });
});
