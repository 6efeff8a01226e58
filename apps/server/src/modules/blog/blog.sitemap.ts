import { DEFAULT_LOCALE, LOCALE_INFO, LOCALES, type LocaleCode, localePath } from '@quire/contracts';
import { escapeHtml } from '../../http/escape-html';
import type { BlogContent } from './blog.content';

/** The pages of every locale that anyone may open and a search engine should know. */
const PUBLIC_PAGES = ['', 'pricing', 'blog', 'contact', 'try'] as const;

type SitemapEntry = { url: string; lastmod?: string; versions: { locale: LocaleCode; url: string }[] };

/**
 * /sitemap.xml: the public pages and every blog article of every locale, each with its versions in the other
 * languages as xhtml:link alternates (and x-default: the English one).
 */
export async function sitemapXml(content: BlogContent, publicUrl: string): Promise<string> {
  const absolute = (locale: LocaleCode, rest: string) => `${publicUrl}${localePath(locale, rest)}`;
  const entries: SitemapEntry[] = PUBLIC_PAGES.flatMap((page) => {
    const versions = LOCALES.map((locale) => ({ locale, url: absolute(locale, page) }));
    return versions.map(({ url }) => ({ url, versions }));
  });
  for (const locale of LOCALES) {
    for await (const article of articlesOf(content, locale)) {
      const slugs: Partial<Record<LocaleCode, string>> = { ...article.translations, [locale]: article.slug };
      const versions = LOCALES.flatMap((code) => {
        const slug = slugs[code];
        return slug ? [{ locale: code, url: absolute(code, `blog/${slug}`) }] : [];
      });
      entries.push({ url: absolute(locale, `blog/${article.slug}`), lastmod: article.date, versions });
    }
  }
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries.map(urlElement),
    '</urlset>',
    '',
  ].join('\n');
}

/** /robots.txt: everything may be crawled except the app's API and sign-in; the sitemap is named. */
export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Disallow: /api/',
    'Disallow: /doc/',
    'Disallow: /gen/',
    'Disallow: /oidc/',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

async function* articlesOf(content: BlogContent, locale: LocaleCode) {
  for (let page = 1; ; page += 1) {
    const index = await content.list(locale, page);
    if (!index) return;
    yield* index.items;
    if (page >= index.pages) return;
  }
}

function urlElement({ url, lastmod, versions }: SitemapEntry): string {
  const lines = [`    <loc>${escapeHtml(url)}</loc>`];
  if (lastmod) lines.push(`    <lastmod>${lastmod}</lastmod>`);
  if (versions.length > 1) {
    const xDefault = versions.find((version) => version.locale === DEFAULT_LOCALE) ?? versions[0];
    for (const version of versions) lines.push(alternate(LOCALE_INFO[version.locale].meta.htmlLang, version.url));
    if (xDefault) lines.push(alternate('x-default', xDefault.url));
  }
  return `  <url>\n${lines.join('\n')}\n  </url>`;
}

function alternate(hreflang: string, url: string): string {
  return `    <xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeHtml(url)}" />`;
}
