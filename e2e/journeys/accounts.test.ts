import { type LocaleCode, localePath } from '@quire/contracts';
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

const url = (locale: LocaleCode, rest: string) => `${baseUrl}${localePath(locale, rest)}`;

/** On the embedded provider's sign-in page: fills the form and submits it. */
async function submitProviderForm(page: Page, fields: Record<string, string>): Promise<void> {
  for (const [name, value] of Object.entries(fields)) await page.locator(`#${name}`).fill(value);
  await page.locator('form button[type="submit"]').click();
}

/**
 * Opens the account menu and signs out. The survey card can appear while the menu is open, and closing it
 * (a click outside) closes the menu as well; then the menu is opened again.
 */
async function signOut(page: Page): Promise<void> {
  const menu = page.getByTestId('account-menu');
  const signOutButton = menu.locator('.account-menu__panel button');
  for (let attempt = 1; ; attempt++) {
    if (!(await signOutButton.isVisible())) await menu.locator('button').first().click();
    try {
      await signOutButton.click({ timeout: 5_000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

describe.each([
  ['en', 'Ada Lovelace'],
  ['de', 'Emmy Noether'],
] as const)('accounts in %s', (locale, name) => {
  const email = `${name.split(' ')[0]?.toLowerCase()}-${Date.now()}@example.org`;
  const password = 'a-long-enough-password';

  it('signs up on the embedded provider, stays signed in across a reload, signs out and in again', async () => {
    const { context, page, errors } = await openPage(browser, { locale: locale === 'de' ? 'de-DE' : 'en-US' });

    await page.goto(url(locale, 'login'));
    await page.waitForURL(/\/oidc\/interaction\//);
    expect(await page.getAttribute('html', 'lang')).toBe(locale);
    await page.locator('a[href*="mode=signup"]').click();
    await submitProviderForm(page, { name, email, password });

    await page.waitForURL(url(locale, 'feature/write-chapter'));
    const menu = page.getByTestId('account-menu');
    await expect.poll(() => menu.innerText(), { timeout: 10_000 }).toContain(name);
    await screenshot(page, `signed-in-${locale}`);

    await page.reload();
    await expect.poll(() => page.getByTestId('account-menu').innerText(), { timeout: 10_000 }).toContain(name);

    await signOut(page);
    await page.waitForURL(`${url(locale, '')}?logout`);
    await page.getByTestId('signed-out-notice').waitFor();
    expect(await page.getByTestId('account-menu').count()).toBe(0);

    await page.goto(url(locale, 'login'));
    await page.waitForURL(/\/oidc\/interaction\//);
    await submitProviderForm(page, { email, password });
    await page.waitForURL(url(locale, 'feature/write-chapter'));
    await expect.poll(() => page.getByTestId('account-menu').innerText(), { timeout: 10_000 }).toContain(name);

    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends a visitor of a page that needs an account to sign in, and back there afterwards', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(url(locale, 'account'));
    await page.waitForURL(/\/oidc\/interaction\//);
    await submitProviderForm(page, { email, password });
    await page.waitForURL(url(locale, 'account'));
    await page.getByTestId('page-title').waitFor();
    await context.close();
  });
});
