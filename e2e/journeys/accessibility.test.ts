import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { FEATURE_SLUGS, FLOW_SLUGS, PAGE_IDS, type PageId } from '@quire/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { findViolations, formatViolations } from '../support/axe';
import { launchChromium } from '../support/browser';
import { DESKTOP, MOBILE, openPage } from '../support/page';
import { paperFile } from '../support/paper';

/**
 * Issue 11: axe-core finds no serious or critical violation on any page (English and another language, signed
 * out and signed in, desktop and mobile for the key pages), nor with any dialog open; and every dialog works
 * with the keyboard alone.
 */
const baseUrl = inject('baseUrl');

let browser: Browser;
/** The signed-in student: its context is reused for every signed-in visit. */
let user: { context: BrowserContext; page: Page };
/** Real parameters for the pages that take one, made in beforeAll. */
const made = { appId: '', sharedToken: '', checkout: '', checkoutSuccess: '', deck: '' };
/** A real article: the blog's Markdown files are its articles. */
const BLOG_ARTICLE =
  readdirSync(join(import.meta.dirname, '../../content/blog/en'))
    .find((file) => file.endsWith('.md'))
    ?.replace(/\.md$/, '') ?? '';
/** Keyboard problems of the dialogs met while setting up (first-login and limit dialogs). */
const keyboardFindings: string[] = [];
/** Violations found while setting up (first-login dialog, limit dialog, checkout), asserted in their own test. */
const setupFindings: string[] = [];

type Visitor = 'visitor' | 'user';
type Visit = { path: string; as: Visitor; viewport?: typeof DESKTOP };

const both = (path: string, as: Visitor): Visit[] => [
  { path: `/${path}`, as },
  { path: `/de/${path}`.replace(/\/$/, ''), as },
];

/**
 * What to visit for each page of PAGES. Typed by PageId, so a new page fails the type check until it is listed
 * here; `skip` says why a page is not visited.
 */
const VISITS: Record<PageId, () => Visit[] | { skip: string }> = {
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

beforeAll(async () => {
  browser = await launchChromium();
  user = await openPage(browser, { answerFirstLogin: true });
  await setUpStudent(user.page);
});

afterAll(async () => {
  await user?.context.close();
  await browser?.close();
});

/** Waits until the page has rendered its content (lazy routes and their first requests). */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.locator('h1').first().waitFor();
}

/** axe over what the page shows now; empty when nothing serious or critical was found. */
async function check(page: Page, label: string): Promise<string> {
  const violations = await findViolations(page);
  return violations.length === 0 ? '' : `${label} (${page.url()})\n${formatViolations(violations)}`;
}

async function checkInto(page: Page, label: string, findings: string[]): Promise<void> {
  const found = await check(page, label);
  if (found) findings.push(found);
}

