import dns from 'node:dns';
import http, { type RequestOptions } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sources } from '../db/schema';
import { signUpSubscriber, type Writer } from '../modules/generation/generation.test-kit';
import { type LocalServer, startLocalServer } from '../modules/sources/website/test-server';
import { startTestApp, type TestApp } from '../test/test-app';

/**
 * Issue 11, SSRF: links added as websites, through the real route and the real processing job, with
 * ALLOW_PRIVATE_URLS off. Every outgoing connection goes through a guard: one to the stand-in "public"
 * address is served by a loopback test site, any other is stopped and recorded, so a case that is not
 * refused fails here without a packet leaving the machine. The fetcher's own unit tests
 * (modules/sources/website/safe-fetch.test.ts, address-policy.test.ts) cover the same rules one level down.
 */

/** What the stubbed resolver answers for names of the public internet; the guard serves it from loopback. */
const PUBLIC_ADDRESS = '93.184.216.34';

type Attempt = { host: string; address: string };

let test: TestApp;
let writer: Writer;
let site: LocalServer;
/** Connections the fetcher opened, by the address it pinned. */
let attempts: Attempt[];
/** Names the fetcher looked up, in order. */
let lookups: string[];
let resolver: Record<string, dns.LookupAddress[][]>;

beforeAll(async () => {
  site = await startLocalServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://site');
    if (url.pathname === '/redirect') {
      response.writeHead(302, { location: url.searchParams.get('to') ?? '/' });
      response.end();
    } else if (url.pathname === '/loop') {
      response.writeHead(302, { location: '/loop' });
      response.end();
    } else {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(
        `<html><head><title>Public page</title></head><body><article>${'<p>Public words. </p>'.repeat(40)}</article></body></html>`,
      );
    }
  });
  test = await startTestApp({ env: { ALLOW_PRIVATE_URLS: 'false' } });
  writer = await signUpSubscriber(test, 'ssrf@example.org');
});
afterAll(async () => {
  await test?.close();
  await site?.close();
});

beforeEach(() => {
  attempts = [];
  lookups = [];
  resolver = {};
  vi.spyOn(dns.promises, 'lookup').mockImplementation((async (hostname: string) => {
    lookups.push(hostname);
    const queue = resolver[hostname];
    const answer = queue && (queue.length > 1 ? queue.shift() : queue[0]);
    if (!answer) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return answer;
  }) as unknown as typeof dns.promises.lookup);
  for (const client of [http, https]) guard(client);
});
afterEach(() => vi.restoreAllMocks());

/** Replaces `request` of node:http(s): the stand-in public address reaches the test site, anything else is stopped. */
function guard(client: typeof http | typeof https) {
  const real = http.request;
  vi.spyOn(client, 'request').mockImplementation(((url: URL, options: RequestOptions) => {
    const address = pinnedAddress(url, options.lookup as LookupFunction | undefined);
    attempts.push({ host: url.hostname, address });
    if (address !== PUBLIC_ADDRESS) throw new Error(`test guard: refused to connect to ${address}`);
    const local: LookupFunction = (_host, lookupOptions, callback) =>
      lookupOptions.all ? callback(null, [{ address: '127.0.0.1', family: 4 }]) : callback(null, '127.0.0.1', 4);
    const plain = new URL(url);
    plain.protocol = 'http:';
    plain.port = String(site.port);
    return real(plain, { ...options, lookup: local });
  }) as unknown as typeof http.request);
}

/** The address the fetcher's pinned lookup answers (it answers synchronously), or the literal host. */
function pinnedAddress(url: URL, lookup: LookupFunction | undefined): string {
  let address = url.hostname.replace(/^\[(.*)\]$/, '$1');
  lookup?.(url.hostname, { all: false }, (_error, answer) => {
    if (typeof answer === 'string') address = answer;
  });
  return address;
}

/** Adds the link as the user would, runs the job, and answers how it ended (or the route's refusal). */
async function addLink(link: string): Promise<{ status: number; state?: string; errorCode?: string | null }> {
  const response = await test.app.inject({
    method: 'POST',
    url: '/doc/upload/website',
    headers: writer.auth,
    payload: { link },
  });
  if (response.statusCode !== 201) return { status: response.statusCode };
  await test.app.jobs.drain();
  const [row] = await test.database.db.select().from(sources).where(eq(sources.id, response.json().data.id));
  return { status: 201, state: row?.state, errorCode: row?.errorCode };
}

const refused = (outcome: Awaited<ReturnType<typeof addLink>>) =>
  outcome.status === 400 || (outcome.state === 'failed' && outcome.errorCode === 'upload_error_url');

