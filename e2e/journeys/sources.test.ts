import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { openPage, screenshot } from '../support/page';
import { paperFile } from '../support/paper';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

async function signUp(page: Page, returnTo: string): Promise<void> {
  await page.goto(`${baseUrl}${returnTo}`);
  await page.waitForURL(/\/oidc\/interaction\//);
  await page.locator('a[href*="mode=signup"]').click();
  await page.locator('#name').fill('Library User');
  await page.locator('#email').fill(`library-${Date.now()}@example.org`);
  await page.locator('#password').fill('a-long-enough-password');
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL(`${baseUrl}${returnTo}`);
}

describe('the sources library', () => {
  it('uploads a real paper, shows it being processed until it is ready, and deletes it', async () => {
    const { context, page, errors } = await openPage(browser);
    await signUp(page, '/sources');
    await page.getByTestId('sources-empty').waitFor();

    await page.getByTestId('sources-upload-input').setInputFiles(await paperFile());
    const row = page.getByTestId('source-row').first();
    await row.waitFor();
    await expect.poll(() => row.getAttribute('data-state'), { timeout: 30_000 }).toBe('usable');
    await screenshot(page, 'sources-ready');

    // Ask the paper a question: the answer quotes it, and its first citation opens the passage with its page.
    const sourceId = (await row.getAttribute('data-source-id')) ?? '';
    await page.goto(`${baseUrl}/feature/source-qa`);
    const select = page.getByTestId('source-chat-source');
    await select.waitFor();
    await select.selectOption(sourceId);
    await page
      .getByTestId('source-chat-question')
      .fill('What does the reduce function do with the intermediate values?');
    await page.getByTestId('source-chat-send').click();
    const answer = page.locator('[data-testid="chat-message"][data-role="assistant"]').last();
    await answer.getByTestId('citation-ref').first().waitFor({ timeout: 15_000 });
    await answer.getByTestId('citation-ref').first().click();
    const panel = page.getByTestId('citation-panel');
    await panel.waitFor();
    expect(await panel.getByTestId('citation-page').innerText()).toMatch(/\d+/);
    await screenshot(page, 'source-chat');
    await page.keyboard.press('Escape');

    await page.goto(`${baseUrl}/sources`);
    await row.waitFor();
    await row.getByTestId('source-delete').click();
    await page.getByTestId('source-delete-confirm').click();
    await page.getByTestId('sources-empty').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
