import { type ServerStatus, SURVEY_DELAY_SECONDS } from '@quire/contracts';
import { vi } from 'vitest';

export type StubbedCall = { url: string; method: string; headers: Headers; body: unknown; signal?: AbortSignal };

type Responder = (call: StubbedCall) => Response | Promise<Response>;

/** Replaces `fetch` with `respond`; answers GET /api/status with "no maintenance" unless `respond` does. */
export function stubFetch(respond: Responder = () => json(404, { error: { code: 'not_found', message: 'x' } })) {
  const calls: StubbedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call: StubbedCall = {
      url: String(input),
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
      signal: init.signal ?? undefined,
    };
    calls.push(call);
    return respond(call);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** GET /api/status's answer, complete as its contract wants it: no maintenance and the defaults unless told. */
export function serverStatus(overrides: Partial<ServerStatus> = {}): { data: ServerStatus } {
  return {
    data: {
      maintenance: false,
      banner: null,
      survey_delay_seconds: SURVEY_DELAY_SECONDS,
      analytics: { provider: 'quire' },
      error_reporting: null,
      ...overrides,
    },
  };
}

export const STATUS_OK = serverStatus();
