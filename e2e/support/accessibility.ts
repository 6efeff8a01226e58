import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { FEATURE_SLUGS, FLOW_SLUGS, PAGE_IDS, type PageId } from '@quire/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api } from './api';
import { findViolations, formatViolations } from './axe';
import { launchChromium } from './browser';
import { DESKTOP, MOBILE, openPage } from './page';
import { paperFile } from './paper';

/**
 * Issue 11: axe-core finds no serious or critical violation on any page (English and another language, signed
 * out and signed in, desktop and mobile for the key pages), nor with any dialog open; and every dialog works
 * with the keyboard alone.
 *
 * The checks take minutes, so they are spread over several journey files that run side by side
 * (journeys/accessibility*.test.ts); this module is what they share: the visit table, the student they set up and
 * the helpers. Each file gets its own instance of it (Vitest isolates test files), so its own browser and student.
 */
const baseUrl = inject('baseUrl');

/** The browser, and the signed-in student whose context is reused for every signed-in visit; set by useStudent. */
export const session = {} as { browser: Browser; user: { context: BrowserContext; page: Page } };
/** Real parameters for the pages that take one, made in beforeAll. */
export const made = { appId: '', sharedToken: '', checkout: '', checkoutSuccess: '', deck: '' };
/** A real article: the blog's Markdown files are its articles. */
const BLOG_ARTICLE =
  readdirSync(join(import.meta.dirname, '../../content/blog/en'))
    .find((file) => file.endsWith('.md'))
    ?.replace(/\.md$/, '') ?? '';
/** Keyboard problems of the dialogs met while setting up (first-login and limit dialogs). */
export const keyboardFindings: string[] = [];
/** Violations found while setting up (first-login dialog, limit dialog, checkout), asserted in their own test. */
export const setupFindings: string[] = [];

type Visitor = 'visitor' | 'user';
export type Visit = { path: string; as: Visitor; viewport?: typeof DESKTOP };

export const both = (path: string, as: Visitor): Visit[] => [
  { path: `/${path}`, as },
  { path: `/de/${path}`.replace(/\/$/, ''), as },
];

/**
 * What to visit for each page of PAGES. Typed by PageId, so a new page fails the type check until it is listed
 * here; `skip` says why a page is not visited.
 */
export const VISITS: Record<PageId, () => Visit[] | { skip: string }> = {
  home: () => [...both('', 'visitor'), { path: '/fr', as: 'user' }, { path: '/', as: 'visitor', viewport: MOBILE }],
  account: () => [...both('account', 'user'), { path: '/account', as: 'user', viewport: MOBILE }],
  blog: () => [...both('blog', 'visitor'), { path: '/blog', as: 'visitor', viewport: MOBILE }],
  blogArticle: () => [
    { path: `/blog/${BLOG_ARTICLE}`, as: 'visitor' },
    { path: '/de/blog/thema-finden-und-eingrenzen', as: 'visitor' },
  ],
  checkout: () => [
    { path: made.checkout, as: 'user' },
    { path: `/de${made.checkout}`, as: 'user' },
    { path: '/checkout', as: 'user' },
  ],
  checkoutSuccess: () => [
    { path: made.checkoutSuccess, as: 'user' },
    { path: `/de${made.checkoutSuccess}`, as: 'user' },
  ],
  contact: () => [...both('contact', 'visitor'), { path: '/contact', as: 'user' }],
  flows: () => [...both('flows', 'visitor'), ...both('flows', 'user')],
  flow: () => FLOW_SLUGS.flatMap((slug) => [...both(`flow/${slug}`, 'visitor'), ...both(`flow/${slug}`, 'user')]),
  feature: () => [
    ...FEATURE_SLUGS.map((slug): Visit => ({ path: `/feature/${slug}`, as: 'user' })),
    ...FEATURE_SLUGS.map((slug): Visit => ({ path: `/de/feature/${slug}`, as: 'visitor' })),
    { path: '/feature/write-chapter', as: 'user', viewport: MOBILE },
    { path: '/feature/find-sources', as: 'visitor', viewport: MOBILE },
  ],
  history: () => [...both('history', 'user'), { path: '/history', as: 'user', viewport: MOBILE }],
  ownApp: () => [...both(`apps/${made.appId}`, 'user'), ...both('apps/new', 'user')],
  ownAppEdit: () => both(`apps/${made.appId}/edit`, 'user'),
  shared: () => [
    ...both(`shared/${made.sharedToken}`, 'visitor'),
    { path: `/it/shared/${made.sharedToken}`, as: 'user' },
  ],
  // Leaves for the identity provider at once: the sign-in page it shows is what a visitor sees.
  login: () => both('login', 'visitor'),
  // Anyone but an operator sees "not found" here; the engagement journey covers the operator's dashboard.
  operator: () => both('operator', 'user'),
  maintenance: () => ({
    skip: 'shown only while the server is in maintenance mode, which would take the shared e2e server down',
  }),
  pricing: () => [
    ...both('pricing', 'visitor'),
    ...both('pricing', 'user'),
    { path: '/pricing', as: 'visitor', viewport: MOBILE },
  ],
  redirect: () => both('redirect', 'visitor'),
  sources: () => [...both('sources', 'user'), { path: '/sources', as: 'user', viewport: MOBILE }],
  try: () => [...both('try', 'visitor'), ...both('try', 'user')],
};