describe('links to addresses that are not public', () => {
  it.each([
    ['10/8', 'http://10.0.0.1/'],
    ['172.16/12', 'http://172.16.5.4/'],
    ['192.168/16', 'http://192.168.1.1/admin'],
    ['127/8', 'http://127.0.0.1/'],
    ['127/8 beyond .1', 'http://127.1.2.3:8080/'],
    ['cloud metadata', 'http://169.254.169.254/latest/meta-data/iam/security-credentials/'],
    ['0.0.0.0', 'http://0.0.0.0/'],
    ['CGNAT 100.64/10', 'http://100.64.0.1/'],
    ['unique local fc00::/7', 'http://[fd00::1]/'],
    ['link-local fe80::/10', 'http://[fe80::1]/'],
    ['IPv6 loopback', 'http://[::1]/'],
    ['IPv4-mapped loopback', 'http://[::ffff:127.0.0.1]/'],
    ['IPv4-mapped loopback in hex', 'http://[::ffff:7f00:1]/'],
    ['IPv4-mapped metadata', 'http://[::ffff:a9fe:a9fe]/'],
    ['decimal IPv4', 'http://2130706433/'],
    ['octal IPv4', 'http://0177.0.0.1/'],
    ['hex IPv4', 'http://0x7f.1/'],
    ['localhost', 'http://localhost/'],
    ['https to a private address', 'https://10.1.2.3/'],
  ])('refuses %s without connecting (%s)', async (_name, link) => {
    const outcome = await addLink(link);
    expect(refused(outcome), JSON.stringify(outcome)).toBe(true);
    expect(attempts).toEqual([]);
  });

  it.each([
    ['a private address', [{ address: '10.0.0.7', family: 4 }]],
    ['the metadata address', [{ address: '169.254.169.254', family: 4 }]],
    ['loopback', [{ address: '127.0.0.1', family: 4 }]],
    ['a unique local IPv6 address', [{ address: 'fd12::1', family: 6 }]],
    [
      'a public and a private address',
      [
        { address: PUBLIC_ADDRESS, family: 4 },
        { address: '192.168.0.2', family: 4 },
      ],
    ],
  ])('refuses a name resolving to %s without connecting', async (_name, answer) => {
    resolver['intranet.example.org'] = [answer];
    const outcome = await addLink('http://intranet.example.org/wiki');
    expect(refused(outcome), JSON.stringify(outcome)).toBe(true);
    expect(lookups).toEqual(['intranet.example.org']);
    expect(attempts).toEqual([]);
  });
});

describe('links that change where they lead', () => {
  it('connects to the address it checked when the name rebinds to a private one (DNS rebinding)', async () => {
    resolver['rebind.example.org'] = [[{ address: PUBLIC_ADDRESS, family: 4 }], [{ address: '127.0.0.1', family: 4 }]];
    const outcome = await addLink('http://rebind.example.org/article');
    expect(outcome.state).toBe('usable');
    expect(lookups).toEqual(['rebind.example.org']);
    expect(attempts).toEqual([{ host: 'rebind.example.org', address: PUBLIC_ADDRESS }]);
  });

  it.each([
    ['a private address', 'http://192.168.0.1/'],
    ['the metadata address', 'http://169.254.169.254/latest/meta-data/'],
    ['IPv4-mapped loopback', 'http://[::ffff:127.0.0.1]/'],
    ['a name of a private address', 'http://internal.example.org/'],
    ['a file', 'file:///etc/passwd'],
    ['gopher', 'gopher://127.0.0.1:6379/_FLUSHALL'],
  ])('refuses a redirect to %s after the public first hop', async (_name, target) => {
    resolver['public.example.org'] = [[{ address: PUBLIC_ADDRESS, family: 4 }]];
    resolver['internal.example.org'] = [[{ address: '10.9.8.7', family: 4 }]];
    const outcome = await addLink(`http://public.example.org/redirect?to=${encodeURIComponent(target)}`);
    expect(refused(outcome), JSON.stringify(outcome)).toBe(true);
    expect(attempts).toEqual([{ host: 'public.example.org', address: PUBLIC_ADDRESS }]);
  });

  it('gives up on a redirect loop after five redirects', async () => {
    resolver['public.example.org'] = [[{ address: PUBLIC_ADDRESS, family: 4 }]];
    const outcome = await addLink('http://public.example.org/loop');
    expect(refused(outcome), JSON.stringify(outcome)).toBe(true);
    // The first request and five redirects; a job retry would double it, and does not happen.
    expect(attempts).toHaveLength(6);
  });
});

describe('links that are not plain http(s) addresses', () => {
  it.each([
    ['file:', 'file:///etc/passwd'],
    ['gopher:', 'gopher://127.0.0.1:25/'],
    ['ftp:', 'ftp://10.0.0.1/pub'],
    ['data:', 'data:text/html,<p>hi</p>'],
    ['javascript:', 'javascript:alert(1)'],
    ['credentials', 'http://admin:secret@public.example.org/'],
    ['a user name', 'http://admin@public.example.org/'],
    ['a very long URL', `http://public.example.org/${'a'.repeat(100_000)}`],
    ['no host', 'http:///etc/passwd'],
  ])('refuses %s without connecting', async (_name, link) => {
    resolver['public.example.org'] = [[{ address: PUBLIC_ADDRESS, family: 4 }]];
    const outcome = await addLink(link);
    expect(refused(outcome), JSON.stringify(outcome)).toBe(true);
    expect(attempts).toEqual([]);
  });

  it('still fetches a public page through the same guard (the suite can tell refusal from failure)', async () => {
    resolver['public.example.org'] = [[{ address: PUBLIC_ADDRESS, family: 4 }]];
    const outcome = await addLink('http://public.example.org/article');
    expect(outcome).toMatchObject({ status: 201, state: 'usable' });
    expect(attempts).toEqual([{ host: 'public.example.org', address: PUBLIC_ADDRESS }]);
  });
});
