import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { LocaleCode } from './locale-schemas';

/**
 * The blog (spec §2 /blog and /blog/{article}, under every locale prefix). Articles are Markdown files with front
 * matter (content/blog/{locale}/{slug}.md) read by the server's content adapter. `blogEndpoints` answer in the
 * request's language (Accept-Language): the index newest first, BLOG_PAGE_SIZE per page, and an article with its
 * HTML (sanitised on the server); an unknown article is a 404.
 * The pages /blog and /blog/{slug} are served with their title, description, Open Graph tags and hreflang links.
 */

export const BLOG_PAGE_SIZE = 9;
export const BLOG_SLUG_MAX_LENGTH = 120;
export const BLOG_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const BlogSlug = z.string().max(BLOG_SLUG_MAX_LENGTH).regex(BLOG_SLUG_PATTERN, 'must be lower-case-words');

/** The same article in other languages: locale → its slug there. */
export const BlogTranslations = z.partialRecord(LocaleCode, BlogSlug);
export type BlogTranslations = z.infer<typeof BlogTranslations>;

/** The front matter every article file starts with (content/blog/README.md). */
export const BlogFrontMatter = z.strictObject({
  title: z.string().trim().min(1).max(200),
  date: z.iso.date(),
  description: z.string().trim().min(1).max(300),
  /** A picture the web app serves itself, e.g. /blog/covers/citing.svg. */
  cover: z.string().regex(/^\/blog\/covers\/[a-z0-9-]+\.(svg|png|jpe?g|webp)$/, 'must be /blog/covers/{name}.svg'),
  translations: BlogTranslations.default({}),
});
export type BlogFrontMatter = z.infer<typeof BlogFrontMatter>;

export const BlogSummary = z.object({
  slug: BlogSlug,
  locale: LocaleCode,
  title: z.string(),
  /** The publication day, YYYY-MM-DD. */
  date: z.iso.date(),
  description: z.string(),
  cover: z.string(),
  reading_minutes: z.number().int().positive(),
  /** Only translations that exist. */
  translations: BlogTranslations,
});
export type BlogSummary = z.infer<typeof BlogSummary>;

export const BlogIndexQuery = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) });
export type BlogIndexQuery = z.infer<typeof BlogIndexQuery>;

export const BlogIndex = z.object({
  items: z.array(BlogSummary),
  page: z.number().int().positive(),
  /** At least 1, so "page 1 of 1" holds for an empty blog. */
  pages: z.number().int().positive(),
});
export type BlogIndex = z.infer<typeof BlogIndex>;

export const BlogArticle = BlogSummary.extend({
  /** The article's body as HTML: rendered from Markdown and restricted to an allow-list of tags on the server. */
  html: z.string(),
});
export type BlogArticle = z.infer<typeof BlogArticle>;

/** The public blog in the request's language. */
export const blogEndpoints = {
  index: defineEndpoint({ method: 'GET', service: 'api', path: '/blog', query: BlogIndexQuery, response: BlogIndex }),
  article: defineEndpoint({ method: 'GET', service: 'api', path: '/blog/:slug', response: BlogArticle }),
};
