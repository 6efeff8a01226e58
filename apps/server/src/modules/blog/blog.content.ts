import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import {
  BLOG_PAGE_SIZE,
  type BlogArticle,
  BlogFrontMatter,
  type BlogIndex,
  BlogSlug,
  type BlogSummary,
  type BlogTranslations,
  LOCALES,
  type LocaleCode,
} from '@quire/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { parseFrontMatter } from './blog.front-matter';
import { readingMinutes, renderMarkdown } from './blog.markdown';

/**
 * Where the blog's articles come from. The file adapter below reads content/blog; a headless CMS can take its
 * place by implementing these two calls (docs/blog.md). Articles come back validated, newest first, with their
 * HTML already sanitised, and with only the translations that exist.
 */
export type BlogContent = {
  /** One page of a locale's articles, newest first; null when the page is past the last one. */
  list(locale: LocaleCode, page: number): Promise<BlogIndex | null>;
  /** An article with its HTML; null when the locale has no article of that slug. */
  article(locale: LocaleCode, slug: string): Promise<BlogArticle | null>;
};

type Logger = Pick<FastifyBaseLogger, 'warn'>;

type CachedFile = { mtimeMs: number; size: number; article: BlogArticle | null };

const instances = new WeakMap<Config, BlogContent>();

/** The blog content of an app (one per configuration, so the API and the page heads share one cache). */
export function blogContentFor(config: Config, logger: Logger): BlogContent {
  let content = instances.get(config);
  if (!content) {
    content = createFileBlogContent({ dir: config.blogDir, logger });
    instances.set(config, content);
  }
  return content;
}

/**
 * Articles from Markdown files in `{dir}/{locale}/{slug}.md`. Each file is parsed and rendered once and kept in
 * memory until its modification time or size changes, so an edited article shows without a restart. A file that
 * cannot be read or fails validation is logged and left out; it never fails a request.
 */
export function createFileBlogContent({ dir, logger }: { dir: string; logger: Logger }): BlogContent {
  const cache = new Map<string, CachedFile>();

  async function loadLocale(locale: LocaleCode): Promise<BlogArticle[]> {
    const folder = join(dir, locale);
    let names: string[];
    try {
      names = (await readdir(folder)).filter((name) => name.endsWith('.md')).sort();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
        logger.warn({ err: error, folder }, 'blog folder unreadable');
      return [];
    }
    const articles = await Promise.all(names.map((name) => loadFile(locale, join(folder, name), name.slice(0, -3))));
    return articles.filter((article): article is BlogArticle => article !== null);
  }

  async function loadFile(locale: LocaleCode, path: string, slug: string): Promise<BlogArticle | null> {
    try {
      const info = await stat(path);
      const cached = cache.get(path);
      if (cached && cached.mtimeMs === info.mtimeMs && cached.size === info.size) return cached.article;
      const article = parseArticle(locale, slug, await readFile(path, 'utf8'), (problem) =>
        logger.warn({ path, problem }, 'blog article skipped'),
      );
      cache.set(path, { mtimeMs: info.mtimeMs, size: info.size, article });
      return article;
    } catch (error) {
      logger.warn({ err: error, path }, 'blog article unreadable');
      return null;
    }
  }

  /** Every locale's articles, newest first, each with only the translations that exist. */
  async function load(): Promise<Record<LocaleCode, BlogArticle[]>> {
    const byLocale = Object.fromEntries(
      await Promise.all(LOCALES.map(async (locale) => [locale, await loadLocale(locale)] as const)),
    ) as Record<LocaleCode, BlogArticle[]>;
    const exists = (locale: LocaleCode, slug: string) => byLocale[locale].some((article) => article.slug === slug);
    for (const locale of LOCALES) {
      byLocale[locale] = byLocale[locale]
        .map((article) => ({ ...article, translations: existing(article.translations, locale, exists) }))
        .sort(newestFirst);
    }
    return byLocale;
  }

  return {
    async list(locale, page) {
      const articles = (await load())[locale];
      const pages = Math.max(1, Math.ceil(articles.length / BLOG_PAGE_SIZE));
      if (page < 1 || page > pages) return null;
      const items = articles.slice((page - 1) * BLOG_PAGE_SIZE, page * BLOG_PAGE_SIZE).map(summaryOf);
      return { items, page, pages };
    },
    async article(locale, slug) {
      return (await load())[locale].find((article) => article.slug === slug) ?? null;
    },
  };
}

/** An article file made into an article, or null (with the problem reported) when it is not valid. */
export function parseArticle(
  locale: LocaleCode,
  slug: string,
  file: string,
  report: (problem: string) => void,
): BlogArticle | null {
  if (!BlogSlug.safeParse(slug).success) {
    report('the file name is not a slug (lower-case words joined by hyphens, at most 120 characters)');
    return null;
  }
  let parsed: ReturnType<typeof parseFrontMatter>;
  try {
    parsed = parseFrontMatter(file);
  } catch (error) {
    report((error as Error).message);
    return null;
  }
  const front = BlogFrontMatter.safeParse(parsed.data);
  if (!front.success) {
    report(front.error.issues.map((issue) => `${issue.path.join('.') || 'front matter'}: ${issue.message}`).join('; '));
    return null;
  }
  const { title, date, description, cover, translations } = front.data;
  return {
    slug,
    locale,
    title,
    date,
    description,
    cover,
    reading_minutes: readingMinutes(parsed.body),
    translations,
    html: renderMarkdown(parsed.body),
  };
}

function existing(
  translations: BlogTranslations,
  own: LocaleCode,
  exists: (locale: LocaleCode, slug: string) => boolean,
): BlogTranslations {
  return Object.fromEntries(
    Object.entries(translations).filter(
      ([locale, slug]) => locale !== own && slug && exists(locale as LocaleCode, slug),
    ),
  );
}

function newestFirst(a: BlogArticle, b: BlogArticle): number {
  return b.date.localeCompare(a.date) || a.title.localeCompare(b.title);
}

function summaryOf({ html: _html, ...summary }: BlogArticle): BlogSummary {
  return summary;
}
