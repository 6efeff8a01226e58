import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generations, sharedResults, users } from '../db/schema';
import { readBody, startTestApp, type TestApp } from '../test/test-app';

const INDEX_HTML =
  '<!doctype html><html><head><title>Quire</title><meta name="description" content="The app" /></head><body><div id="root"></div></body></html>';
let distDir: string;
let blogDir: string;
let test: TestApp;

beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), 'quire-dist-'));
  mkdirSync(join(distDir, 'assets'));
  writeFileSync(join(distDir, 'index.html'), INDEX_HTML);
  writeFileSync(join(distDir, 'assets', 'index-3f9a1c2b.js'), `console.log(${JSON.stringify('x'.repeat(4_000))});`);
  writeFileSync(join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  blogDir = mkdtempSync(join(tmpdir(), 'quire-blog-'));
  writeBlogArticles(blogDir);
  test = await startTestApp({ env: { WEB_DIST_DIR: distDir, BLOG_DIR: blogDir } });
});
afterAll(async () => {
  await test.close();
  rmSync(distDir, { recursive: true, force: true });
  rmSync(blogDir, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it.each(['/', '/de', '/fr/pricing', '/feature/write-chapter', '/nl/flow/summarize'])(
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

describe('a shared result page', () => {
  const TOKEN = 'Shared_Token-0123456789abcdefABCDEF';
  const TITLE = `<script>alert("x")</script> & 'quoted' $& title`;

  beforeAll(async () => {
    const db = test.database.db;
    const [user] = await db.insert(users).values({ email: 'sharer@example.org', name: 'Secret Sharer' }).returning();
    const [result] = await db
      .insert(generations)
      .values({
        userId: user?.id ?? '',
        slug: 'write-chapter',
        inputs: { topic: TITLE },
        wordsUsed: 9,
        text: `## Heading\n\nThe **first** lines of the <b>text</b> ${'long '.repeat(60)}`,
        engine: 'builtin',
      })
      .returning();
    await db.insert(sharedResults).values({ token: TOKEN, generationId: result?.id ?? '', userId: user?.id ?? '' });
  });

  it.each([`/shared/${TOKEN}`, `/de/shared/${TOKEN}`])(
    'serves %s with Open Graph tags of the result, every value escaped',
    async (path) => {
      const response = await test.request(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      const html = await response.text();
      const escaped = '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quoted&#39; $&amp; title';
      expect(html).toContain(`<title>${escaped} · Quire</title>`);
      expect(html).toContain(`<meta property="og:title" content="${escaped}" />`);
      expect(html).toContain('<meta property="og:type" content="article" />');
      expect(html).toContain(`<meta property="og:url" content="${test.config.publicUrl}/shared/${TOKEN}" />`);
      expect(html).toContain('<meta property="og:site_name" content="Quire" />');
      expect(html).toContain('<meta name="twitter:card" content="summary" />');
      expect(html).toContain('<meta name="robots" content="noindex" />');
      const description = /<meta property="og:description" content="([^"]*)" \/>/.exec(html)?.[1] ?? '';
      expect(description).toMatch(/^Heading The first lines of the &lt;b&gt;text&lt;\/b&gt; long long/);
      expect(description.replaceAll(/&\w+;/g, '_').length).toBeLessThanOrEqual(200);
      expect(html).not.toContain('<script>alert');
      expect(html).not.toContain('Secret Sharer');
      expect(html).not.toContain('sharer@example.org');
      // The app's own title and description give way; the page is still the app.
      expect(html).not.toContain('<title>Quire</title>');
      expect(html).not.toContain('The app');
      expect(html).toContain('<div id="root"></div>');
    },
  );

  it('answers an unknown token with the plain page and status 404', async () => {
    const response = await test.request('/shared/Unknown_Token-0123456789abcdefABCD');
    expect(response.status).toBe(404);
    expect(await response.text()).toBe(INDEX_HTML);
  });

  it('answers a revoked link with status 404 and no trace of the result', async () => {
    await test.database.db.delete(sharedResults).where(eq(sharedResults.token, TOKEN));
    const response = await test.request(`/shared/${TOKEN}`);
    expect(response.status).toBe(404);
    expect(await response.text()).toBe(INDEX_HTML);
  });
});

const HOSTILE_TITLE = `Citing <script>alert("x")</script> & 'quoting' $& more`;

function writeBlogArticles(dir: string) {
  const write = (locale: string, slug: string, front: string) => {
    mkdirSync(join(dir, locale), { recursive: true });
    writeFileSync(join(dir, locale, `${slug}.md`), `---\n${front}\n---\n\nText.\n`);
  };
  write(
    'en',
    'citing',
    `title: '${HOSTILE_TITLE.replaceAll("'", "''")}'\ndate: 2026-11-02\ndescription: How to "cite" <b>well</b>.\ncover: /blog/covers/citing.svg\ntranslations: { de: zitieren, fr: citer }`,
  );
  write(
    'de',
    'zitieren',
    'title: Richtig zitieren\ndate: 2026-11-02\ndescription: Wie man zitiert.\ncover: /blog/covers/citing.svg\ntranslations: { en: citing, fr: citer }',
  );
  write(
    'fr',
    'citer',
    'title: Citer ses sources\ndate: 2026-11-02\ndescription: Comment citer.\ncover: /blog/covers/citing.svg\ntranslations: { en: citing, de: zitieren }',
  );
  write(
    'it',
    'solo-italiano',
    'title: Solo italiano\ndate: 2026-10-01\ndescription: Solo qui.\ncover: /blog/covers/a.svg',
  );
}

/** The `<link rel="alternate" hreflang>` links of a page's head, by language. */
function hreflangs(html: string): Record<string, string> {
  return Object.fromEntries(
    [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)" \/>/g)].map((match) => [
      match[1],
      match[2],
    ]),
  );
}

describe('the blog pages', () => {
  it.each([
    ['/blog/citing', 'en'],
    ['/de/blog/zitieren', 'de'],
  ])('serves the article %s with its head, every value escaped', async (path, locale) => {
    const response = await test.request(path);
    expect(response.status).toBe(200);
    const html = await response.text();
    const base = test.config.publicUrl;
    expect(html).toContain(`<html lang="${locale}">`);
    expect(html).toContain(`<link rel="canonical" href="${base}${path}" />`);
    expect(html).toContain(`<meta property="og:url" content="${base}${path}" />`);
    expect(html).toContain('<meta property="og:type" content="article" />');
    expect(html).toContain(`<meta property="og:image" content="${base}/blog/covers/citing.svg" />`);
    expect(html).toContain(`<meta property="og:locale" content="${locale}_${locale === 'en' ? 'US' : 'DE'}" />`);
    expect(hreflangs(html)).toEqual({
      en: `${base}/blog/citing`,
      de: `${base}/de/blog/zitieren`,
      fr: `${base}/fr/blog/citer`,
      'x-default': `${base}/blog/citing`,
    });
    // One title and one description: the app's own give way.
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(html).toContain('<div id="root"></div>');
  });

  it('escapes the title and description of an article', async () => {
    const html = await (await test.request('/blog/citing')).text();
    const escaped = 'Citing &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quoting&#39; $&amp; more';
    expect(html).toContain(`<title>${escaped} · Quire</title>`);
    expect(html).toContain(`<meta property="og:title" content="${escaped}" />`);
    expect(html).toContain('<meta name="description" content="How to &quot;cite&quot; &lt;b&gt;well&lt;/b&gt;." />');
    expect(html).not.toContain('<script>alert');
  });

  it('gives an article without translations no alternates but itself', async () => {
    const html = await (await test.request('/it/blog/solo-italiano')).text();
    expect(hreflangs(html)).toEqual({
      it: `${test.config.publicUrl}/it/blog/solo-italiano`,
      'x-default': `${test.config.publicUrl}/it/blog/solo-italiano`,
    });
  });

  it.each(['/blog/unknown-article', '/de/blog/citing', '/blog/zitieren', '/blog?page=2', '/de/blog?page=abc'])(
    'answers %s, which does not exist, with the plain page and status 404',
    async (path) => {
      const response = await test.request(path);
      expect(response.status).toBe(404);
      expect(await response.text()).toBe(INDEX_HTML);
    },
  );

  it('serves the index of each language with its translated title and every language as alternate', async () => {
    const html = await (await test.request('/fr/blog')).text();
    const base = test.config.publicUrl;
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('<title>Blog : guides de rédaction universitaire · Quire</title>');
    expect(html).toContain(`<link rel="canonical" href="${base}/fr/blog" />`);
    expect(html).toContain('<meta property="og:type" content="website" />');
    expect(hreflangs(html)).toEqual({
      en: `${base}/blog`,
      de: `${base}/de/blog`,
      fr: `${base}/fr/blog`,
      es: `${base}/es/blog`,
      it: `${base}/it/blog`,
      nl: `${base}/nl/blog`,
      'x-default': `${base}/blog`,
    });
  });
});

describe('sitemap.xml and robots.txt', () => {
  it('lists the public pages of every locale and every article, with their alternates', async () => {
    const response = await test.request('/sitemap.xml');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await response.text();
    const base = test.config.publicUrl;
    const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    for (const page of ['', '/pricing', '/blog', '/contact', '/try']) {
      expect(locations).toContain(`${base}${page || '/'}`);
      expect(locations).toContain(`${base}/nl${page}`);
    }
    expect(locations).toContain(`${base}/blog/citing`);
    expect(locations).toContain(`${base}/de/blog/zitieren`);
    expect(locations).toContain(`${base}/it/blog/solo-italiano`);
    expect(locations).toHaveLength(5 * 6 + 4);
    expect(locations).not.toContain(`${base}/account`);

    const germanArticle =
      xml.split('<url>').find((entry) => entry.includes(`<loc>${base}/de/blog/zitieren</loc>`)) ?? '';
    expect(germanArticle).toContain('<lastmod>2026-11-02</lastmod>');
    expect(germanArticle).toContain(`<xhtml:link rel="alternate" hreflang="en" href="${base}/blog/citing" />`);
    expect(germanArticle).toContain(`<xhtml:link rel="alternate" hreflang="fr" href="${base}/fr/blog/citer" />`);
    expect(germanArticle).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${base}/blog/citing" />`);
    const lonely = xml.split('<url>').find((entry) => entry.includes('solo-italiano')) ?? '';
    expect(lonely).not.toContain('xhtml:link');
  });

  it('names the sitemap in robots.txt and keeps crawlers out of the API', async () => {
    const response = await test.request('/robots.txt');
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toContain(`Sitemap: ${test.config.publicUrl}/sitemap.xml`);
    expect(text).toContain('Disallow: /api/');
  });
});
