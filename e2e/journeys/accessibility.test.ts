import { readdirSync } from 'node:fs';
import { PAGE_IDS } from '@quire/contracts';
import { describe, expect, inject, it } from 'vitest';
import {
  ACCESSIBILITY_FILES,
  both,
  checkInto,
  DIALOGS,
  describePages,
  keyboardFindings,
  open,
  openDialog,
  operateByKeyboard,
  pagesOf,
  session,
  settle,
  setupFindings,
  useStudent,
  VISITED_IN,
  VISITS,
  type Visit,
} from '../support/accessibility';
import { DESKTOP, MOBILE, openPage } from '../support/page';

/**
 * Issue 11, the dialogs and menus: no serious or critical axe violation with any of them open, and every dialog
 * works with the keyboard alone; also the pages and dialogs met while setting up the student, and this file's share
 * of the page visits (the others are in accessibility-pages-*.test.ts; support/accessibility.ts has the shared
 * table, setup and helpers).
 */
const baseUrl = inject('baseUrl');

useStudent({ inspect: true });
describePages('accessibility');

describe('accessibility (axe-core: no serious or critical violations)', () => {
  it('lists every page of PAGES', () => {
    expect(Object.keys(VISITS).sort()).toEqual([...PAGE_IDS].sort());
  });

  it('visits every page in exactly one of the files, all of which exist', () => {
    expect(Object.keys(VISITED_IN).sort()).toEqual([...PAGE_IDS].sort());
    expect(ACCESSIBILITY_FILES.flatMap(pagesOf).sort()).toEqual([...PAGE_IDS].sort());
    const journeys = readdirSync(import.meta.dirname);
    for (const file of ACCESSIBILITY_FILES) expect(journeys).toContain(`${file}.test.ts`);
  });

  it('finds nothing on the sign-in pages and in the dialogs met while setting up', () => {
    expect(setupFindings.join('\n\n')).toBe('');
  });

  it.each(DIALOGS.map((dialog) => [dialog.name, dialog]))(
    'finds nothing with the %s dialog open',
    async (_, dialog) => {
      const findings: string[] = [];
      for (const locale of ['', '/fr']) {
        await openDialog(session.user.page, dialog.path(), dialog.opener, locale);
        await checkInto(session.user.page, `${dialog.name} dialog${locale}`, findings);
      }
      expect(findings.join('\n\n')).toBe('');
    },
  );

  it('finds nothing with the cookie card (desktop and phone), the account menu or the sidebar drawer open', async () => {
    const findings: string[] = [];
    for (const viewport of [DESKTOP, MOBILE]) {
      const visitor = await openPage(session.browser, { viewport, answerEngagement: true });
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
    await openDialog(session.user.page, dialog.path(), dialog.opener);
    expect(await operateByKeyboard(session.user.page, dialog.opener)).toEqual([]);
  });

  it('the project dialog is filled in and saved with the keyboard', async () => {
    await openDialog(session.user.page, '/feature/write-chapter', 'project-switcher');
    await session.user.page.keyboard.type('Glacier retreat in the Alps');
    await session.user.page.keyboard.press('Enter');
    await session.user.page.getByTestId('project-dialog').waitFor({ state: 'detached' });
    expect(await session.user.page.getByTestId('project-switcher').innerText()).toContain(
      'Glacier retreat in the Alps',
    );
    expect(await session.user.page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'project-switcher',
    );
  });
});