/** The journey files the checks are spread over (journeys/<name>.test.ts). */
export const ACCESSIBILITY_FILES = ['accessibility', 'accessibility-pages-1', 'accessibility-pages-2'] as const;
export type AccessibilityFile = (typeof ACCESSIBILITY_FILES)[number];

/**
 * Which file visits each page: typed by PageId like VISITS, so every page is in exactly one file (a key cannot be
 * given twice). Balanced by the time their visits take, with the dialogs and the student's setup in the first
 * file and a setup of its own in each of the others (the feature page alone has two visits per tool).
 */
export const VISITED_IN: Record<PageId, AccessibilityFile> = {
  home: 'accessibility-pages-1',
  account: 'accessibility-pages-2',
  blog: 'accessibility-pages-2',
  blogArticle: 'accessibility-pages-2',
  checkout: 'accessibility-pages-2',
  checkoutSuccess: 'accessibility-pages-2',
  contact: 'accessibility-pages-2',
  flows: 'accessibility-pages-2',
  flow: 'accessibility-pages-2',
  feature: 'accessibility-pages-1',
  history: 'accessibility-pages-2',
  ownApp: 'accessibility-pages-2',
  ownAppEdit: 'accessibility-pages-2',
  shared: 'accessibility-pages-2',
  login: 'accessibility-pages-2',
  operator: 'accessibility-pages-2',
  maintenance: 'accessibility-pages-2',
  pricing: 'accessibility',
  redirect: 'accessibility-pages-2',
  sources: 'accessibility-pages-2',
  try: 'accessibility',
};

/** The pages one file visits, in the order of PAGES. */
export const pagesOf = (file: AccessibilityFile): PageId[] => PAGE_IDS.filter((id) => VISITED_IN[id] === file);

/**
 * Launches the browser and sets up the student before the file's tests, and closes both after them. `inspect`:
 * also check the pages and dialogs met on the way (setupFindings, keyboardFindings); one file is enough for that.
 */
export function useStudent(options: { inspect: boolean }): void {
  beforeAll(async () => {
    session.browser = await launchChromium();
    session.user = await openPage(session.browser, { answerFirstLogin: true });
    await setUpStudent(session.user.page, options.inspect);
  });

  afterAll(async () => {
    await session.user?.context.close();
    await session.browser?.close();
  });
}

/** Waits until the page has rendered its content (lazy routes and their first requests). */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.locator('h1').first().waitFor();
}

/** axe over what the page shows now; empty when nothing serious or critical was found. */
async function check(page: Page, label: string): Promise<string> {
  const violations = await findViolations(page);
  return violations.length === 0 ? '' : `${label} (${page.url()})\n${formatViolations(violations)}`;
}

export async function checkInto(page: Page, label: string, findings: string[]): Promise<void> {
  const found = await check(page, label);
  if (found) findings.push(found);
}

