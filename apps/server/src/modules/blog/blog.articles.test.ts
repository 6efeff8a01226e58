import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type BlogArticle, LOCALES, type LocaleCode, matchPage, parseLocalePath } from '@quire/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { REPO_ROOT } from '../../paths';
import { createFileBlogContent } from './blog.content';
import { parseFrontMatter } from './blog.front-matter';
import { countWords } from './blog.markdown';

// The articles the repository ships, read as the server reads them (BLOG_DIR's default).
const blogDir = loadConfig({}).blogDir;
const problems: unknown[] = [];
const content = createFileBlogContent({
  dir: blogDir,
  logger: { warn: (details: unknown) => problems.push(details) } as never,
});
const articles = {} as Record<LocaleCode, BlogArticle[]>;

beforeAll(async () => {
  for (const locale of LOCALES) {
    const index = await content.list(locale, 1);
    const all = await Promise.all((index?.items ?? []).map((item) => content.article(locale, item.slug)));
    articles[locale] = all.filter((article): article is BlogArticle => article !== null);
  }
});

const bodyOf = (article: BlogArticle) =>
  parseFrontMatter(readFileSync(join(blogDir, article.locale, `${article.slug}.md`), 'utf8')).body;

describe('the blog articles in content/blog', () => {
  it('is where BLOG_DIR points by default; another folder is taken from where the command runs', () => {
    expect(blogDir).toBe(join(REPO_ROOT, 'content/blog'));
    expect(loadConfig({ BLOG_DIR: 'site/articles', INIT_CWD: '/srv/quire' }).blogDir).toBe('/srv/quire/site/articles');
    expect(loadConfig({ BLOG_DIR: '/var/blog' }).blogDir).toBe('/var/blog');
  });

  it('are all valid: no file is skipped', () => {
    const files = LOCALES.flatMap((locale) =>
      readdirSync(join(blogDir, locale)).filter((name) => name.endsWith('.md')),
    );
    expect(problems).toEqual([]);
    expect(LOCALES.flatMap((locale) => articles[locale])).toHaveLength(files.length);
  });

  it.each(LOCALES)('%s has at least three articles of 600 to 1,000 words', (locale) => {
    expect(articles[locale].length).toBeGreaterThanOrEqual(3);
    for (const article of articles[locale]) {
      const words = countWords(bodyOf(article));
      expect(words, article.slug).toBeGreaterThanOrEqual(600);
      expect(words, article.slug).toBeLessThanOrEqual(1_000);
    }
  });

  it.each(LOCALES)('%s articles link every translation, and each translation links back', (locale) => {
    for (const article of articles[locale]) {
      expect(Object.keys(article.translations).sort(), article.slug).toEqual(
        LOCALES.filter((code) => code !== locale).sort(),
      );
      for (const [other, slug] of Object.entries(article.translations)) {
        const translation = articles[other as LocaleCode].find((candidate) => candidate.slug === slug);
        expect(translation?.translations[locale], `${other}/${slug}`).toBe(article.slug);
      }
    }
  });

  it.each(LOCALES)('%s articles have a cover the web app serves and links to pages that exist', (locale) => {
    for (const article of articles[locale]) {
      expect(existsSync(join(REPO_ROOT, 'apps/web/public', article.cover)), article.cover).toBe(true);
      for (const [, href] of article.html.matchAll(/href="(\/[^"]*)"/g)) {
        const page = matchPage(href ?? '');
        expect(page, href).not.toBeNull();
        // Links stay in the article's language, and an article link names an article of it.
        expect(parseLocalePath(href ?? '').locale, href).toBe(locale);
        if (page?.id === 'blogArticle') {
          expect(
            articles[locale].map((candidate) => candidate.slug),
            href,
          ).toContain(page.params.article);
        }
      }
    }
  });
});
