import { BLOG_SLUG_PATTERN, DEFAULT_LOCALE, LOCALE_INFO, LOCALES, type LocaleCode, localePath } from '@quire/contracts';
import { escapeHtml } from '../../http/escape-html';
import type { BlogContent } from './blog.content';
import { blogCatalogueText } from './blog.i18n';

/** What crawlers and link previews read in a page's head. */
export type PageHead = {
  locale: LocaleCode;
  title: string;
  description: string;
  /** The page's canonical address, absolute. */
  url: string;
  type: 'website' | 'article';
  /** Absolute. */
  image?: string;
  /** The same page in each language it exists in, itself included (hreflang links). */
  alternates: { locale: LocaleCode; url: string }[];
  /** The version for readers of any other language (hreflang x-default): the English one when there is one. */
  xDefault?: string;
};

/** Open Graph wants language_TERRITORY. */
const OG_LOCALES: Record<LocaleCode, string> = {
  en: 'en_US',
  de: 'de_DE',
  fr: 'fr_FR',
  es: 'es_ES',
  it: 'it_IT',
  nl: 'nl_NL',
};

/** The head of the blog's index (page `page` of a locale); null when that page does not exist. */
export async function blogIndexHead(
  content: BlogContent,
  { publicUrl, locale, page }: { publicUrl: string; locale: LocaleCode; page: number },
): Promise<PageHead | null> {
  if (!(await content.list(locale, page))) return null;
  const indexUrl = (code: LocaleCode) => `${publicUrl}${localePath(code, 'blog')}`;
  const first = page === 1;
  return {
    locale,
    title: blogCatalogueText(locale, 'blog.meta.title'),
    description: blogCatalogueText(locale, 'blog.meta.description'),
    url: first ? indexUrl(locale) : `${indexUrl(locale)}?page=${page}`,
    type: 'website',
    // Later pages list different articles in each language: only the first pages are each other's translations.
    alternates: first ? LOCALES.map((code) => ({ locale: code, url: indexUrl(code) })) : [],
    xDefault: first ? indexUrl(DEFAULT_LOCALE) : undefined,
  };
}

/** The head of an article's page; null when the locale has no such article. */
export async function blogArticleHead(
  content: BlogContent,
  { publicUrl, locale, slug }: { publicUrl: string; locale: LocaleCode; slug: string },
): Promise<PageHead | null> {
  const article = BLOG_SLUG_PATTERN.test(slug) ? await content.article(locale, slug) : null;
  if (!article) return null;
  const articleUrl = (code: LocaleCode, articleSlug: string) =>
    `${publicUrl}${localePath(code, `blog/${articleSlug}`)}`;
  const versions: Partial<Record<LocaleCode, string>> = { ...article.translations, [locale]: slug };
  const alternates = LOCALES.flatMap((code) => {
    const versionSlug = versions[code];
    return versionSlug ? [{ locale: code, url: articleUrl(code, versionSlug) }] : [];
  });
  return {
    locale,
    title: article.title,
    description: article.description,
    url: articleUrl(locale, slug),
    type: 'article',
    image: `${publicUrl}${article.cover}`,
    alternates,
    xDefault: (alternates.find((alternate) => alternate.locale === DEFAULT_LOCALE) ?? alternates[0])?.url,
  };
}

/**
 * The web app's index.html with a page's head: its language, title, description, canonical link, hreflang links
 * and Open Graph tags, every value escaped. The app's own title and description give way.
 */
export function withPageHead(indexHtml: string, head: PageHead): string {
  const meta = (attribute: 'property' | 'name', key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;
  const link = (attributes: string) => `<link ${attributes} />`;
  const tags = [
    `<title>${escapeHtml(`${head.title} · Quire`)}</title>`,
    meta('name', 'description', head.description),
    link(`rel="canonical" href="${escapeHtml(head.url)}"`),
    ...head.alternates.map((alternate) =>
      link(
        `rel="alternate" hreflang="${LOCALE_INFO[alternate.locale].meta.htmlLang}" href="${escapeHtml(alternate.url)}"`,
      ),
    ),
    ...(head.xDefault ? [link(`rel="alternate" hreflang="x-default" href="${escapeHtml(head.xDefault)}"`)] : []),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:type', head.type),
    meta('property', 'og:url', head.url),
    ...(head.image ? [meta('property', 'og:image', head.image)] : []),
    meta('property', 'og:locale', OG_LOCALES[head.locale]),
    ...head.alternates
      .filter((alternate) => alternate.locale !== head.locale)
      .map((alternate) => meta('property', 'og:locale:alternate', OG_LOCALES[alternate.locale])),
    meta('property', 'og:site_name', 'Quire'),
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
  ];
  const html = indexHtml
    .replace(/<html\b([^>]*)>/i, (_match, attributes: string) => {
      const others = attributes.replace(/\s+lang="[^"]*"/i, '');
      return `<html${others} lang="${LOCALE_INFO[head.locale].meta.htmlLang}">`;
    })
    .replace(/<title>[\s\S]*?<\/title>\s*/i, '')
    .replace(/<meta\s+name="description"[^>]*>\s*/i, '');
  // A function, so that a `$&` in a title is text and not a replacement pattern.
  return html.replace(/<\/head>/i, () => `${tags.join('\n    ')}\n  </head>`);
}
