import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './db/client';
import { requireAuthPolicy } from './http/route-policy';
import { jsonRequest, readBody, startTestApp } from './test/test-app';
import { createTestDatabase } from './test/test-database';

let database: DatabaseHandle;
let dispose: () => Promise<void>;
beforeAll(async () => {
  ({ database, dispose } = await createTestDatabase());
});
afterAll(() => dispose());

describe('QUIRE_SERVICES', () => {
  it('serves only the selected route groups', async () => {
    const test = await startTestApp({ database, env: { QUIRE_SERVICES: 'doc,gen' } });
    try {
      const api = await test.request('/api/status');
      expect(api.status).toBe(404);
      expect((await readBody(api)).error.code).toBe('not_found');
      expect((await test.request('/healthz')).status).toBe(200);
    } finally {
      await test.app.close();
    }
  });
});

describe('MAINTENANCE', () => {
  it('answers 503 maintenance on the API but keeps the status route up', async () => {
    const test = await startTestApp({ database, env: { MAINTENANCE: 'true', STATUS_BANNER: 'unreliable' } });
    try {
      const status = await test.request('/api/status');
      expect(await readBody(status)).toMatchObject({ data: { maintenance: true, banner: 'unreliable' } });

      const contact = await test.request(
        '/api/contact/',
        jsonRequest('POST', { body: 'hi', email: 'a@b.org' }, { 'accept-language': 'de' }),
      );
      expect(contact.status).toBe(503);
      expect(contact.headers.get('retry-after')).toBe('30');
      expect(await readBody(contact)).toEqual({
        error: { code: 'maintenance', message: 'Quire wird gerade gewartet. Bitte komm in ein paar Minuten wieder.' },
      });
    } finally {
      await test.app.close();
    }
  });
});

describe('route auth policy', () => {
  // buildApp installs this check in every route group, so the app itself cannot start with an undeclared route.
  it('refuses to start when a route does not declare whether it needs a login', async () => {
    const app = Fastify();
    app.register(async (scope) => {
      requireAuthPolicy(scope);
      scope.get('/undeclared', async () => 'hi');
    });
    await expect(app.ready()).rejects.toThrow(/GET \/undeclared must declare config.auth/);
  });
});
