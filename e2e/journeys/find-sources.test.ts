import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { openPage, screenshot } from '../support/page';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

describe('finding sources', () => {
  it('searches the catalogues (local fakes on their real wire formats), rates the results and bookmarks one', async () => {
    const { context, page, errors } = await openPage(browser);
    // Tool pages are open to visitors; a protected page sends them to sign up first.
    await page.goto(`${baseUrl}/sources`);
    await page.waitForURL(/\/oidc\/interaction\//);
    await page.locator('a[href*="mode=signup"]').click();
    await page.locator('#name').fill('Search User');
    await page.locator('#email').fill(`search-${Date.now()}@example.org`);
    await page.locator('#password').fill('a-long-enough-password');
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL(`${baseUrl}/sources`);
    await page.goto(`${baseUrl}/feature/find-sources`);

    await page.getByTestId('search-query').fill('large language models chemistry tools');
    await page.getByTestId('search-submit').click();
    const card = page.getByTestId('paper-card').first();
    await card.waitFor({ timeout: 20_000 });
    expect(await card.innerText()).toMatch(/chemistry tools/i);
    // Every card carries its three ratings; the catalogues that answered are named.
    expect(await card.locator('[data-level]').count()).toBe(3);
    expect(await page.getByTestId('find-sources-catalogues').innerText()).toMatch(/Crossref/);
    await screenshot(page, 'find-sources-results');

    await card.getByTestId('paper-bookmark').click();
    const tab = page.getByRole('tab', { name: /Bookmarked \(1\)/ });
    await tab.waitFor();
    await tab.click();
    expect(await page.getByTestId('paper-card').count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
