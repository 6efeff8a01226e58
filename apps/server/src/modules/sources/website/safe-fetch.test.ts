import dns from 'node:dns';
import { gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type SafeFetchOptions, safeFetch, type WebsiteFetchError } from './safe-fetch';
import { type LocalServer, startLocalServer } from './test-server';

const OPTIONS: SafeFetchOptions = {
  allowLoopback: true,
  maxBytes: 1024 * 1024,
  timeoutMs: 5_000,
  accept: 'text/html',
  userAgent: 'QuireBot/1.0 (+http://quire.test)',
};

async function failure(promise: Promise<unknown>): Promise<WebsiteFetchError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the fetch to fail');
    },
    (caught: unknown) => caught,
  );
  expect(error).toMatchObject({ name: 'WebsiteFetchError' });
  return error as WebsiteFetchError;
}

let site: LocalServer;
beforeAll(async () => {
  site = await startLocalServer((request, response, server) => {
    const url = new URL(request.url ?? '/', server.origin);
    const hops = Number(url.searchParams.get('hops') ?? 0);
    if (url.pathname === '/page') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end('<p>Hallo Welt</p>');
    } else if (url.pathname === '/chain') {
      const location = hops > 1 ? `/chain?hops=${hops - 1}` : '/page';
      response.writeHead(302, { location });
      response.end();
    } else if (url.pathname === '/redirect') {
      response.writeHead(Number(url.searchParams.get('status') ?? 302), { location: url.searchParams.get('to') ?? '' });
      response.end();
    } else if (url.pathname === '/gzip') {
      response.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' });
      response.end(gzipSync(Buffer.alloc(Number(url.searchParams.get('size')), 'a')));
    } else if (url.pathname === '/announce-huge') {
      response.writeHead(200, { 'content-type': 'text/html', 'content-length': String(5 * 1024 * 1024) });
      response.write('<p>');
    } else if (url.pathname === '/missing') {
      response.writeHead(404, { 'content-type': 'text/html' });
      response.end('not here');
    }
  });
});
afterAll(() => site.close());
afterEach(() => {
  vi.restoreAllMocks();
});

