import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BlogArticle, BlogIndex } from '@quire/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBody, startTestApp, type TestApp } from '../../test/test-app';

let blogDir: string;
let test: TestApp;

function writeArticle(locale: string, slug: string, front: string, body = 'Text.') {
  mkdirSync(join(blogDir, locale), { recursive: true });
  writeFileSync(join(blogDir, locale, `${slug}.md`), `---\n${front}\ncover: /blog/covers/x.svg\n---\n${body}\n`);
}

beforeAll(async () => {
  blogDir = mkdtempSync(join(tmpdir(), 'quire-blog-api-'));
  for (let day = 10; day < 22; day += 1) {
    writeArticle('en', `note-${day}`, `title: Note ${day}\ndate: 2026-10-${day}\ndescription: Day ${day}.`);
  }
  writeArticle(
    'en',
    'citing',
    'title: Citing\ndate: 2026-11-02\ndescription: How.\ntranslations: { de: zitieren }',
    '## Why\n\n<script>alert(1)</script> **cite**',
  );
  writeArticle('de', 'zitieren', 'title: Zitieren\ndate: 2026-11-02\ndescription: Wie.\ntranslations: { en: citing }');
  writeArticle('de', 'kaputt', 'title: Kaputt\ndate: gestern\ndescription: Nein.');
  test = await startTestApp({ env: { BLOG_DIR: blogDir } });
});
afterAll(async () => {
  await test.close();
  rmSync(blogDir, { recursive: true, force: true });
});

const inGerman = { headers: { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' } };

describe('GET /api/blog', () => {
  it('lists the English articles newest first, nine to a page, to anyone', async () => {
    const response = await test.request('/api/blog');
    expect(response.status).toBe(200);
    const index = BlogIndex.parse((await readBody(response)).data);
    expect(index.page).toBe(1);
    expect(index.pages).toBe(2);
    expect(index.items.map((item) => item.slug)).toEqual([
      'citing',
      ...[21, 20, 19, 18, 17, 16, 15, 14].map((day) => `note-${day}`),
    ]);
    expect(index.items[0]).toMatchObject({
      title: 'Citing',
      locale: 'en',
      reading_minutes: 1,
      translations: { de: 'zitieren' },
    });

    const second = BlogIndex.parse((await readBody(await test.request('/api/blog?page=2'))).data);
    expect(second.items.map((item) => item.slug)).toEqual(['note-13', 'note-12', 'note-11', 'note-10']);
  });

  it("lists the reader's language (an invalid file left out)", async () => {
    const index = BlogIndex.parse((await readBody(await test.request('/api/blog', inGerman))).data);
    expect(index.items.map((item) => item.slug)).toEqual(['zitieren']);
  });

  it('answers 404 past the last page and 400 for a page that is no number', async () => {
    expect((await readBody(await test.request('/api/blog?page=3'))).error.code).toBe('not_found');
    const response = await test.request('/api/blog?page=zero');
    expect(response.status).toBe(400);
    expect((await readBody(response)).error.code).toBe('validation_error');
  });
});

describe('GET /api/blog/{slug}', () => {
  it('answers an article with its sanitised HTML and its translations', async () => {
    const response = await test.request('/api/blog/citing');
    expect(response.status).toBe(200);
    const article = BlogArticle.parse((await readBody(response)).data);
    expect(article.html).toBe('<h2>Why</h2>\n<p>&lt;script&gt;alert(1)&lt;/script&gt; <strong>cite</strong></p>');
    expect(article.translations).toEqual({ de: 'zitieren' });
  });

  it('looks in the reader’s language only', async () => {
    expect((await test.request('/api/blog/zitieren', inGerman)).status).toBe(200);
    expect((await test.request('/api/blog/zitieren')).status).toBe(404);
    expect((await test.request('/api/blog/citing', inGerman)).status).toBe(404);
  });

  it.each(['nothing-here', 'kaputt', 'Not_A_Slug', '..%2F..%2Fetc%2Fpasswd', 'trailing-'])(
    'answers %s with 404',
    async (slug) => {
      const response = await test.request(`/api/blog/${slug}`, inGerman);
      expect(response.status).toBe(404);
      expect((await readBody(response)).error.code).toBe('not_found');
    },
  );

  it('declares both routes public', () => {
    const routes = test.app.routeCatalogue.filter((route) => route.url.startsWith('/api/blog'));
    expect(routes.map(({ url, auth }) => [url, auth])).toEqual([
      ['/api/blog', 'public'],
      ['/api/blog/:slug', 'public'],
    ]);
  });
});
