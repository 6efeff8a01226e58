import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { MOBILE, openPage, screenshot } from '../support/page';

const baseUrl = inject('baseUrl');
/** OPERATOR_EMAILS of the journeys' server (support/global-setup.ts). */
const OPERATOR = 'operator@example.org';
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

const analyticsRequests = (page: Page): Request[] => {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/analytics')) seen.push(request);
  });
  return seen;
};

/**
 * The page is rendered and has loaded every chunk it asked for: the cards are lazy, so one that is coming has
 * been requested by then, and the network is idle only once it has arrived.
 */
async function loaded(page: Page): Promise<void> {
  await page.getByTestId('page-title').waitFor();
  await page.waitForLoadState('networkidle');
}

const marketingFont = (page: Page) => page.locator('link[href="/fonts/marketing.css"]').count();

/** Signs up on the embedded provider and lands in the app (the first-login question is skipped). */
async function signUp(page: Page, email: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.waitForURL(/\/oidc\/interaction\//);
  await page.locator('a[href*="mode=signup"]').click();
  for (const [name, value] of Object.entries({
    name: 'Rosalind Franklin',
    email,
    password: 'a-long-enough-password',
  })) {
    await page.locator(`#${name}`).fill(value);
  }
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL(`${baseUrl}/feature/write-chapter`);
}

describe('cookie consent', () => {
  it('sends no analytics after "decline", however far the visitor goes; after "accept all", page views', async () => {
    const { context, page, errors } = await openPage(browser, { answerEngagement: true });
    const requests = analyticsRequests(page);
    await page.goto(baseUrl);
    const card = page.getByTestId('consent-card');
    await card.waitFor();
    await page.getByTestId('consent-decline').click();
    await card.waitFor({ state: 'hidden' });

    await page.locator('.site-header').getByRole('link', { name: 'Pricing' }).click();
    await page.waitForURL(`${baseUrl}/pricing`);
    await page.locator('.site-header').getByRole('link', { name: 'Blog' }).click();
    await page.waitForURL(`${baseUrl}/blog`);
    // Asked once: a reload does not ask again. The choice is read before the first render, so once the page is
    // there and every chunk it asked for has loaded, a card that were coming would be on the page.
    await page.reload();
    await loaded(page);
    expect(await card.count()).toBe(0);
    expect(requests.map((request) => request.url())).toEqual([]);
    expect(await marketingFont(page)).toBe(0);

    // Changed later from the footer, with the keyboard.
    await page.getByTestId('consent-settings').focus();
    await page.keyboard.press('Enter');
    await card.waitFor();
    expect(await page.getByRole('switch', { name: /Analytics/ }).isChecked()).toBe(false);
    const pageView = page.waitForRequest((request) => request.url().endsWith('/api/analytics/events'));
    await page.getByTestId('consent-accept').click();
    const batch = (await pageView).postDataJSON();
    expect(batch.events).toEqual([expect.objectContaining({ name: 'page_view', path: '/blog', locale: 'en' })]);
    expect(batch.device).toBe('desktop');
    expect(await marketingFont(page)).toBe(1);

    // A navigation inside the app is one more page view.
    const next = page.waitForRequest((request) => request.url().endsWith('/api/analytics/events'));
    await page.locator('.site-header').getByRole('link', { name: 'Pricing' }).click();
    expect((await next).postDataJSON().events).toEqual([expect.objectContaining({ path: '/pricing' })]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the card at the bottom on a phone, and not on the redirect page', async () => {
    const { context, page } = await openPage(browser, { answerEngagement: true, viewport: MOBILE });
    await page.goto(`${baseUrl}/de`);
    const card = page.getByTestId('consent-card');
    await card.waitFor();
    expect(await card.innerText()).toContain('Cookies und Datenschutz');
    const box = await card.boundingBox();
    expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBe(MOBILE.height);
    expect(Math.round(box?.width ?? 0)).toBe(MOBILE.width);
    await screenshot(page, 'consent-mobile');

    await page.goto(`${baseUrl}/redirect`);
    await loaded(page);
    expect(await card.count()).toBe(0);
    await context.close();
  });
});

describe('survey', () => {
  it('asks a signed-in user after the delay: rating by keyboard, comment, thanks; once', async () => {
    const { context, page, errors } = await openPage(browser, { answerEngagement: true });
    await page.goto(baseUrl);
    await page.getByTestId('consent-decline').click();
    await signUp(page, `survey-${Date.now()}@example.org`);

    const survey = page.getByTestId('survey-card');
    await survey.waitFor({ timeout: 15_000 });
    const next = page.getByTestId('survey-continue');
    expect(await next.isDisabled()).toBe(true);
    await page.getByTestId('survey-rating-1').focus();
    for (let step = 0; step < 3; step++) await page.keyboard.press('ArrowRight');
    expect(await page.getByTestId('survey-rating-4').isChecked()).toBe(true);
    await next.click();
    await page.getByTestId('survey-comment').fill('Chapter by chapter works well.');
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/contact/'));
    await page.getByTestId('survey-send').click();
    expect((await answer).status()).toBe(201);
    expect((await answer).request().postDataJSON()).toMatchObject({
      type: 'survey',
      rating: 4,
      body: 'Chapter by chapter works well.',
    });
    await page.getByTestId('survey-thanks').waitFor();
    await screenshot(page, 'survey-thanks');
    await page.getByTestId('survey-finish').click();
    await survey.waitFor({ state: 'hidden' });

    // The counted time is past the delay and the route waits for the server status (with the delay) before it
    // renders: a survey still due would be on the page once it is there and its chunks have loaded.
    await page.reload();
    await loaded(page);
    expect(await survey.count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('contact and feedback', () => {
  it('sends the contact form and says thank you', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(`${baseUrl}/contact`);
    await page.locator('form.contact-form input[type="email"]').fill('reader@example.org');
    await page.locator('form.contact-form textarea').fill('Is there a student discount?');
    await page.locator('form.contact-form button[type="submit"]').click();
    expect(await page.getByTestId('contact-thanks').innerText()).toContain('Thank you');
    await context.close();
  });

  it('lets a signed-in user send feedback from the footer, and shows the operator the visits', async () => {
    const { context, page } = await openPage(browser);
    await signUp(page, OPERATOR);
    await page.getByTestId('feedback-open').click();
    await page.getByTestId('feedback-body').fill('The footer feedback works.');
    // The star is what a pointer hits; the radio button inside it is for keyboards and screen readers.
    await page.locator('label', { has: page.getByTestId('feedback-rating-5') }).click();
    expect(await page.getByTestId('feedback-rating-5').isChecked()).toBe(true);
    await page.getByTestId('feedback-send').click();
    await page.getByTestId('feedback-thanks').waitFor();
    await page.keyboard.press('Escape');

    await page.goto(`${baseUrl}/operator`);
    // The first journey accepted analytics and counted page views of /blog and /pricing.
    const views = Number((await page.getByTestId('operator-page-views').innerText()).replace(/\D/g, ''));
    expect(views).toBeGreaterThanOrEqual(2);
    expect(await page.getByTestId('operator-top-paths').innerText()).toContain('/pricing');
    await screenshot(page, 'operator-desktop');
    await context.close();
  });

  it('tells anyone who is not an operator that /operator is not there', async () => {
    const { context, page } = await openPage(browser);
    await signUp(page, `not-operator-${Date.now()}@example.org`);
    await page.goto(`${baseUrl}/operator`);
    await page.getByTestId('operator-not-found').waitFor();
    expect(await page.getByTestId('operator-totals').count()).toBe(0);
    await context.close();
  });
});
