import dns, { type LookupAddress } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { Readable } from 'node:stream';
import { contentCoding, decodedBody } from '../../../http/decoded-body';
import { isForbiddenAddress, isLoopbackAddress } from './address-policy';

export type WebsiteFetchErrorReason =
  | 'invalid_url'
  | 'bad_scheme'
  | 'forbidden_address'
  | 'too_many_redirects'
  | 'too_large'
  | 'timeout'
  | 'http_status'
  | 'unreachable'
  | 'not_an_article';

/** Why a link could not be fetched or used; the route answers every reason with `upload_error_url`. */
export class WebsiteFetchError extends Error {
  override name = 'WebsiteFetchError';
  readonly reason: WebsiteFetchErrorReason;
  /** The HTTP status, for `http_status`. */
  readonly status: number | undefined;

  constructor(reason: WebsiteFetchErrorReason, message: string, options: { status?: number; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.reason = reason;
    this.status = options.status;
  }
}

export type SafeFetchOptions = {
  /** Lets loopback addresses through (tests, `ALLOW_PRIVATE_URLS`); private and metadata addresses stay refused. */
  allowLoopback: boolean;
  /** Body cap in bytes after decompression, or a cap chosen from the response's Content-Type. */
  maxBytes: number | ((contentType: string) => number);
  /** For the whole fetch: DNS, every redirect and the body. */
  timeoutMs: number;
  maxRedirects?: number;
  accept: string;
  userAgent: string;
  signal?: AbortSignal;
};

export type SafeFetchResult = { finalUrl: string; status: number; contentType: string; body: Buffer };

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

type Hop =
  | { kind: 'redirect'; location: string }
  | { kind: 'final'; status: number; contentType: string; body: Buffer };

/** The User-Agent Quire fetches pages with, pointing site owners at the instance. */
export function quireBotUserAgent(publicUrl: string): string {
  return `QuireBot/1.0 (+${publicUrl})`;
}

/**
 * GET a public http(s) URL without letting it reach the server's own network: every hop's host is
 * resolved and all its addresses checked, the connection is pinned to the checked addresses (no DNS
 * rebinding), redirects are followed by hand, and size and time are capped. Non-2xx answers throw.
 */
export async function safeFetch(url: string, options: SafeFetchOptions): Promise<SafeFetchResult> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  const maxRedirects = options.maxRedirects ?? 5;
  try {
    let current = parseTarget(url);
    for (let redirects = 0; ; redirects += 1) {
      const hop = await requestOnce(current, options, signal);
      if (hop.kind === 'final') {
        return { finalUrl: current.href, status: hop.status, contentType: hop.contentType, body: hop.body };
      }
      if (redirects >= maxRedirects) {
        throw new WebsiteFetchError('too_many_redirects', `More than ${maxRedirects} redirects`);
      }
      current = parseTarget(hop.location, current);
    }
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason;
    if (timeout.aborted) {
      throw new WebsiteFetchError('timeout', `No complete answer within ${options.timeoutMs} ms`, { cause: error });
    }
    if (error instanceof WebsiteFetchError) throw error;
    throw new WebsiteFetchError('unreachable', `Could not fetch ${url}`, { cause: error });
  }
}

function parseTarget(link: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(link, base);
  } catch (error) {
    throw new WebsiteFetchError('invalid_url', 'Not a valid URL', { cause: error });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new WebsiteFetchError('bad_scheme', `Only http and https links can be fetched, not ${url.protocol}`);
  }
  if (url.username || url.password) {
    throw new WebsiteFetchError('invalid_url', 'Links with a user name or password are not fetched');
  }
  return url;
}

/** The host's addresses, all of which passed the policy; throws if any of them did not. */
async function resolveChecked(url: URL, allowLoopback: boolean, signal: AbortSignal): Promise<LookupAddress[]> {
  // WHATWG URL parsing has already turned decimal, octal and hex IPv4 spellings into dotted quads.
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const family = isIP(host);
  const addresses =
    family === 0 ? await abortable(dns.promises.lookup(host, { all: true }), signal) : [{ address: host, family }];
  if (addresses.length === 0) throw new WebsiteFetchError('unreachable', `${host} has no address`);
  const refused = addresses.find(
    ({ address }) => isForbiddenAddress(address) && !(allowLoopback && isLoopbackAddress(address)),
  );
  if (refused) {
    throw new WebsiteFetchError('forbidden_address', `${host} resolves to ${refused.address}, which is not public`);
  }
  return addresses;
}

/** A `lookup` for http.request that only ever answers with the addresses already checked. */
function pinnedLookup(addresses: LookupAddress[]): LookupFunction {
  return (_hostname, lookupOptions, callback) => {
    const [first] = addresses;
    if (lookupOptions.all) callback(null, addresses);
    else if (first) callback(null, first.address, first.family);
  };
}

async function requestOnce(url: URL, options: SafeFetchOptions, signal: AbortSignal): Promise<Hop> {
  const addresses = await resolveChecked(url, options.allowLoopback, signal);
  return new Promise<Hop>((resolve, reject) => {
    const request = (url.protocol === 'https:' ? https : http).request(url, {
      method: 'GET',
      agent: false,
      lookup: pinnedLookup(addresses),
      signal,
      headers: {
        'user-agent': options.userAgent,
        accept: options.accept,
        'accept-encoding': 'gzip, deflate, br',
      },
    });
    request.on('error', reject);
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (REDIRECT_STATUSES.has(status) && location) {
        response.destroy();
        resolve({ kind: 'redirect', location });
        return;
      }
      if (status < 200 || status > 299) {
        response.destroy();
        reject(new WebsiteFetchError('http_status', `The server answered ${status}`, { status }));
        return;
      }
      const contentType = response.headers['content-type'] ?? '';
      const maxBytes = typeof options.maxBytes === 'function' ? options.maxBytes(contentType) : options.maxBytes;
      const announced = Number(response.headers['content-length']);
      if (Number.isFinite(announced) && announced > maxBytes) {
        request.destroy();
        reject(tooLarge(maxBytes));
        return;
      }
      readBody(response, maxBytes).then(
        (body) => resolve({ kind: 'final', status, contentType, body }),
        (error: unknown) => {
          request.destroy();
          reject(error);
        },
      );
    });
    request.end();
  });
}

function decoded(response: IncomingMessage): Readable {
  const body = decodedBody(response);
  if (body) return body;
  response.destroy();
  throw new WebsiteFetchError('unreachable', `Unsupported Content-Encoding ${contentCoding(response)}`);
}

async function readBody(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const stream = decoded(response);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    // Leaving the loop destroys the stream, which closes the connection at once.
    if (size > maxBytes) throw tooLarge(maxBytes);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}

function tooLarge(maxBytes: number): WebsiteFetchError {
  return new WebsiteFetchError('too_large', `The answer is larger than ${maxBytes} bytes`);
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