async function signUp(page: Page, checkSetup: (label: string) => Promise<void>): Promise<void> {
  await page.goto(`${baseUrl}/sources`);
  await page.waitForURL(/\/oidc\/interaction\//);
  await checkSetup('sign-in page');
  await page.locator('a[href*="mode=signup"]').click();
  await page.locator('#name').waitFor();
  await checkSetup('sign-up page');
  await page.locator('#name').fill('Ada Access');
  await page.locator('#email').fill(`a11y-${Date.now()}@example.org`);
  await page.locator('#password').fill('a-long-enough-password');
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL(`${baseUrl}/sources`);
}

/**
 * A new free account: with `inspect`, the sign-in pages, the first-login dialog and the limit dialog are checked
 * while open (and the pages met later); then a summary to share, the student plan through the local checkout, an
 * own application, a source and a deck of cards.
 */
async function setUpStudent(page: Page, inspect: boolean): Promise<void> {
  const checkSetup = async (label: string) => {
    if (inspect) await checkInto(page, label, setupFindings);
  };
  await signUp(page, checkSetup);
  const categories = page.getByTestId('study-categories');
  await categories.waitFor();
  if (inspect) {
    await checkSetup('first-login dialog');
    // Nothing opened it: it closes on Escape like every dialog, and no focus has to go back anywhere.
    keyboardFindings.push(...(await operateByKeyboard(page, null)));
    // Escape only puts the question off: it comes back on the next page until it is answered (skipped here), and
    // a second dialog over the next ones would take their focus.
    await page.reload();
  }
  await page.getByTestId('study-categories-skip').click();
  await categories.waitFor({ state: 'detached' });

  // Freestyle needs a plan: the limit dialog.
  await page.goto(`${baseUrl}/feature/freestyle`);
  await page.getByTestId('field-prompt').fill('Explain why citations matter.');
  await page.getByTestId('tool-submit').focus();
  await page.keyboard.press('Enter');
  await page.getByTestId('limit-dialog').waitFor();
  await checkSetup('limit dialog');
  if (inspect) keyboardFindings.push(...(await operateByKeyboard(page, 'tool-submit')));

  await page.goto(`${baseUrl}/feature/summarize`);
  await page
    .getByTestId('field-text')
    .fill(
      'Glaciers store most of the fresh water on Earth. Most glaciers retreat as the climate warms. ' +
        'Meltwater feeds rivers that millions of people drink from in summer.',
    );
  await page.getByTestId('tool-submit').click();
  await page.getByTestId('result').waitFor({ timeout: 30_000 });
  await checkSetup('summary result');
  const [latest] = (await api<{ items: { id: string }[] }>(page, 'GET', '/api/history')).items;
  if (!latest) throw new Error('the summary is not in the history');
  made.sharedToken = (await api<{ token: string }>(page, 'POST', `/api/history/${latest.id}/share`)).token;

  await page.goto(`${baseUrl}/pricing`);
  await page.getByTestId('plan-student').getByTestId('choose-student').click();
  await page.waitForURL(/\/checkout\?session=/);
  made.checkout = new URL(page.url()).pathname + new URL(page.url()).search;
  await page.getByTestId('checkout-confirm').click();
  await page.waitForURL(/\/checkout_success\?session=/);
  made.checkoutSuccess = new URL(page.url()).pathname + new URL(page.url()).search;
  await page.getByTestId('success-product').getByText('Student').waitFor();

  const app = await api<{ id: string }>(page, 'POST', '/api/own_apps', {
    name: 'Counter-argument finder',
    description: 'Finds the strongest objection to a claim.',
    inputs: [{ key: 'claim', label: 'Claim', multiline: true }],
    prompt: 'Find the strongest counter-argument to this claim: {claim}',
  });
  made.appId = app.id;

  // A source in the library and a deck of cards made from it, so their pages show rows and their dialogs.
  await page.goto(`${baseUrl}/sources`);
  await page.getByTestId('sources-upload-input').setInputFiles(await paperFile());
  const row = page.getByTestId('source-row').first();
  await row.locator('xpath=self::*[@data-state="usable"]').waitFor({ timeout: 30_000 });
  await checkSetup('sources with a source');
  const sourceId = (await row.getAttribute('data-source-id')) ?? '';
  await page.goto(`${baseUrl}/feature/cards`);
  await page.getByTestId('decks-empty').waitFor();
  await page.getByTestId('create-source').selectOption(sourceId);
  await page.getByTestId('create-count').fill('5');
  await page.getByTestId('create-submit').click();
  await page.getByTestId('deck-view').waitFor({ timeout: 60_000 });
  made.deck = new URL(page.url()).pathname + new URL(page.url()).search;
  await checkSetup('a deck of cards');
  await page.getByTestId('deck-study-open').click();
  await page.getByTestId('study-card').waitFor();
  await checkSetup('studying a deck');
}

/** Opens a visit's page in the right context; the caller closes what it gets when it is not the user's page. */
export async function open(visit: Visit): Promise<{ page: Page; close: () => Promise<void> }> {
  if (visit.as === 'user' && !visit.viewport) {
    await session.user.page.goto(`${baseUrl}${visit.path}`);
    return { page: session.user.page, close: async () => {} };
  }
  const fresh = await openPage(session.browser, { viewport: visit.viewport ?? DESKTOP });
  if (visit.as === 'user') await fresh.context.addCookies(await session.user.context.cookies(baseUrl));
  await fresh.page.goto(`${baseUrl}${visit.path}`);
  return { page: fresh.page, close: () => fresh.context.close() };
}

/**
 * With a dialog open (keyboard: Tab or Enter reached it): focus is inside; Tab and Shift+Tab around all its
 * controls stay inside; Escape closes it and the focus is back on `opener` (a data-testid). Returns problems.
 */
export async function operateByKeyboard(page: Page, opener: string | null): Promise<string[]> {
  const dialog = page.locator('[role="dialog"]').last();
  await dialog.waitFor();
  const name = (await dialog.locator('h2').first().innerText()).trim();
  const problems: string[] = [];
  const focusInside = () => dialog.evaluate((element) => element.contains(document.activeElement));
  if (!(await focusInside())) problems.push(`${name}: focus did not move into the dialog`);
  const controls = await dialog
    .locator('a[href], button:not([disabled]), input:not([disabled]), select, textarea')
    .count();
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let step = 0; step <= controls + 1; step += 1) {
      await page.keyboard.press(key);
      if (!(await focusInside())) {
        problems.push(`${name}: ${key} pressed ${step + 1} times left the dialog`);
        break;
      }
    }
  }
  await page.keyboard.press('Escape');
  await dialog
    .waitFor({ state: 'detached', timeout: 5_000 })
    .catch(() => problems.push(`${name}: Escape did not close it`));
  if (opener) {
    const focused = await page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null);
    if (focused !== opener) problems.push(`${name}: focus went to ${focused}, not back to ${opener}`);
  }
  return problems;
}

