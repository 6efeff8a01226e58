import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';

export const ARTIFACTS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts');

export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 390, height: 844 };

type PageOptions = {
  locale?: string;
  viewport?: { width: number; height: number };
  /** Leave the first-login question (study categories) for the journey to answer; by default it is skipped. */
  answerFirstLogin?: boolean;
  /** Leave the cookie card and the survey card to the journey; by default cookies are declined and the survey closed. */
  answerEngagement?: boolean;
};

/** A fresh browser context (no cookies, no storage) speaking the given languages. */
export async function openPage(
  browser: Browser,
  options: PageOptions = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({
    locale: options.locale ?? 'en-US',
    viewport: options.viewport ?? DESKTOP,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // A new account is asked once what it studies Quire for; journeys about something else skip the question
  // whenever it gets in the way of their next step.
  if (!options.answerFirstLogin) {
    await page.addLocatorHandler(page.getByTestId('study-categories'), async () => {
      // The cookie card sits above dialogs and on a phone covers the skip button; no other handler runs
      // while this one does, so it answers the card itself first.
      const decline = page.getByTestId('consent-decline');
      if (!options.answerEngagement && (await decline.isVisible())) await decline.click();
      await page.getByTestId('study-categories-skip').click();
    });
  }
  // Every first visit asks about cookies, and signed-in users get the survey after SURVEY_DELAY: journeys about
  // something else answer both whenever they get in the way.
  if (!options.answerEngagement) {
    await page.addLocatorHandler(page.getByTestId('consent-card'), async () => {
      await page.getByTestId('consent-decline').click();
    });
    await page.addLocatorHandler(page.getByTestId('survey-card'), async () => {
      // The card steps aside by itself when a dialog opens over it; then there is nothing left to close.
      await page
        .getByTestId('survey-close')
        .click({ timeout: 3_000 })
        .catch(() => undefined);
    });
  }
  return { context, page, errors };
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const path = join(ARTIFACTS_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: false });
  return path;
}
