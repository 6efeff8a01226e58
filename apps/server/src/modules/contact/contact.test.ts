import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../../db/schema';
import { jsonRequest, readBody, startTestApp, type TestApp } from '../../test/test-app';

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
