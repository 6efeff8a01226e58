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

async function signUp(page: Page, returnTo: string): Promise<void> {
  await page.goto(`${baseUrl}${returnTo}`);
  await page.waitForURL(/\/oidc\/interaction\//);
  await page.locator('a[href*="mode=signup"]').click();
  await page.locator('#name').fill('App Builder');
  await page.locator('#email').fill(`own-apps-${Date.now()}@example.org`);
  await page.locator('#password').fill('a-long-enough-password');
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL(`${baseUrl}${returnTo}`);
}

/** Own applications run with freestyle's access: the student plan, booked with the local provider. */
async function bookStudent(page: Page): Promise<void> {
  await page.goto(`${baseUrl}/pricing`);
  await page.getByTestId('plan-student').getByTestId('choose-student').click();
  await page.waitForURL(/\/checkout\?session=/);
  await page.getByTestId('checkout-confirm').click();
  await page.waitForURL(/\/checkout_success\?session=/);
  await expect.poll(() => page.getByTestId('success-product').innerText()).toContain('Student');
}

describe('own applications', () => {
  it('creates an application from the sidebar, runs it on the built-in engine and lists it in the sidebar', async () => {
    const { context, page, errors } = await openPage(browser);
    await signUp(page, '/sources');
    await bookStudent(page);

    await page.goto(`${baseUrl}/feature/write-chapter`);
    await page.getByTestId('sidebar-create-own').click();
    await page.waitForURL(`${baseUrl}/apps/new`);
    const editor = page.getByTestId('own-app-editor');
    await editor.waitFor();

    await page.getByTestId('own-app-name').fill('Counter-argument finder');
    await page.getByTestId('own-app-description').fill('Finds the strongest objection to a claim.');
    await page.getByTestId('own-app-input-label-0').fill('Claim');
    expect(await page.getByTestId('own-app-input-key-0').inputValue()).toBe('claim');
    await page.getByTestId('own-app-input-multiline-0').check();
    await page.getByTestId('own-app-add-input').click();
    await page.getByTestId('own-app-input-label-1').fill('Field of study');
    await page.getByTestId('own-app-input-required-1').uncheck();
    expect(await page.getByTestId('own-app-input-key-1').inputValue()).toBe('field_of_study');

    const prompt = page.getByTestId('own-app-prompt');
    await prompt.fill('Find the strongest counter-argument to this claim: ');
    await page.getByTestId('own-app-chip-claim').click();
    await page.keyboard.type(' Argue as an expert in ');
    await page.getByTestId('own-app-chip-field_of_study').click();
    expect(await prompt.inputValue()).toBe(
      'Find the strongest counter-argument to this claim: {claim} Argue as an expert in {field_of_study}',
    );
    await screenshot(page, 'own-apps-editor');
    await page.getByTestId('own-app-save').click();

    await page.waitForURL(/\/apps\/[0-9a-f-]{36}$/);
    const appUrl = page.url();
    await page.getByTestId('own-app-run-form').waitFor();
    expect(await page.getByTestId('page-title').innerText()).toBe('Counter-argument finder');
    const nav = page.getByTestId('own-apps-nav');
    await nav.waitFor();
    expect(await nav.getByRole('link', { name: 'Counter-argument finder' }).getAttribute('href')).toBe(
      new URL(appUrl).pathname,
    );

    await page.getByTestId('own-app-run').click();
    expect(await page.getByTestId('own-app-error-claim').innerText()).toBe('Claim is required');
    await page.getByTestId('own-app-field-claim').fill('Homework improves learning in primary school.');
    await page.getByTestId('own-app-run').click();
    const result = page.getByTestId('result');
    await result.waitFor({ timeout: 30_000 });
    // No language model and no sources: the answer says what this application needs.
    const text = await result.innerText();
    expect(text).toContain('“Counter-argument finder” needs a language model');
    expect(text).toContain('add sources to your library');
    expect(await page.getByTestId('result-engine').innerText()).toBe(
      "Written by Quire's built-in engine from your sources",
    );
    await page.getByTestId('history-item').first().waitFor();
    expect(await page.getByTestId('history-open').first().innerText()).toContain('Homework improves learning');
    await screenshot(page, 'own-apps-run');

    // Made a favourite, it is among the sidebar's favourites too.
    await page.locator('[data-testid^="favourite-own-"]').click();
    const favourites = page.getByTestId('sidebar-favourites');
    await expect.poll(() => favourites.getByRole('link', { name: 'Counter-argument finder' }).count()).toBe(1);

    expect(errors).toEqual([]);
    await context.close();
  });
});
