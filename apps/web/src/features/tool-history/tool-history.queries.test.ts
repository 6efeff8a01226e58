import type { GenerationResult } from '@quire/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { queryClient } from '../../lib/query-client';
import { json, type StubbedCall, stubFetch } from '../../test/fetch-stub';
import { signIn } from '../../test/session';
import { clearSession } from '../auth';
import { recordResult, toolHistoryKeys, toolHistoryQuery } from './tool-history.queries';

const result = (id: string, overrides: Partial<GenerationResult> = {}): GenerationResult => ({
  id,
  slug: 'write-outline',
  created_at: '2026-03-01T10:00:00Z',
  inputs: { topic: 'Ecology' },
  words_used: 10,
  text: `Outline ${id}`,
  citations: [],
  engine: { kind: 'builtin', model: null },
  ...overrides,
});

const NEW = result('new', { created_at: '2026-03-03T10:00:00Z', inputs: { topic: 'Soil' } });

/** Holds each history request until the test answers it. */
function serveHistory() {
  const pending: ((response: Response) => void)[] = [];
  const { calls } = stubFetch(
    (call: StubbedCall) =>
      new Promise<Response>((resolve) => {
        if (call.url.startsWith('/api/prompts')) pending.push(resolve);
        else resolve(json(404, { error: { code: 'not_found', message: 'x' } }));
      }),
  );
  return {
    calls,
    answer: async (items: unknown) => {
      await expect.poll(() => pending.length).toBeGreaterThan(0);
      pending.shift()?.(json(200, { data: items }));
    },
  };
}

const history = (slug: GenerationResult['slug'] = 'write-outline') =>
  queryClient.getQueryData<GenerationResult[]>(toolHistoryKeys.tool(slug))?.map((entry) => entry.id);

beforeEach(() => {
  signIn();
});
afterEach(() => vi.restoreAllMocks());

describe("a tool's history in the query cache", () => {
  it('is asked for by tool and read with the contract', async () => {
    const server = serveHistory();
    const loading = queryClient.fetchQuery(toolHistoryQuery('write-outline'));
    await server.answer([result('a'), result('b')]);
    expect((await loading).map((entry) => entry.id)).toEqual(['a', 'b']);
    expect(server.calls.map((call) => call.url)).toEqual(['/api/prompts?prompt_template=write-outline']);
  });

  it('is asked for once for callers at the same time', async () => {
    const server = serveHistory();
    const first = queryClient.fetchQuery(toolHistoryQuery('write-outline'));
    const second = queryClient.fetchQuery(toolHistoryQuery('write-outline'));
    await server.answer([result('a')]);
    expect(await Promise.all([first, second])).toEqual([[result('a')], [result('a')]]);
    expect(server.calls).toHaveLength(1);
  });

  it('fails as a request failure when the answer does not match the contract', async () => {
    const server = serveHistory();
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const loading = queryClient.fetchQuery(toolHistoryQuery('write-outline'));
    // An item without its text is not a result.
    await server.answer([{ id: 'bare', created_at: '2026-03-01T10:00:00Z', inputs: {}, words_used: 3 }]);
    await expect(loading).rejects.toSatisfy((error) => error instanceof ApiError && error.code === 'request_failed');
    expect(warned).toHaveBeenCalledWith('The answer of GET /prompts does not match its contract', expect.anything());
  });

  it('puts a recorded result first in its own tool’s history, once', async () => {
    queryClient.setQueryData(toolHistoryKeys.tool('write-outline'), [result('a'), result('new')]);
    queryClient.setQueryData(toolHistoryKeys.tool('summarize'), [result('s', { slug: 'summarize' })]);
    recordResult(NEW);
    expect(history()).toEqual(['new', 'a']);
    expect(history('summarize')).toEqual(['s']);
  });

  it('keeps a result recorded while the history was loading, by asking for it again', async () => {
    const server = serveHistory();
    const loading = queryClient.fetchQuery(toolHistoryQuery('write-outline'));
    recordResult(NEW);
    expect(history()).toEqual(['new']);
    // The second request, asked after the result was stored, has it; the first one's answer is dropped.
    await server.answer([result('a')]);
    await server.answer([NEW, result('a')]);
    await loading;
    await expect.poll(history).toEqual(['new', 'a']);
    expect(server.calls).toHaveLength(2);
  });

  it('drops an answer that arrives after the user signed out', async () => {
    const server = serveHistory();
    void queryClient.prefetchQuery(toolHistoryQuery('write-outline'));
    await expect.poll(() => server.calls.length).toBe(1);
    clearSession();
    await server.answer([result('late')]);
    await expect.poll(() => queryClient.isFetching()).toBe(0);
    expect(history()).toBeUndefined();
  });

  it('is forgotten when the user signs out', () => {
    queryClient.setQueryData(toolHistoryKeys.tool('write-outline'), [result('a')]);
    clearSession();
    expect(history()).toBeUndefined();
  });
});
