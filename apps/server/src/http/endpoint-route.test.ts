import { defineEndpoint } from '@quire/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpointRoute } from './endpoint-route';
import { installErrorHandler } from './error-handler';
import { installRequestLocale } from './request-locale';

const echo = defineEndpoint({
  method: 'POST',
  service: 'api',
  path: '/things/:id',
  query: z.object({ times: z.coerce.number().int().min(1).default(1) }),
  body: z.object({ name: z.string().min(1) }),
  response: z.object({ id: z.string(), names: z.array(z.string()) }),
  status: 201,
});

let app: FastifyInstance;
async function serve(answer: (input: { id: string; name: string; times: number }) => unknown) {
  app = Fastify();
  installRequestLocale(app);
  installErrorHandler(app);
  endpointRoute(
    app,
    echo,
    { config: { auth: 'public' } },
    async ({ params, query, body }) => answer({ id: params.id, name: body.name, times: query.times }) as never,
  );
  await app.ready();
}
afterEach(() => app.close());

describe('a route registered from its descriptor', () => {
  it('parses its input, answers its status and wraps the payload in data', async () => {
    await serve(({ id, name, times }) => ({ id, names: Array(times).fill(name) }));
    const response = await app.inject({ method: 'POST', url: '/things/a%20b?times=2', payload: { name: 'x' } });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ data: { id: 'a b', names: ['x', 'x'] } });
  });

  it('answers invalid input with validation_error naming the field, as validate() does', async () => {
    await serve(() => ({ id: 'a', names: [] }));
    const response = await app.inject({ method: 'POST', url: '/things/a', payload: { name: '' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('validation_error');
    expect(response.json().error.details.fields.map((field: { path: string }) => field.path)).toEqual(['name']);
  });

  it('refuses (500) an answer that does not match the response schema, in tests', async () => {
    await serve(({ id }) => ({ id, names: 'not a list' }));
    const response = await app.inject({ method: 'POST', url: '/things/a', payload: { name: 'x' } });
    expect(response.statusCode).toBe(500);
    expect(response.json().error.code).toBe('internal_error');
  });

  it('sends only what the contract names, serialised from its JSON schema', async () => {
    await serve(({ id, name }) => ({ id, names: [name], passwordHash: 'secret', internal: { row: 7 } }));
    const response = await app.inject({ method: 'POST', url: '/things/a', payload: { name: 'x' } });
    expect(response.statusCode).toBe(201);
    expect(response.body).toBe('{"data":{"id":"a","names":["x"]}}');
  });
});
