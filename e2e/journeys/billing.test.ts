import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ServerProcess, startServerProcess } from '@quire/server/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { openPage, screenshot } from '../support/page';

/**
 * Billing through the local provider (no Stripe key), on a server of its own whose PLANS_FILE gives the free
 * plan only a handful of words, so one summary reaches the limit. Summaries, because the built-in engine
 * writes them itself and charges their words (free writing there only says a model is needed, for free).
 */
const FREE_WORDS = 10;
const PLANS = {
  plans: [
    { slug: 'free', kind: 'free', words_per_month: FREE_WORDS, tools: ['freestyle', 'summarize', 'proofreading'] },
    {
      slug: 'student',
      kind: 'subscription',
      words_per_month: 10_000,
      tools: 'all',
      prices: { EUR: { monthly: 999 }, USD: { monthly: 999 } },
    },
    { slug: 'trial', kind: 'trial', words_per_month: 5_000, tools: 'all' },
  ],
  packs: [{ slug: 'words-5000', words: 5_000, prices: { EUR: 499, USD: 499 } }],
};

let browser: Browser;
let server: ServerProcess;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'quire-e2e-billing-'));
  const plansFile = join(dataDir, 'plans.json');
  writeFileSync(plansFile, JSON.stringify(PLANS));
  server = await startServerProcess({
    build: 'dist',
    env: { DATA_DIR: dataDir, PLANS_FILE: plansFile, AI_PROVIDER: 'builtin' },
  });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function signUp(page: Page, email: string): Promise<void> {
  await page.goto(`${server.baseUrl}/login`);
  await page.waitForURL(/\/oidc\/interaction\//);
  await page.locator('a[href*="mode=signup"]').click();
  for (const [name, value] of Object.entries({ name: 'Grace Hopper', email, password: 'a-long-enough-password' }))
    await page.locator(`#${name}`).fill(value);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL(`${server.baseUrl}/feature/write-chapter`);
}

const PARAGRAPH = [
  'Citations let a reader check where a claim comes from and judge how strong the evidence behind it is.',
  'They give credit to the researchers whose work an argument builds on, which is a matter of honesty.',
  'A careful reference list also shows that the writer knows the field and has read its central studies.',
  'Finally, consistent citation styles make academic texts easier to compare, review and reuse.',
].join(' ');

/** Runs the summary tool once; resolves with the run's final status (done or failed). */
async function summarize(page: Page, text: string): Promise<string | null> {
  await page.getByTestId('field-text').fill(text);
  await page.getByTestId('tool-submit').click();
  const finished = page.locator('[data-testid="run"][data-status="done"], [data-testid="run"][data-status="failed"]');
  await finished.waitFor({ timeout: 30_000 });
  return finished.getAttribute('data-status');
}

describe('billing', () => {
  it('a free user reaches the limit, books student with the local provider, writes again and cancels', async () => {
    const { context, page, errors } = await openPage(browser);
    await signUp(page, `grace-${Date.now()}@example.org`);

    await page.goto(`${server.baseUrl}/feature/summarize`);
    expect(await summarize(page, PARAGRAPH)).toBe('done');
    await expect.poll(() => page.getByTestId('words-meter').getAttribute('data-state')).toBe('reached');
    expect(await page.getByTestId('words-left').innerText()).toBe('0');

    expect(await summarize(page, `${PARAGRAPH} Once more, please.`)).toBe('failed');
    const limit = page.getByTestId('limit-dialog');
    await limit.waitFor();
    await screenshot(page, 'billing-limit-dialog');
    await limit.getByTestId('limit-pricing').click();

    await page.waitForURL(`${server.baseUrl}/pricing`);
    const student = page.getByTestId('plan-student');
    await student.waitFor();
    expect(await page.getByTestId('plan-free').getByTestId('current-plan').count()).toBe(1);
    await screenshot(page, 'billing-pricing');
    await student.getByTestId('choose-student').click();

    await page.waitForURL(/\/checkout\?session=/);
    await page.getByTestId('test-payment').waitFor();
    expect(await page.getByTestId('checkout-product').innerText()).toContain('Student');
    await screenshot(page, 'billing-local-checkout');
    await page.getByTestId('checkout-confirm').click();

    await page.waitForURL(/\/checkout_success\?session=/);
    await expect.poll(() => page.getByTestId('success-product').innerText()).toContain('Student');
    await screenshot(page, 'billing-checkout-success');
    await page.getByTestId('start-now').click();
    await page.waitForURL(`${server.baseUrl}/feature/write-chapter`);
    await expect.poll(() => page.getByTestId('words-meter').getAttribute('data-state')).toBe('available');

    await page.goto(`${server.baseUrl}/feature/summarize`);
    expect(await summarize(page, PARAGRAPH)).toBe('done');

    await page.goto(`${server.baseUrl}/account`);
    await page.getByTestId('subscription-cancel').click();
    const dialog = page.getByTestId('cancel-dialog');
    await dialog.getByTestId('cancel-confirm').click();
    await dialog.getByTestId('cancel-reason-error').waitFor();
    await dialog.getByTestId('cancel-reason-work_completed').check();
    await dialog.getByTestId('cancel-confirm').click();
    await expect.poll(() => page.getByTestId('cancel-done').innerText()).toContain('stays active until');
    await screenshot(page, 'billing-cancelled');
    expect(await page.getByTestId('subscription-cancel').count()).toBe(0);

    expect(errors).toEqual([]);
    await context.close();
  });
});