describe('safeFetch', () => {
  it('fetches a page from a loopback server when loopback is allowed, with the QuireBot user agent', async () => {
    const result = await safeFetch(`${site.origin}/page`, OPTIONS);
    expect(result).toMatchObject({
      finalUrl: `${site.origin}/page`,
      status: 200,
      contentType: 'text/html; charset=utf-8',
    });
    expect(result.body.toString()).toBe('<p>Hallo Welt</p>');
    const request = site.requests.at(-1);
    expect(request?.headers['user-agent']).toBe('QuireBot/1.0 (+http://quire.test)');
    expect(request?.headers.accept).toBe('text/html');
  });

  it('refuses a loopback server without allowLoopback, before connecting', async () => {
    const before = site.requests.length;
    const error = await failure(safeFetch(`${site.origin}/page`, { ...OPTIONS, allowLoopback: false }));
    expect(error.reason).toBe('forbidden_address');
    expect(site.requests.length).toBe(before);
  });

  it.each([
    ['decimal', (port: number) => `http://2130706433:${port}/page`],
    ['octal', (port: number) => `http://0177.0.0.1:${port}/page`],
    ['hex', (port: number) => `http://0x7f.1:${port}/page`],
    ['IPv4-mapped IPv6', (port: number) => `http://[::ffff:127.0.0.1]:${port}/page`],
    ['IPv6 loopback', (port: number) => `http://[::1]:${port}/page`],
    ['localhost', (port: number) => `http://localhost:${port}/page`],
  ])('refuses a %s spelling of loopback without allowLoopback', async (_name, link) => {
    const error = await failure(safeFetch(link(site.port), { ...OPTIONS, allowLoopback: false }));
    expect(error.reason).toBe('forbidden_address');
  });

  it.each([
    ['decimal', (port: number) => `http://2130706433:${port}/page`],
    ['hex', (port: number) => `http://0x7f.1:${port}/page`],
    ['localhost', (port: number) => `http://localhost:${port}/page`],
  ])('reaches the same loopback server by its %s spelling with allowLoopback', async (_name, link) => {
    const result = await safeFetch(link(site.port), OPTIONS);
    expect(result.body.toString()).toBe('<p>Hallo Welt</p>');
  });

  it.each([
    ['metadata address', 'http://169.254.169.254/latest/meta-data/'],
    ['private address', 'http://10.0.0.1/'],
    ['IPv6 link-local', 'http://[fe80::1]/'],
    ['mapped metadata', 'http://[::ffff:169.254.169.254]/'],
  ])('refuses a redirect to a %s even with allowLoopback', async (_name, target) => {
    const link = `${site.origin}/redirect?to=${encodeURIComponent(target)}`;
    const error = await failure(safeFetch(link, OPTIONS));
    expect(error.reason).toBe('forbidden_address');
  });

  it('refuses a private address given directly even with allowLoopback', async () => {
    const error = await failure(safeFetch('http://192.168.0.10:8080/', OPTIONS));
    expect(error.reason).toBe('forbidden_address');
  });

  it.each([301, 303, 307, 308])('follows a relative %s redirect and reports the final URL', async (status) => {
    const result = await safeFetch(`${site.origin}/redirect?status=${status}&to=/page`, OPTIONS);
    expect(result.finalUrl).toBe(`${site.origin}/page`);
    expect(result.body.toString()).toBe('<p>Hallo Welt</p>');
  });

  it('follows five redirects but not six', async () => {
    const five = await safeFetch(`${site.origin}/chain?hops=5`, OPTIONS);
    expect(five.finalUrl).toBe(`${site.origin}/page`);
    const error = await failure(safeFetch(`${site.origin}/chain?hops=6`, OPTIONS));
    expect(error.reason).toBe('too_many_redirects');
  });

  it('takes a lower redirect limit', async () => {
    const error = await failure(safeFetch(`${site.origin}/chain?hops=2`, { ...OPTIONS, maxRedirects: 1 }));
    expect(error.reason).toBe('too_many_redirects');
  });

  it.each([
    ['ftp:', 'ftp://127.0.0.1/file.pdf'],
    ['file:', 'file:///etc/passwd'],
    ['javascript:', 'javascript:alert(1)'],
    ['data:', 'data:text/html,<p>hi</p>'],
  ])('refuses the %s scheme', async (_scheme, link) => {
    const error = await failure(safeFetch(link, OPTIONS));
    expect(error.reason).toBe('bad_scheme');
  });

  it('refuses a redirect to another scheme', async () => {
    const error = await failure(
      safeFetch(`${site.origin}/redirect?to=${encodeURIComponent('file:///etc/passwd')}`, OPTIONS),
    );
    expect(error.reason).toBe('bad_scheme');
  });

  it.each([
    ['user and password', (port: number) => `http://user:secret@127.0.0.1:${port}/page`],
    ['user only', (port: number) => `http://user@127.0.0.1:${port}/page`],
  ])('refuses credentials in the URL (%s) without connecting', async (_name, link) => {
    const before = site.requests.length;
    const error = await failure(safeFetch(link(site.port), OPTIONS));
    expect(error.reason).toBe('invalid_url');
    expect(site.requests.length).toBe(before);
  });

  it('refuses something that is no URL', async () => {
    const error = await failure(safeFetch('not a link', OPTIONS));
    expect(error.reason).toBe('invalid_url');
  });

  it('reports an error status with the status', async () => {
    const error = await failure(safeFetch(`${site.origin}/missing`, OPTIONS));
    expect(error).toMatchObject({ reason: 'http_status', status: 404 });
  });

  it('reports a closed port as unreachable', async () => {
    const closed = await startLocalServer(() => undefined);
    await closed.close();
    const error = await failure(safeFetch(`${closed.origin}/`, OPTIONS));
    expect(error.reason).toBe('unreachable');
  });

  it('refuses at once when Content-Length announces more than the cap', async () => {
    const started = Date.now();
    const error = await failure(safeFetch(`${site.origin}/announce-huge`, { ...OPTIONS, maxBytes: 100 * 1024 }));
    expect(error.reason).toBe('too_large');
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('chooses the cap from the Content-Type when given a function', async () => {
    const caps: string[] = [];
    const result = await safeFetch(`${site.origin}/page`, {
      ...OPTIONS,
      maxBytes: (contentType) => {
        caps.push(contentType);
        return 100;
      },
    });
    expect(result.body.length).toBe(17);
    expect(caps).toEqual(['text/html; charset=utf-8']);
    const error = await failure(safeFetch(`${site.origin}/page`, { ...OPTIONS, maxBytes: () => 10 }));
    expect(error.reason).toBe('too_large');
  });

  it('decompresses gzip and applies the cap to the decompressed size', async () => {
    const small = await safeFetch(`${site.origin}/gzip?size=50000`, OPTIONS);
    expect(small.body.toString()).toBe('a'.repeat(50_000));
    // 5 MB of one letter compresses to a few KB: a zip bomb must still hit the cap.
    const error = await failure(safeFetch(`${site.origin}/gzip?size=5000000`, { ...OPTIONS, maxBytes: 100 * 1024 }));
    expect(error.reason).toBe('too_large');
  });

  it('stops reading and closes the connection as soon as a streamed body passes the cap', async () => {
    const chunk = Buffer.alloc(64 * 1024, 'x');
    const total = 80; // 80 × 64 KB = 5 MB
    let sent = 0;
    let finished = false;
    let reportClose: (sentWhenClosed: number) => void = () => undefined;
    const closed = new Promise<number>((resolve) => {
      reportClose = resolve;
    });
    const streaming = await startLocalServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.on('close', () => reportClose(sent));
      const timer = setInterval(() => {
        if (response.destroyed) {
          clearInterval(timer);
          return;
        }
        if (sent === total) {
          clearInterval(timer);
          finished = true;
          response.end();
          return;
        }
        response.write(chunk);
        sent += 1;
      }, 10);
    });
    try {
      const error = await failure(safeFetch(`${streaming.origin}/`, { ...OPTIONS, maxBytes: 100 * 1024 }));
      expect(error.reason).toBe('too_large');
      const sentWhenClosed = await closed;
      expect(finished).toBe(false);
      expect(sentWhenClosed).toBeLessThan(10);
    } finally {
      await streaming.close();
    }
  });

  it('gives up on a server that never answers within the time limit', async () => {
    const silent = await startLocalServer(() => undefined);
    try {
      const started = Date.now();
      const error = await failure(safeFetch(`${silent.origin}/`, { ...OPTIONS, timeoutMs: 300 }));
      expect(error.reason).toBe('timeout');
      const elapsed = Date.now() - started;
      expect(elapsed).toBeGreaterThanOrEqual(290);
      expect(elapsed).toBeLessThan(1_500);
    } finally {
      await silent.close();
    }
  });

  it('counts the time limit over the whole body, not per chunk', async () => {
    const trickle = await startLocalServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      const timer = setInterval(() => {
        if (response.destroyed) clearInterval(timer);
        else response.write('.');
      }, 50);
    });
    try {
      const started = Date.now();
      const error = await failure(safeFetch(`${trickle.origin}/`, { ...OPTIONS, timeoutMs: 400 }));
      expect(error.reason).toBe('timeout');
      expect(Date.now() - started).toBeLessThan(1_500);
    } finally {
      await trickle.close();
    }
  });

  it("passes the caller's abort on as it is", async () => {
    const silent = await startLocalServer(() => undefined);
    try {
      const controller = new AbortController();
      const reason = new Error('client went away');
      setTimeout(() => controller.abort(reason), 50);
      await expect(safeFetch(`${silent.origin}/`, { ...OPTIONS, signal: controller.signal })).rejects.toBe(reason);
    } finally {
      await silent.close();
    }
  });
});

