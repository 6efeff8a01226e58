import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { openPage, screenshot } from '../support/page';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

const NAME = 'Glacier Student';
const EMAIL = `history-${Date.now()}@example.org`;

const TEXT = [
  'Glaciers store about seventy percent of the fresh water on Earth.',
  'Most glaciers retreat as the climate warms, and the retreat has sped up since 1990.',
  'Meltwater from glaciers feeds rivers that millions of people drink from in summer.',
  'When the glaciers are gone, these rivers run low in the dry season.',
  'Scientists measure glaciers with satellites, stakes in the ice and aerial photographs.',
].join(' ');

/** A new account on the free plan, which may summarize. */
async function signUp(page: Page) {
  await page.goto(`${baseUrl}/history`);
  await page.waitForURL(/\/oidc\/interaction\//);
  await page.locator('a[href*="mode=signup"]').click();
  await page.locator('#name').fill(NAME);
  await page.locator('#email').fill(EMAIL);
  await page.locator('#password').fill('a-long-enough-password');
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL(`${baseUrl}/history`);
}

describe('history and shared results', () => {
  it('finds a result by a word of it, shares it publicly without account data, and revokes the link', async () => {
    const { context, page, errors } = await openPage(browser);
    await signUp(page);
    await page.getByTestId('history-empty').waitFor();

    // A summary on the built-in engine.
    await page.goto(`${baseUrl}/feature/summarize`);
    await page.getByTestId('field-text').fill(TEXT);
    await page.getByTestId('tool-submit').click();
    const result = page.getByTestId('result');
    await result.waitFor({ timeout: 30_000 });
    expect((await result.innerText()).toLowerCase()).toContain('glaciers');

    // Found in the history by a word of it; the search is in the URL.
    await page.goto(`${baseUrl}/history`);
    await page.getByTestId('history-result').first().waitFor();
    await page.getByTestId('history-search').fill('glaciers');
    await page.waitForURL(/\?q=glaciers$/);
    // The list changes while the search is answered (the unfiltered results, then the found ones); polled.
    await expect.poll(() => page.getByTestId('history-result').count()).toBe(1);
    expect(await page.getByTestId('history-result-tool').innerText()).toBe('Summarize');
    await page.getByTestId('history-search').fill('volcanoes');
    await page.getByTestId('history-no-matches').waitFor();
    await page.getByTestId('history-search').fill('glaciers');
    await page.waitForURL(/\?q=glaciers$/);
    // A reload keeps the search.
    await page.reload();
    expect(await page.getByTestId('history-search').inputValue()).toBe('glaciers');
    await page.getByTestId('history-result').first().waitFor();
    await screenshot(page, 'history');

    // Shared: a public link, made on request.
    await page.getByTestId('history-result-share').click();
    await page.getByTestId('share-create').click();
    const link = await page.getByTestId('share-link').inputValue();
    expect(link).toMatch(new RegExp(`^${baseUrl}/shared/[A-Za-z0-9_-]{32}$`));
    await screenshot(page, 'history-share-dialog');

    // Someone without an account opens it: the text, and nothing about its author.
    const visitor = await openPage(browser);
    const response = await visitor.page.goto(link);
    expect(response?.status()).toBe(200);
    const html = (await response?.text()) ?? '';
    expect(html).toContain('<meta property="og:type" content="article" />');
    expect(html).toContain('<meta name="robots" content="noindex" />');
    const shared = visitor.page.getByTestId('shared-result');
    await shared.waitFor();
    const sharedText = await visitor.page.locator('body').innerText();
    expect(sharedText.toLowerCase()).toContain('glaciers');
    expect(sharedText).not.toContain(NAME);
    expect(sharedText).not.toContain(EMAIL);
    expect(await visitor.page.getByTestId('shared-tool').innerText()).toBe('Summarize');
    await screenshot(visitor.page, 'shared-result');

    // Revoked: the link leads nowhere any more.
    await page.getByTestId('share-revoke').click();
    await page.getByTestId('share-revoke-confirm').click();
    await page.getByTestId('share-create').waitFor();
    const gone = await visitor.page.reload();
    expect(gone?.status()).toBe(404);
    await visitor.page.getByTestId('not-found').waitFor();
    expect(await visitor.page.getByTestId('shared-result').count()).toBe(0);

    expect(errors).toEqual([]);
    expect(visitor.errors).toEqual([]);
    await visitor.context.close();
    await context.close();
  });
});