async function signUp(page: Page): Promise<void> {
  await page.goto(`${baseUrl}/sources`);
  await page.waitForURL(/\/oidc\/interaction\//);
  await checkInto(page, 'sign-in page', setupFindings);
  await page.locator('a[href*="mode=signup"]').click();
  await page.locator('#name').waitFor();
  await checkInto(page, 'sign-up page', setupFindings);
  await page.locator('#name').fill('Ada Access');
  await page.locator('#email').fill(`a11y-${Date.now()}@example.org`);
  await page.locator('#password').fill('a-long-enough-password');
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL(`${baseUrl}/sources`);
}

/** The access token the web client keeps in its cookie, for API calls that make the pages' parameters. */
async function api<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const raw = document.cookie
        .split('; ')
        .find((part) => part.startsWith('quire_auth='))
        ?.slice('quire_auth='.length);
      const token = raw ? (JSON.parse(decodeURIComponent(raw)) as { access_token: string }).access_token : '';
      const response = await fetch(path, {
        method,
        headers: {
          Authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
      return ((await response.json()) as { data: T }).data;
    },
    { method, path, body },
  );
}

/**
 * A new free account: the first-login dialog and the limit dialog are checked while open; then a summary to
 * share, the student plan through the local checkout, and an own application.
 */
async function setUpStudent(page: Page): Promise<void> {
  await signUp(page);
  const categories = page.getByTestId('study-categories');
  await categories.waitFor();
  await checkInto(page, 'first-login dialog', setupFindings);
  // Nothing opened it: it closes on Escape like every dialog, and no focus has to go back anywhere.
  keyboardFindings.push(...(await operateByKeyboard(page, null)));
  // Escape only puts the question off: it comes back on the next page until it is answered (skipped here), and
  // a second dialog over the next ones would take their focus.
  await page.reload();
  await page.getByTestId('study-categories-skip').click();
  await categories.waitFor({ state: 'detached' });

  // Freestyle needs a plan: the limit dialog.
  await page.goto(`${baseUrl}/feature/freestyle`);
  await page.getByTestId('field-prompt').fill('Explain why citations matter.');
  await page.getByTestId('tool-submit').focus();
  await page.keyboard.press('Enter');
  await page.getByTestId('limit-dialog').waitFor();
  await checkInto(page, 'limit dialog', setupFindings);
  keyboardFindings.push(...(await operateByKeyboard(page, 'tool-submit')));

  await page.goto(`${baseUrl}/feature/summarize`);
  await page
    .getByTestId('field-text')
    .fill(
      'Glaciers store most of the fresh water on Earth. Most glaciers retreat as the climate warms. ' +
        'Meltwater feeds rivers that millions of people drink from in summer.',
    );
  await page.getByTestId('tool-submit').click();
  await page.getByTestId('result').waitFor({ timeout: 30_000 });
  await checkInto(page, 'summary result', setupFindings);
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
  await checkInto(page, 'sources with a source', setupFindings);
  const sourceId = (await row.getAttribute('data-source-id')) ?? '';
  await page.goto(`${baseUrl}/feature/cards`);
  await page.getByTestId('decks-empty').waitFor();
  await page.getByTestId('create-source').selectOption(sourceId);
  await page.getByTestId('create-count').fill('5');
  await page.getByTestId('create-submit').click();
  await page.getByTestId('deck-view').waitFor({ timeout: 60_000 });
  made.deck = new URL(page.url()).pathname + new URL(page.url()).search;
  await checkInto(page, 'a deck of cards', setupFindings);
  await page.getByTestId('deck-study-open').click();
  await page.getByTestId('study-card').waitFor();
  await checkInto(page, 'studying a deck', setupFindings);
}

/** Opens a visit's page in the right context; the caller closes what it gets when it is not the user's page. */
async function open(visit: Visit): Promise<{ page: Page; close: () => Promise<void> }> {
  if (visit.as === 'user' && !visit.viewport) {
    await user.page.goto(`${baseUrl}${visit.path}`);
    return { page: user.page, close: async () => {} };
  }
  const fresh = await openPage(browser, { viewport: visit.viewport ?? DESKTOP });
  if (visit.as === 'user') await fresh.context.addCookies(await user.context.cookies(baseUrl));
  await fresh.page.goto(`${baseUrl}${visit.path}`);
  return { page: fresh.page, close: () => fresh.context.close() };
}

/**
 * With a dialog open (keyboard: Tab or Enter reached it): focus is inside; Tab and Shift+Tab around all its
 * controls stay inside; Escape closes it and the focus is back on `opener` (a data-testid). Returns problems.
 */
async function operateByKeyboard(page: Page, opener: string | null): Promise<string[]> {
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
const DIALOGS: readonly { name: string; path: () => string; opener: string }[] = [
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
async function openDialog(page: Page, path: string, opener: string, locale = ''): Promise<void> {
  await page.goto(`${baseUrl}${locale}${path}`);
  await settle(page);
  const control = page.getByTestId(opener).first();
  await control.waitFor();
  await control.focus();
  await page.keyboard.press('Enter');
  await page.locator('[role="dialog"]').last().waitFor();
}

describe('accessibility (axe-core: no serious or critical violations)', () => {
  it('lists every page of PAGES', () => {
    expect(Object.keys(VISITS).sort()).toEqual([...PAGE_IDS].sort());
  });

  it('finds nothing on the sign-in pages and in the dialogs met while setting up', () => {
    expect(setupFindings.join('\n\n')).toBe('');
  });

  // Each visit takes a few seconds; the feature page alone has two per tool.
  it.each(PAGE_IDS.map((id) => [id]))(
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

  it.each(DIALOGS.map((dialog) => [dialog.name, dialog]))(
    'finds nothing with the %s dialog open',
    async (_, dialog) => {
      const findings: string[] = [];
      for (const locale of ['', '/fr']) {
        await openDialog(user.page, dialog.path(), dialog.opener, locale);
        await checkInto(user.page, `${dialog.name} dialog${locale}`, findings);
      }
      expect(findings.join('\n\n')).toBe('');
    },
  );

  it('finds nothing with the cookie card (desktop and phone), the account menu or the sidebar drawer open', async () => {
    const findings: string[] = [];
    for (const viewport of [DESKTOP, MOBILE]) {
      const visitor = await openPage(browser, { viewport, answerEngagement: true });
      await visitor.page.goto(`${baseUrl}/de/pricing`);
      await visitor.page.getByTestId('consent-card').waitFor();
      await checkInto(visitor.page, 'cookie card', findings);
      await visitor.context.close();
    }
    const { page } = await open({ path: '/feature/summarize', as: 'user' });
    await settle(page);
    await page.getByTestId('account-menu').locator('button[aria-expanded]').click();
    await checkInto(page, 'account menu', findings);
    const phone = await open({ path: '/feature/summarize', as: 'user', viewport: MOBILE });
    await settle(phone.page);
    await phone.page.locator('.app-header__menu').click();
    await phone.page.locator('.app-header__menu[aria-expanded="true"]').waitFor();
    await checkInto(phone.page, 'sidebar drawer (mobile)', findings);
    await phone.close();
    expect(findings.join('\n\n')).toBe('');
  });

  it('finds nothing on the not-found page', async () => {
    const findings: string[] = [];
    for (const visit of [...both('no-such-page', 'visitor'), { path: '/feature/no-such-tool', as: 'user' } as Visit]) {
      const { page, close } = await open(visit);
      await page.getByTestId('not-found').waitFor();
      await checkInto(page, `not found as ${visit.as}`, findings);
      await close();
    }
    expect(findings.join('\n\n')).toBe('');
  });
});

describe('dialogs with the keyboard alone', () => {
  it('the first-login and limit dialogs trap the focus, close on Escape and give the focus back', () => {
    expect(keyboardFindings).toEqual([]);
  });

  it.each(DIALOGS.map((dialog) => [dialog.name, dialog]))('the %s dialog', async (_, dialog) => {
    await openDialog(user.page, dialog.path(), dialog.opener);
    expect(await operateByKeyboard(user.page, dialog.opener)).toEqual([]);
  });

  it('the project dialog is filled in and saved with the keyboard', async () => {
    await openDialog(user.page, '/feature/write-chapter', 'project-switcher');
    await user.page.keyboard.type('Glacier retreat in the Alps');
    await user.page.keyboard.press('Enter');
    await user.page.getByTestId('project-dialog').waitFor({ state: 'detached' });
    expect(await user.page.getByTestId('project-switcher').innerText()).toContain('Glacier retreat in the Alps');
    expect(await user.page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'project-switcher',
    );
  });
});
