import { setTimeout as sleep } from 'node:timers/promises';
import { retryAfterHeaderMs } from '../../../http/retry-after';

export type CatalogueFailure = 'failed' | 'timeout' | 'rate_limited';

/** Why a catalogue gave no answer; becomes its status in the search result. */
export class CatalogueError extends Error {
  override name = 'CatalogueError';
  constructor(
    readonly status: CatalogueFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Without a Retry-After header a 429 is retried after this long (if the deadline allows). */
const DEFAULT_RETRY_AFTER_MS = 1_000;

export type CatalogueRequest = {
  headers?: Record<string, string>;
  /** Aborts when the connector's time is up. */
  signal: AbortSignal;
  /** When that is (epoch ms), to tell whether a retry still fits. */
  deadline: number;
  /** A status that means "no such record" (a lookup's 404): answered as null instead of an error. */
  missing?: number;
};

/**
 * GET with the connector's deadline. A 429 is retried once after the Retry-After the catalogue asks for,
 * when that still fits before the deadline; otherwise the catalogue counts as rate limited.
 */
export async function fetchCatalogue(
  url: URL,
  request: CatalogueRequest & { missing: number },
): Promise<Response | null>;
export async function fetchCatalogue(url: URL, request: CatalogueRequest): Promise<Response>;
export async function fetchCatalogue(url: URL, request: CatalogueRequest): Promise<Response | null> {
  const first = await attempt(url, request);
  if (first.status !== 429) return answered(first, url, request);
  const waitMs = retryAfterMs(first.headers.get('retry-after'));
  await first.body?.cancel();
  if (Date.now() + waitMs >= request.deadline) throw new CatalogueError('rate_limited', `${url.host} answered 429`);
  await sleep(waitMs, undefined, { signal: request.signal }).catch((error) => {
    throw abortError(request.signal, error);
  });
  const second = await attempt(url, request);
  if (second.status === 429) {
    await second.body?.cancel();
    throw new CatalogueError('rate_limited', `${url.host} answered 429 twice`);
  }
  return answered(second, url, request);
}

/** A lookup's "no such record" status is an answer (null); any other failure is an error. */
async function answered(response: Response, url: URL, request: CatalogueRequest): Promise<Response | null> {
  if (request.missing === undefined || response.status !== request.missing) return checked(response, url);
  await response.body?.cancel();
  return null;
}

/** Reads a body within the deadline: a catalogue that stalls mid-body times out like one that never answers. */
export async function readText(response: Response, signal: AbortSignal): Promise<string> {
  try {
    return await response.text();
  } catch (error) {
    throw abortError(signal, error);
  }
}

async function attempt(url: URL, { headers, signal }: CatalogueRequest): Promise<Response> {
  try {
    return await fetch(url, { headers: { accept: '*/*', ...headers }, signal, redirect: 'follow' });
  } catch (error) {
    throw abortError(signal, error);
  }
}

function checked(response: Response, url: URL): Response {
  if (response.ok) return response;
  void response.body?.cancel();
  throw new CatalogueError('failed', `${url.host} answered ${response.status}`);
}

function abortError(signal: AbortSignal, error: unknown): CatalogueError {
  if (error instanceof CatalogueError) return error;
  return signal.aborted
    ? new CatalogueError('timeout', 'the catalogue did not answer in time', { cause: error })
    : new CatalogueError('failed', 'the catalogue could not be reached', { cause: error });
}

/** The catalogue's Retry-After, never below zero; the default wait when it sends none we can read. */
export function retryAfterMs(value: string | null, now = Date.now()): number {
  const ms = retryAfterHeaderMs(value, now);
  return ms === null ? DEFAULT_RETRY_AFTER_MS : Math.max(0, ms);
}
