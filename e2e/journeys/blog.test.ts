import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { MOBILE, openPage, screenshot } from '../support/page';

const baseUrl = inject('baseUrl');
const ENGLISH = '/blog/citing-sources-correctly-apa-7';
const GERMAN = '/de/blog/richtig-zitieren';
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

type ServedHead = {
  title: string;
  lang: string;
  canonical: string | null;
  alternates: Record<string, string | null>;
  og: Record<string, string | null>;
};

/** A page's head as the server sends it, before any script runs. */
async function servedHead(path: string): Promise<{ status: number; head: ServedHead }> {
  const response = await fetch(`${baseUrl}${path}`);
  const html = await response.text();
  // Parsed in the browser: the journey reads the head the way a crawler does, without running the app.
  const page = await browser.newPage();
  try {
    await page.setContent(html.replace(/<script[\s\S]*?<\/script>/gi, ''), { waitUntil: 'domcontentloaded' });
    const head = await page.evaluate<ServedHead>(() => ({
      title: document.title,
      lang: document.documentElement.lang,
      canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
      alternates: Object.fromEntries(
        [...document.querySelectorAll('link[rel="alternate"][hreflang]')].map((link) => [
          link.getAttribute('hreflang') ?? '',
          link.getAttribute('href'),
        ]),
      ),
      og: Object.fromEntries(
        [...document.querySelectorAll('meta[property^="og:"]')].map((meta) => [
          meta.getAttribute('property') ?? '',
          meta.getAttribute('content'),
        ]),
      ),
    }));
    return { status: response.status, head };
  } finally {
    await page.close();
  }
}

describe('the blog', () => {
  it('lists the articles, opens one in English, follows it to German, and serves both with hreflang links', async () => {
    const { context, page, errors } = await openPage(browser);

    await page.goto(`${baseUrl}/blog`);
    const cards = page.getByTestId('blog-card');
    await cards.first().waitFor();
    const count = await cards.count();
    expect(count).toBeGreaterThanOrEqual(3);
    expect(count).toBeLessThanOrEqual(9);
    // More than nine articles would page; three to nine fit on one.
    expect(await page.getByTestId('blog-pagination').count()).toBe(0);
    await screenshot(page, 'blog-index');

    await page.locator(`a[href="${ENGLISH}"]`).first().click();
    await page.waitForURL(`${baseUrl}${ENGLISH}`);
    await page.getByTestId('blog-article-body').waitFor();
    expect(await page.getByTestId('page-title').innerText()).toBe(
      'Citing sources correctly: a practical guide to APA 7',
    );
    expect(await page.title()).toBe('Citing sources correctly: a practical guide to APA 7 · Quire');
    expect(await page.getByTestId('blog-article-body').locator('h2').count()).toBeGreaterThan(3);
    await screenshot(page, 'blog-article');

    await page.getByTestId('blog-translation-de').click();
    await page.waitForURL(`${baseUrl}${GERMAN}`);
    await expect
      .poll(() => page.getByTestId('page-title').innerText())
      .toBe('Richtig zitieren: deutsche Zitierweise, Harvard und APA im Überblick');
    expect(await page.getByTestId('blog-back').getAttribute('href')).toBe('/de/blog');
    expect(await page.getByTestId('blog-translation-en').getAttribute('href')).toBe(ENGLISH);

    // What a crawler reads before any script runs.
    const english = await servedHead(ENGLISH);
    const head = english.head;
    expect(english.status).toBe(200);
    expect(head.title).toBe('Citing sources correctly: a practical guide to APA 7 · Quire');
    expect(head.lang).toBe('en');
    expect(head.canonical).toBe(`${baseUrl}${ENGLISH}`);
    expect(head.alternates.de).toBe(`${baseUrl}${GERMAN}`);
    expect(head.alternates['x-default']).toBe(`${baseUrl}${ENGLISH}`);
    expect(Object.keys(head.alternates).sort()).toEqual(['de', 'en', 'es', 'fr', 'it', 'nl', 'x-default']);
    expect(head.og['og:type']).toBe('article');
    expect(head.og['og:image']).toBe(`${baseUrl}/blog/covers/citing-sources.svg`);

    const german = await servedHead(GERMAN);
    expect(german.head.title).toBe('Richtig zitieren: deutsche Zitierweise, Harvard und APA im Überblick · Quire');
    expect(german.head.lang).toBe('de');
    expect(german.head.alternates.en).toBe(`${baseUrl}${ENGLISH}`);

    // The cover the head names is served.
    expect((await fetch(`${baseUrl}/blog/covers/citing-sources.svg`)).status).toBe(200);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows an unknown article as not found, with status 404 for crawlers', async () => {
    const { context, page } = await openPage(browser, { viewport: MOBILE });
    const response = await page.goto(`${baseUrl}/blog/no-such-article`);
    expect(response?.status()).toBe(404);
    await page.getByTestId('not-found').waitFor();
    await context.close();
  });

  it('lists every article of every language in the sitemap', async () => {
    const xml = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
    expect(xml).toContain(`<loc>${baseUrl}${GERMAN}</loc>`);
    expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="de" href="${baseUrl}${GERMAN}" />`);
    expect((await fetch(`${baseUrl}/robots.txt`)).status).toBe(200);
  });
});