/** Dialogs a signed-in student opens from a page: where, and the control (data-testid) that opens it. */
export const DIALOGS: readonly { name: string; path: () => string; opener: string }[] = [
  { name: 'project', path: () => '/feature/write-chapter', opener: 'project-switcher' },
  { name: 'share', path: () => '/history', opener: 'history-result-share' },
  { name: 'delete result', path: () => '/history', opener: 'history-result-delete' },
  { name: 'delete account', path: () => '/account', opener: 'delete-account-open' },
  { name: 'cancel subscription', path: () => '/account', opener: 'subscription-cancel' },
  { name: 'delete own application', path: () => `/apps/${made.appId}/edit`, opener: 'own-app-delete' },
  { name: 'delete source', path: () => '/sources', opener: 'source-delete' },
  { name: 'delete deck', path: () => made.deck, opener: 'deck-delete' },
  { name: 'delete card', path: () => made.deck, opener: 'card-delete' },
];

/** Reaches a page's opener the way a keyboard user would be left on it, and presses Enter. */
export async function openDialog(page: Page, path: string, opener: string, locale = ''): Promise<void> {
  await page.goto(`${baseUrl}${locale}${path}`);
  await settle(page);
  const control = page.getByTestId(opener).first();
  await control.waitFor();
  await control.focus();
  await page.keyboard.press('Enter');
  await page.locator('[role="dialog"]').last().waitFor();
}

/** The page visits of one file: its share of VISITS (VISITED_IN). */
export function describePages(file: AccessibilityFile): void {
  describe('accessibility (axe-core: no serious or critical violations)', () => {
    // Each visit takes a few seconds; the feature page alone has two per tool.
    it.each(pagesOf(file).map((id) => [id]))(
      'finds nothing on the page %s',
      async (id) => {
        const visits = VISITS[id]();
        if (!Array.isArray(visits)) {
          expect(visits.skip).not.toBe('');
          return;
        }
        const findings: string[] = [];
        for (const visit of visits) {
          const { page, close } = await open(visit);
          await settle(page);
          await checkInto(page, `${id} as ${visit.as}${visit.viewport === MOBILE ? ' (mobile)' : ''}`, findings);
          await close();
        }
        expect(findings.join('\n\n')).toBe('');
      },
      240_000,
    );
  });
}
