import { defineEndpoint } from '@quire/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { json, stubFetch } from '../test/fetch-stub';
import { call } from './call';
import { ApiError } from './client';

const rename = defineEndpoint({
  method: 'PATCH',
  service: 'gen',
  path: '/things/:id',
  query: z.object({ dry: z.boolean().optional() }),
  body: z.object({ name: z.string() }),
  response: z.object({ id: z.string(), name: z.string() }),
});

afterEach(() => vi.unstubAllGlobals());

describe('call(descriptor, input)', () => {
  it('fills in the path, sends the query and body, and answers the parsed data', async () => {
    const { calls } = stubFetch(() => json(200, { data: { id: 'a b', name: 'x', extra: 1 } }));
    const answer = await call(rename, { params: { id: 'a b' }, query: { dry: true }, body: { name: 'x' } });
    expect(answer).toEqual({ id: 'a b', name: 'x' });
    expect(calls.map(({ url, method, body }) => ({ url, method, body }))).toEqual([
      { url: '/gen/things/a%20b?dry=true', method: 'PATCH', body: { name: 'x' } },
    ]);
  });

  it('fails as request_failed when the answer does not match the response schema', async () => {
    stubFetch(() => json(200, { data: { id: 'a' } }));
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const failure = await call(rename, { params: { id: 'a' }, body: { name: 'x' } }).catch((error) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).code).toBe('request_failed');
    expect(warned).toHaveBeenCalled();
  });
});
