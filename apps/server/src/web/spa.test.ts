import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBody, startTestApp, type TestApp } from '../test/test-app';

const INDEX_HTML = '<!doctype html><html><head><title>Quire</title></head><body><div id="root"></div></body></html>';
let distDir: string;
let test: TestApp;

beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), 'quire-dist-'));
  mkdirSync(join(distDir, 'assets'));
  writeFileSync(join(distDir, 'index.html'), INDEX_HTML);
  writeFileSync(join(distDir, 'assets', 'index-3f9a1c2b.js'), `console.log(${JSON.stringify('x'.repeat(4_000))});`);
  writeFileSync(join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  test = await startTestApp({ env: { WEB_DIST_DIR: distDir } });
});
afterAll(async () => {
  await test.close();
  rmSync(distDir, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it.each(['/', '/de', '/fr/pricing', '/feature/write-chapter', '/it/blog/how-to-cite', '/nl/flow/summarize'])(
    'answers the page %s with index.html, never cached',
    async (path) => {
      const response = await test.request(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toBe(INDEX_HTML);
    },
  );

  it.each(['/nope', '/de/nope', '/fr/pricing/extra', '/feature/no-such-tool', '/flow/unknown', '/en/pricing'])(
    'answers %s, which is no page, with index.html and status 404 so the app shows its not-found page',
    async (path) => {
      const response = await test.request(path);
      expect(response.status).toBe(404);
      expect(await response.text()).toBe(INDEX_HTML);
    },
  );

  it('caches hashed assets for a year and compresses them', async () => {
    const response = await test.request('/assets/index-3f9a1c2b.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(await response.text()).toContain('console.log');
  });

  it('does not cache unhashed files for long', async () => {
    const response = await test.request('/favicon.svg');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('answers a missing asset or an API path with a JSON 404, not the app', async () => {
    for (const path of ['/assets/index-00000000.js', '/api/unknown', '/doc/unknown']) {
      const response = await test.request(path);
      expect(response.status).toBe(404);
      expect((await readBody(response)).error.code).toBe('not_found');
    }
  });
});
