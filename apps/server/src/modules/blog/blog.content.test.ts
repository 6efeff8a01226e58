import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type BlogContent, createFileBlogContent } from './blog.content';

let dir: string;
let warnings: { path?: string; problem?: string }[];
let content: BlogContent;

function article(locale: string, slug: string, front: Record<string, string>, body = 'Some *text*.') {
  mkdirSync(join(dir, locale), { recursive: true });
  const lines = Object.entries({
    title: slug,
    date: '2026-10-01',
    description: 'About it.',
    cover: '/blog/covers/a.svg',
    ...front,
  })
    .filter(([, value]) => value !== '')
    .map(([key, value]) => `${key}: ${value}`);
  writeFileSync(join(dir, locale, `${slug}.md`), `---\n${lines.join('\n')}\n---\n\n${body}\n`);
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'quire-blog-'));
  warnings = [];
  content = createFileBlogContent({ dir, logger: { warn: (details: object) => warnings.push(details) } as never });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the file content adapter', () => {
  it('lists a locale newest first, nine to a page, without the HTML', async () => {
    for (let day = 1; day <= 11; day += 1) {
      article('en', `article-${day}`, { date: `2026-10-${String(day).padStart(2, '0')}` });
    }
    article('de', 'nur-deutsch', {});
    const first = await content.list('en', 1);
    expect(first?.pages).toBe(2);
    expect(first?.items.map((item) => item.slug)).toEqual([11, 10, 9, 8, 7, 6, 5, 4, 3].map((day) => `article-${day}`));
    expect(first?.items[0]).not.toHaveProperty('html');
    expect((await content.list('en', 2))?.items.map((item) => item.slug)).toEqual(['article-2', 'article-1']);
    expect(await content.list('en', 3)).toBeNull();
    expect((await content.list('de', 1))?.items.map((item) => item.slug)).toEqual(['nur-deutsch']);
    expect(await content.list('fr', 1)).toEqual({ items: [], page: 1, pages: 1 });
  });

  it('gives an article its rendered HTML, reading time and only the translations that exist', async () => {
    article('en', 'citing', { translations: '{ de: zitieren, fr: missing-one, en: citing }' }, '## Part\n\nText.');
    article('de', 'zitieren', { translations: '{ en: citing }' });
    const found = await content.article('en', 'citing');
    expect(found).toMatchObject({
      slug: 'citing',
      locale: 'en',
      date: '2026-10-01',
      reading_minutes: 1,
      translations: { de: 'zitieren' },
      html: '<h2>Part</h2>\n<p>Text.</p>',
    });
    expect(await content.article('de', 'citing')).toBeNull();
    expect(await content.article('en', 'nothing')).toBeNull();
  });

  it('logs and leaves out files that are not valid, and serves the rest', async () => {
    article('en', 'good', {});
    article('en', 'no-date', { date: '' });
    article('en', 'bad-date', { date: '2026-13-45' });
    article('en', 'outside-cover', { cover: 'https://example.org/x.png' });
    article('en', 'Bad_Name', {});
    writeFileSync(join(dir, 'en', 'no-front-matter.md'), '# Just Markdown\n');
    writeFileSync(join(dir, 'en', 'notes.txt'), 'not an article');
    expect((await content.list('en', 1))?.items.map((item) => item.slug)).toEqual(['good']);
    const problems = Object.fromEntries(warnings.map((warning) => [warning.path?.split('/').pop(), warning.problem]));
    expect(Object.keys(problems).sort()).toEqual(
      ['Bad_Name.md', 'bad-date.md', 'no-date.md', 'no-front-matter.md', 'outside-cover.md'].sort(),
    );
    expect(problems['no-date.md']).toMatch(/^date:/);
    expect(problems['outside-cover.md']).toMatch(/^cover:/);
    // Reported once, not on every request.
    await content.list('en', 1);
    expect(warnings).toHaveLength(5);
  });

  it('shows an edited article without a restart', async () => {
    article('en', 'changing', { title: 'Before' });
    expect((await content.article('en', 'changing'))?.title).toBe('Before');
    article('en', 'changing', { title: 'After, and longer' });
    const later = new Date(Date.now() + 5_000);
    utimesSync(join(dir, 'en', 'changing.md'), later, later);
    expect((await content.article('en', 'changing'))?.title).toBe('After, and longer');
  });

  it('answers with an empty blog when the folder does not exist', async () => {
    rmSync(dir, { recursive: true, force: true });
    expect(await content.list('en', 1)).toEqual({ items: [], page: 1, pages: 1 });
    expect(warnings).toEqual([]);
  });
});