describe('safeFetch name resolution', () => {
  type LookupAll = (hostname: string, options: dns.LookupAllOptions) => Promise<dns.LookupAddress[]>;

  function stubLookup(answers: Record<string, dns.LookupAddress[][]>) {
    const calls: string[] = [];
    const fake: LookupAll = async (hostname) => {
      const queue = answers[hostname];
      calls.push(hostname);
      const answer = queue && (queue.length > 1 ? queue.shift() : queue[0]);
      if (!answer) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
      return answer;
    };
    vi.spyOn(dns.promises, 'lookup').mockImplementation(fake as typeof dns.promises.lookup);
    return calls;
  }

  it('connects only to the address it checked and never looks the name up again (no DNS rebinding)', async () => {
    // The first answer is checked; a rebinding resolver would answer the metadata address next time.
    const calls = stubLookup({
      'rebind.quire.test': [[{ address: '127.0.0.1', family: 4 }], [{ address: '169.254.169.254', family: 4 }]],
    });
    const callbackLookup = vi.spyOn(dns, 'lookup');
    const result = await safeFetch(`http://rebind.quire.test:${site.port}/page`, OPTIONS);
    expect(result.body.toString()).toBe('<p>Hallo Welt</p>');
    expect(calls).toEqual(['rebind.quire.test']);
    expect(callbackLookup).not.toHaveBeenCalled();
    expect(site.requests.at(-1)?.headers.host).toBe(`rebind.quire.test:${site.port}`);
  });

  it('refuses a name if any of its addresses is forbidden, before connecting', async () => {
    stubLookup({
      'mixed.quire.test': [
        [
          { address: '93.184.216.34', family: 4 },
          { address: '10.0.0.1', family: 4 },
        ],
      ],
    });
    const error = await failure(safeFetch('http://mixed.quire.test/', OPTIONS));
    expect(error.reason).toBe('forbidden_address');
    expect(error.message).toContain('10.0.0.1');
  });

  it('refuses a name that resolves to the metadata address even with allowLoopback', async () => {
    stubLookup({ 'metadata.quire.test': [[{ address: '169.254.169.254', family: 4 }]] });
    const error = await failure(safeFetch('http://metadata.quire.test/', OPTIONS));
    expect(error.reason).toBe('forbidden_address');
  });

  it('re-checks the name of every redirect hop', async () => {
    const calls = stubLookup({
      'first.quire.test': [[{ address: '127.0.0.1', family: 4 }]],
      'internal.quire.test': [[{ address: 'fd00::5', family: 6 }]],
    });
    const target = encodeURIComponent('http://internal.quire.test/admin');
    const error = await failure(safeFetch(`http://first.quire.test:${site.port}/redirect?to=${target}`, OPTIONS));
    expect(error.reason).toBe('forbidden_address');
    expect(calls).toEqual(['first.quire.test', 'internal.quire.test']);
  });

  it('reports a name that does not resolve as unreachable', async () => {
    stubLookup({});
    const error = await failure(safeFetch('http://nowhere.quire.test/', OPTIONS));
    expect(error.reason).toBe('unreachable');
  });
});
