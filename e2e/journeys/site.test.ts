import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServerProcess } from '@quire/server/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { DESKTOP, MOBILE, openPage, screenshot } from '../support/page';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

async function visit(page: Page, path: string): Promise<number | undefined> {
  const response = await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
  return response?.status();
}

const pathOf = (page: Page) => new URL(page.url()).pathname;

describe('home page', () => {
  it('shows the English landing page at / and takes screenshots at desktop and mobile width', async () => {
    for (const [name, viewport] of [
      ['home-desktop', DESKTOP],
      ['home-mobile', MOBILE],
    ] as const) {
      const { context, page, errors } = await openPage(browser, { viewport });
      expect(await visit(page, '/')).toBe(200);
      expect(pathOf(page)).toBe('/');
      await page.getByTestId('page-title').waitFor();
      expect(await page.getAttribute('html', 'lang')).toBe('en');
      expect(await page.title()).toMatch(/Quire/);
      // Nothing wider than the screen: the layout really adapts below the mobile breakpoint.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(page, name);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('shows the German home page at /de', async () => {
    const { context, page, errors } = await openPage(browser);
    expect(await visit(page, '/de')).toBe(200);
    await page.getByTestId('page-title').waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('de');
    expect(await page.getByTestId('language-switcher').inputValue()).toBe('de');
    const english = await (async () => {
      const other = await openPage(browser);
      await visit(other.page, '/');
      const title = await other.page.getByTestId('page-title').innerText();
      await other.context.close();
      return title;
    })();
    expect(await page.getByTestId('page-title').innerText()).not.toBe(english);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('language', () => {
  it('sends a German browser from / to /de, and only from /', async () => {
    const { context, page } = await openPage(browser, { locale: 'de-DE' });
    await visit(page, '/');
    await page.waitForURL(`${baseUrl}/de`);
    expect(pathOf(page)).toBe('/de');
    await visit(page, '/pricing');
    expect(pathOf(page)).toBe('/pricing');
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    await context.close();
  });

  it('shows /fr/pricing in French', async () => {
    const { context, page, errors } = await openPage(browser);
    expect(await visit(page, '/fr/pricing')).toBe(200);
    await page.getByTestId('page-title').waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('fr');
    expect(await page.title()).toMatch(/Quire/);
    expect(await page.getByTestId('language-switcher').inputValue()).toBe('fr');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('switches language on the same page and remembers the choice for the start page', async () => {
    const { context, page } = await openPage(browser);
    await visit(page, '/fr/pricing');
    const french = await page.getByTestId('page-title').innerText();
    await page.getByTestId('language-switcher').selectOption('de');
    await page.waitForURL(`${baseUrl}/de/pricing`);
    await page.waitForFunction(() => document.documentElement.lang === 'de');
    expect(await page.getByTestId('page-title').innerText()).not.toBe(french);

    const cookies = await context.cookies(baseUrl);
    const language = cookies.find((cookie) => cookie.name === 'quire_lang');
    expect(language?.value).toBe('de');
    // The cookie lasts a year (spec §9: 365 days).
    const days = ((language?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);

    await visit(page, '/');
    await page.waitForURL(`${baseUrl}/de`);
    await context.close();
  });

  it('lets the language cookie beat the browser language', async () => {
    const { context, page } = await openPage(browser, { locale: 'it-IT' });
    await context.addCookies([{ name: 'quire_lang', value: 'en', url: baseUrl }]);
    await visit(page, '/');
    await page.getByTestId('page-title').waitFor();
    expect(pathOf(page)).toBe('/');
    await context.close();
  });
});

describe('not found', () => {
  it.each([
    ['/de/gibt-es-nicht', 'de', 'Seite nicht gefunden'],
    ['/nl/feature/bestaat-niet', 'nl', 'Pagina niet gevonden'],
    ['/feature/no-such-tool', 'en', 'Page not found'],
  ])('%s answers 404 and shows the not-found page in its language', async (path, lang, title) => {
    const { context, page } = await openPage(browser);
    expect(await visit(page, path)).toBe(404);
    const notFound = page.getByTestId('not-found');
    await notFound.waitFor();
    expect(await notFound.innerText()).toContain(title);
    expect(await page.getAttribute('html', 'lang')).toBe(lang);
    await context.close();
  });
});

describe('maintenance', () => {
  it('sends every visitor to /maintenance while it is on, and back to / once it is off', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'quire-e2e-maintenance-'));
    const maintenance = await startServerProcess({ build: 'dist', env: { DATA_DIR: dataDir, MAINTENANCE: 'true' } });
    try {
      const { context, page } = await openPage(browser);
      await page.goto(`${maintenance.baseUrl}/fr/pricing`, { waitUntil: 'networkidle' });
      await page.waitForURL(`${maintenance.baseUrl}/fr/maintenance`);
      await page.getByTestId('maintenance-page').waitFor();
      expect(await page.getAttribute('html', 'lang')).toBe('fr');
      await context.close();
    } finally {
      await maintenance.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }

    const { context, page } = await openPage(browser);
    await visit(page, '/maintenance');
    await page.waitForURL(`${baseUrl}/`);
    await page.getByTestId('page-title').waitFor();
    await context.close();
  });
});
