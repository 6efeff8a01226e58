import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mapReducePaperPdf } from '../../../test/test-papers';
import { type FetchWebsiteOptions, fetchWebsiteSource } from './ingest-website';
import type { WebsiteFetchError } from './safe-fetch';
import { type LocalServer, startLocalServer } from './test-server';

const PDF = await mapReducePaperPdf();
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

const ARTICLE = `<!doctype html><html lang="en"><head><title>Reading MapReduce | Systems Blog</title>
<meta property="og:site_name" content="Systems Blog"><meta name="author" content="Jane Doe">
<meta property="article:published_time" content="2021-09-30T12:00:00Z"></head>
<body><nav><a href="/">Home</a> <a href="/archive">Archive</a></nav><article><h1>Reading MapReduce</h1>
<p>MapReduce is a programming model for processing large data sets with a parallel, distributed algorithm on a cluster of machines.</p>
<p>A map function processes key/value pairs to generate intermediate pairs, and a reduce function merges all values that share a key.</p>
<p>The run-time system partitions the input, schedules execution across machines and handles failures, so programmers need no experience with distributed systems.</p>
</article><footer>Subscribe to our newsletter</footer></body></html>`;

const OPTIONS: FetchWebsiteOptions = { publicUrl: 'https://quire.test', allowLoopback: true, timeoutMs: 5_000 };

let site: LocalServer;
beforeAll(async () => {
  const routes: Record<string, [string, Buffer | string]> = {
    '/paper.pdf': ['application/pdf', PDF],
    '/download': ['application/octet-stream', PDF],
    '/mislabelled': ['text/html; charset=utf-8', PDF],
    '/article': ['text/html; charset=utf-8', ARTICLE],
    '/xhtml': ['application/xhtml+xml', ARTICLE],
    '/menu': ['text/html', '<html><body><nav><a href="/">Home</a></nav></body></html>'],
    '/image.png': ['image/png', PNG],
    '/data.json': ['application/json', '{"title":"not a page"}'],
  };
  site = await startLocalServer((request, response) => {
    if (request.url === '/old-link') {
      response.writeHead(301, { location: '/paper.pdf' });
      response.end();
      return;
    }
    const route = routes[request.url ?? ''];
    if (!route) {
      response.writeHead(404);
      response.end();
      return;
    }
    response.writeHead(200, { 'content-type': route[0] });
    response.end(route[1]);
  });
});
afterAll(() => site.close());

async function reason(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => {
      throw new Error('expected the fetch to fail');
    },
    (caught: WebsiteFetchError) => caught,
  );
  expect(error.name).toBe('WebsiteFetchError');
  return error.reason;
}

describe('fetchWebsiteSource', () => {
  it('hands a PDF served as application/pdf over as bytes', async () => {
    const source = await fetchWebsiteSource(`${site.origin}/paper.pdf`, OPTIONS);
    expect(source.kind).toBe('pdf');
    expect(source.finalUrl).toBe(`${site.origin}/paper.pdf`);
    expect(source.kind === 'pdf' && source.bytes.equals(PDF)).toBe(true);
  });

  it.each(['/download', '/mislabelled'])('recognises a PDF by its signature at %s', async (path) => {
    const source = await fetchWebsiteSource(`${site.origin}${path}`, OPTIONS);
    expect(source.kind).toBe('pdf');
    expect(source.kind === 'pdf' && source.bytes.length).toBe(PDF.length);
  });

  it('reports the address a redirected PDF was finally fetched from', async () => {
    const source = await fetchWebsiteSource(`${site.origin}/old-link`, OPTIONS);
    expect(source).toMatchObject({ kind: 'pdf', finalUrl: `${site.origin}/paper.pdf` });
  });

  it.each(['/article', '/xhtml'])('reduces the HTML page at %s to its article', async (path) => {
    const source = await fetchWebsiteSource(`${site.origin}${path}`, OPTIONS);
    expect(source.kind).toBe('article');
    if (source.kind !== 'article') return;
    expect(source.finalUrl).toBe(`${site.origin}${path}`);
    expect(source.article).toMatchObject({
      title: 'Reading MapReduce',
      byline: 'Jane Doe',
      siteName: 'Systems Blog',
      lang: 'en',
      publishedYear: 2021,
    });
    expect(source.article.paragraphs).toHaveLength(3);
    expect(source.article.text).not.toMatch(/Archive|newsletter/);
  });

  it('sends the QuireBot user agent naming the instance and asks for HTML or PDF', async () => {
    await fetchWebsiteSource(`${site.origin}/article`, OPTIONS);
    const headers = site.requests.at(-1)?.headers;
    expect(headers?.['user-agent']).toBe('QuireBot/1.0 (+https://quire.test)');
    expect(headers?.accept).toMatch(/^text\/html,.*application\/pdf/);
  });

  it.each(['/image.png', '/data.json', '/menu'])('refuses %s as not an article', async (path) => {
    expect(await reason(fetchWebsiteSource(`${site.origin}${path}`, OPTIONS))).toBe('not_an_article');
  });

  it('caps HTML and PDF separately', async () => {
    const tight = { ...OPTIONS, maxHtmlBytes: 500, maxPdfBytes: PDF.length };
    expect(await reason(fetchWebsiteSource(`${site.origin}/article`, tight))).toBe('too_large');
    expect((await fetchWebsiteSource(`${site.origin}/paper.pdf`, tight)).kind).toBe('pdf');
    const small = { ...OPTIONS, maxPdfBytes: PDF.length - 1 };
    expect(await reason(fetchWebsiteSource(`${site.origin}/paper.pdf`, small))).toBe('too_large');
    expect(await reason(fetchWebsiteSource(`${site.origin}/download`, small))).toBe('too_large');
  });

  it('refuses loopback links unless allowed', async () => {
    const refused = fetchWebsiteSource(`${site.origin}/article`, { ...OPTIONS, allowLoopback: false });
    expect(await reason(refused)).toBe('forbidden_address');
  });

  it('reports a missing page as an HTTP status failure', async () => {
    expect(await reason(fetchWebsiteSource(`${site.origin}/gone`, OPTIONS))).toBe('http_status');
  });
});
