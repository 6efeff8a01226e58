import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { MOBILE, openPage, screenshot } from '../support/page';
import { paperFile } from '../support/paper';

const baseUrl = inject('baseUrl');
const STUDIED = 5;
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

async function signUp(page: Page, returnTo: string): Promise<void> {
  await page.goto(`${baseUrl}${returnTo}`);
  await page.waitForURL(/\/oidc\/interaction\//);
  await page.locator('a[href*="mode=signup"]').click();
  await page.locator('#name').fill('Card Learner');
  await page.locator('#email').fill(`cards-${Date.now()}@example.org`);
  await page.locator('#password').fill('a-long-enough-password');
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL(`${baseUrl}${returnTo}`);
}

/** Cards need a plan on the default catalogue: student, booked with the local provider. */
async function bookStudent(page: Page): Promise<void> {
  await page.goto(`${baseUrl}/pricing`);
  await page.getByTestId('plan-student').getByTestId('choose-student').click();
  await page.waitForURL(/\/checkout\?session=/);
  await page.getByTestId('checkout-confirm').click();
  await page.waitForURL(/\/checkout_success\?session=/);
  await expect.poll(() => page.getByTestId('success-product').innerText()).toContain('Student');
}

/** The deck chart's text alternative as numbers: "12 new, 3 learning, 5 known". */
async function chartCounts(page: Page, scope: string): Promise<{ new: number; learning: number; known: number }> {
  const bar = page.locator(`${scope} [data-testid="deck-chart-bar"]`).first();
  const pattern = /^(\d+) new, (\d+) learning, (\d+) known$/;
  // The label is translated once the app's catalogue has loaded; wait for it rather than read it at once.
  await expect.poll(async () => (await bar.getAttribute('aria-label')) ?? '').toMatch(pattern);
  const label = (await bar.getAttribute('aria-label')) ?? '';
  const match = pattern.exec(label);
  if (!match) throw new Error(`Unexpected chart label: ${label}`);
  return { new: Number(match[1]), learning: Number(match[2]), known: Number(match[3]) };
}

/** A screenshot once the card has finished turning over. */
async function screenshotWhenTurned(page: Page, name: string): Promise<void> {
  await page
    .getByTestId('study-card')
    .evaluate((card) => Promise.all(card.getAnimations({ subtree: true }).map((animation) => animation.finished)));
  await screenshot(page, name);
}

describe('flashcards', () => {
  it('makes a deck from an uploaded paper, studies five cards with the keyboard and shows the progress change', async () => {
    const { context, page, errors } = await openPage(browser);
    await signUp(page, '/sources');
    await bookStudent(page);

    await page.goto(`${baseUrl}/sources`);
    await page.getByTestId('sources-upload-input').setInputFiles(await paperFile());
    const row = page.getByTestId('source-row').first();
    await row.waitFor();
    await expect.poll(() => row.getAttribute('data-state'), { timeout: 30_000 }).toBe('usable');
    const sourceId = (await row.getAttribute('data-source-id')) ?? '';

    await page.goto(`${baseUrl}/feature/cards`);
    await page.getByTestId('decks-empty').waitFor();
    await page.getByTestId('create-source').selectOption(sourceId);
    await page.getByTestId('create-count').fill('10');
    await page.getByTestId('create-submit').click();
    const deck = page.getByTestId('deck-view');
    await deck.waitFor({ timeout: 60_000 });
    const cards = await page.getByTestId('card-row').count();
    expect(cards).toBeGreaterThanOrEqual(STUDIED);
    const before = await chartCounts(page, '[data-testid="deck-view"]');
    expect(before).toEqual({ new: cards, learning: 0, known: 0 });
    await screenshot(page, 'cards-deck');

    await page.getByTestId('deck-study-open').click();
    const card = page.getByTestId('study-card');
    await card.waitFor();
    for (let studied = 1; studied <= STUDIED; studied += 1) {
      await page.keyboard.press('Space');
      await expect.poll(() => card.getAttribute('data-flipped')).toBe('true');
      if (studied === 1) await screenshotWhenTurned(page, 'cards-study');
      await page.keyboard.press('3');
      // The next card comes front up; after the last one of the round, the summary.
      await page
        .locator(`[data-testid="study-position"]:has-text("Card ${studied + 1} of"), [data-testid="study-summary"]`)
        .first()
        .waitFor();
    }
    const during = await chartCounts(page, '[data-testid="study-view"]');
    expect(during.new).toBe(before.new - STUDIED);
    expect(during.learning + during.known).toBe(STUDIED);

    await page.getByTestId('study-back').click();
    await deck.waitFor();
    await expect.poll(() => chartCounts(page, '[data-testid="deck-view"]')).toEqual(during);
    expect(await page.getByTestId('deck-chart-days').getAttribute('aria-label')).toContain(`: ${STUDIED},`);

    await page.setViewportSize(MOBILE);
    // The cookie card sits over the foot of a phone screen until it is answered, as a visitor would.
    const decline = page.getByTestId('consent-decline');
    if (await decline.isVisible()) await decline.click();
    await page.getByTestId('deck-study-open').click();
    await card.waitFor();
    await page.getByTestId('study-flip').click();
    await screenshotWhenTurned(page, 'cards-study-mobile');
    const grade = await page.getByTestId('study-grade-3').boundingBox();
    expect(grade?.height ?? 0).toBeGreaterThanOrEqual(44);

    expect(errors).toEqual([]);
    await context.close();
  });
});
