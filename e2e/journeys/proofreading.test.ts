import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { MOBILE, openPage, screenshot } from '../support/page';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

/** A new account (tool pages ask visitors to sign in), then the proofreading page. */
async function signUpAndOpenTool(page: Page, who: string) {
  await page.goto(`${baseUrl}/sources`);
  await page.waitForURL(/\/oidc\/interaction\//);
  await page.locator('a[href*="mode=signup"]').click();
  await page.locator('#name').fill('Proof Reader');
  await page.locator('#email').fill(`proofreading-${who}-${Date.now()}@example.org`);
  await page.locator('#password').fill('a-long-enough-password');
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL(`${baseUrl}/sources`);
  await page.goto(`${baseUrl}/feature/proofreading`);
}

const TEXT = 'The results are are clear, and we definately agree.';

describe('proofreading', () => {
  it('checks an English text on the built-in engine, underlines a misspelling and a repeated word, and applies a fix', async () => {
    const { context, page, errors } = await openPage(browser);
    await signUpAndOpenTool(page, 'reader');

    await page.getByTestId('proofreading-text').fill(TEXT);
    // The count follows the typing a moment later.
    await page.getByTestId('proofreading-word-count').filter({ hasText: '9 of 20,000 words' }).waitFor();
    await screenshot(page, 'proofreading-editor');
    await page.getByTestId('proofreading-submit').click();
    await page.getByTestId('proofreading-result').waitFor({ timeout: 20_000 });

    // Hunspell marks the misspelling, the grammar checkers the repeated word; each mark is named by its kind.
    const misspelled = page.locator('[data-testid="issue-mark"][data-kind="spelling"]', { hasText: 'definately' });
    await misspelled.waitFor();
    expect(await misspelled.getAttribute('aria-label')).toMatch(/^Spelling: “definately”/);
    const repeated = page.locator('[data-testid="issue-mark"][data-kind="grammar"]', { hasText: 'are are' });
    expect(await repeated.count()).toBe(1);
    expect(await page.getByTestId('proofreading-language-result').innerText()).toBe('Language: English (detected)');
    await screenshot(page, 'proofreading-result');

    await misspelled.click();
    const panel = page.getByTestId('issue-panel');
    await panel.getByRole('button', { name: 'definitely', exact: true }).click();
    expect(await page.getByTestId('proofreading-marked-text').innerText()).toBe(
      'The results are are clear, and we definitely agree.',
    );
    // The repeated word keeps its mark; applying its suggestion removes the repetition.
    expect(await repeated.count()).toBe(1);
    await repeated.click();
    await panel.getByRole('button', { name: 'are', exact: true }).click();
    expect(await page.getByTestId('proofreading-marked-text').innerText()).toBe(
      'The results are clear, and we definitely agree.',
    );
    expect(await page.getByTestId('issue-mark').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens an issue as a bottom sheet on a phone', async () => {
    const { context, page, errors } = await openPage(browser, { viewport: MOBILE });
    await signUpAndOpenTool(page, 'phone');

    await page.getByTestId('proofreading-text').fill(TEXT);
    await page.getByTestId('proofreading-submit').click();
    const misspelled = page.locator('[data-testid="issue-mark"]', { hasText: 'definately' });
    await misspelled.waitFor({ timeout: 20_000 });
    await misspelled.click();
    const panel = page.getByTestId('issue-panel');
    await panel.waitFor();
    const box = await panel.boundingBox();
    expect(box?.width).toBe(MOBILE.width);
    expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBe(MOBILE.height);
    await screenshot(page, 'proofreading-mobile');
    expect(errors).toEqual([]);
    await context.close();
  });
});
