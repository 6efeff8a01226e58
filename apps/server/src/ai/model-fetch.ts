import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { performance } from 'node:perf_hooks';
import type { Readable } from 'node:stream';
import { decodedBody } from '../http/decoded-body';

/** A `fetch` for the AI SDK's providers, whose answers can be read in paced steps. */
export type ModelFetch = {
  fetch: typeof globalThis.fetch;
  /**
   * From now on, the answer of the call made with this abort signal (the providers hand the call's signal to
   * `fetch` as it is) is handed on at most every `intervalMs`, together. Called once the call's first text has
   * arrived, so the first text is never held back.
   */
  pace: (callSignal: AbortSignal) => void;
};

/**
 * Connections are kept for the next call, the most recently used first (the least likely to have been closed by
 * the server meanwhile). No socket timeout: a model may think for a while between two pieces; the call's own
 * timer bounds it.
 */
const agents = {
  'http:': new http.Agent({ keepAlive: true, scheduling: 'lifo' }),
  'https:': new https.Agent({ keepAlive: true, scheduling: 'lifo' }),
};
/** Above this many unread bytes, the socket is not read until the stream's reader catches up. */
const MAX_UNREAD_BYTES = 1 << 20;
const NO_BODY_STATUSES = new Set([101, 204, 205, 304]);

/**
 * `fetch` over `node:http`, for the model thread. A model's answer is many small events (a few characters
 * each, 20 to 50 a second), and every chunk of bytes passes through the provider's chain of web streams:
 * decoding, event parsing, JSON and the provider's own step. Undici's `fetch` hands on each chunk the socket
 * reads. This one hands on, at each read, everything that came since the last one; once `pace` is called for
 * the call, at most every `intervalMs` (the end of the answer is not held), so the chain runs once per
 * interval instead of once per event, which is most of the model thread's CPU per answer.
 *
 * It follows fetch's contract where the providers rely on it: a network failure rejects with a TypeError
 * "fetch failed" whose cause is the error (the SDK retries those), an abort rejects with the signal's reason,
 * an HTTP error status resolves like any answer. Redirects are not followed; an API does not redirect a POST.
 */
export function modelFetch({ intervalMs }: { intervalMs: number }): ModelFetch {
  const paced = new WeakSet<AbortSignal>();
  const fetch = (input: Parameters<typeof globalThis.fetch>[0], init: RequestInit = {}): Promise<Response> =>
    new Promise((resolve, reject) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const signal = init.signal ?? undefined;
      if (signal?.aborted) return reject(signal.reason);
      if (url.protocol !== 'http:' && url.protocol !== 'https:')
        return reject(new TypeError(`fetch failed: ${url.protocol} is not supported`));
      const body = requestBody(init.body);
      const headers = Object.fromEntries(new Headers(init.headers));
      const request = (url.protocol === 'https:' ? https : http).request(url, {
        method: init.method ?? 'GET',
        headers: {
          // An answer streamed in small events gains nothing from compression, and each event would wait for it.
          'accept-encoding': 'identity',
          ...headers,
          ...(body === undefined ? {} : { 'content-length': String(body.byteLength) }),
        },
        agent: agents[url.protocol],
        signal,
      });
      request.on('response', (response) => {
        try {
          resolve(
            answer(response, request.method === 'HEAD', {
              isPaced: () => signal !== undefined && paced.has(signal),
              intervalMs,
              signal,
            }),
          );
        } catch (error) {
          // A status or header fetch cannot represent: the call fails like a broken connection.
          response.destroy();
          reject(new TypeError('fetch failed', { cause: error }));
        }
      });
      request.on('error', (error) =>
        reject(signal?.aborted ? signal.reason : new TypeError('fetch failed', { cause: error })),
      );
      request.end(body);
    });
  return {
    fetch: fetch as typeof globalThis.fetch,
    pace: (callSignal) => paced.add(callSignal),
  };
}

function answer(response: IncomingMessage, head: boolean, options: Omit<BodyOptions, 'end'>): Response {
  const bodyless = head || NO_BODY_STATUSES.has(response.statusCode ?? 0);
  if (bodyless) response.resume();
  // A coding it cannot undo goes to the provider as sent, as fetch would do.
  const body = bodyless
    ? null
    : bodyStream(decodedBody(response) ?? response, { ...options, end: () => response.destroy() });
  return new Response(body, {
    status: response.statusCode,
    statusText: response.statusMessage,
    headers: responseHeaders(response),
  });
}

function requestBody(body: RequestInit['body']): Uint8Array | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return Buffer.from(body);
  if (body instanceof Uint8Array) return body;
  // The providers send JSON as a string; anything else would need fetch's body handling.
  throw new TypeError('fetch failed: only a string or bytes can be sent');
}

function responseHeaders(response: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(response.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  return headers;
}

type BodyOptions = { isPaced: () => boolean; intervalMs: number; signal?: AbortSignal; end: () => void };

/** The bytes as a web stream: at each read, all that came since the last; paced, no sooner than the interval. */
function bodyStream(source: Readable, { isPaced, intervalMs, signal, end }: BodyOptions): ReadableStream<Uint8Array> {
  let unread: Buffer[] = [];
  let unreadBytes = 0;
  let ended = false;
  let failure: unknown = null;
  let holding = false;
  let handedOnAt = Number.NEGATIVE_INFINITY;
  let wake: (() => void) | null = null;
  const wakeUp = () => {
    const resolve = wake;
    wake = null;
    resolve?.();
  };
  const finished = () => ended || failure !== null;
  const fail = (error?: unknown) => {
    if (ended) return;
    failure ??= signal?.aborted ? signal.reason : new TypeError('terminated', { cause: error });
    wakeUp();
  };
  source.on('data', (chunk: Buffer) => {
    unread.push(chunk);
    unreadBytes += chunk.byteLength;
    if (unreadBytes > MAX_UNREAD_BYTES) source.pause();
    if (!holding) wakeUp();
  });
  source.on('end', () => {
    ended = true;
    wakeUp();
  });
  source.on('error', fail);
  source.on('close', () => fail());
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        while (unread.length === 0 && !finished()) await new Promise<void>((resolve) => (wake = resolve));
        const holdMs = isPaced() ? handedOnAt + intervalMs - performance.now() : 0;
        if (holdMs > 0 && !finished()) await hold(holdMs);
        if (unread.length > 0) {
          controller.enqueue(unread.length === 1 ? (unread[0] as Buffer) : Buffer.concat(unread));
          unread = [];
          unreadBytes = 0;
          handedOnAt = performance.now();
          if (source.isPaused()) source.resume();
        } else if (failure !== null) controller.error(failure);
        else controller.close();
      },
      cancel: () => {
        wakeUp();
        end();
      },
    },
    { highWaterMark: 0 },
  );

  /** Waits out the interval, or less when the answer ends or fails meanwhile. */
  async function hold(ms: number) {
    holding = true;
    let timer: NodeJS.Timeout | undefined;
    await new Promise<void>((resolve) => {
      wake = resolve;
      timer = setTimeout(wakeUp, ms);
    });
    clearTimeout(timer);
    holding = false;
  }
}
