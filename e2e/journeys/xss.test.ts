import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ServerProcess, startServerProcess } from '@quire/server/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/api';
import { launchChromium } from '../support/browser';
import { openPage } from '../support/page';
import { paperFile } from '../support/paper';

/**
 * Issue 11: script payloads in every field a user fills in (and in what a result, a file name or a linked
 * page's title brings back) are shown as text. Every payload sets window.__xss or opens an alert; neither may
 * happen on any page that renders them.
 */
const PAYLOADS = {
  img: '<img src=x onerror=window.__xss=1>',
  script: '<script>window.__xss=1</script>',
  svg: '"><svg onload=window.__xss=1>',
  markdownLink: '[x](javascript:window.__xss=1)',
  entities: '&lt;img src=x onerror=window.__xss=1&gt; &#60;script&#62;window.__xss=1&#60;/script&#62;',
  template: "{{constructor.constructor('window.__xss=1')()}}",
  alert: '<img src=y onerror=alert(1)>',
};
const ALL = Object.values(PAYLOADS).join(' ');
/** For fields with a short limit (names, labels). */
const SHORT = `${PAYLOADS.img}${PAYLOADS.svg}`;
const JAVASCRIPT_URL = 'javascript:window.__xss=1';

let browser: Browser;
let server: ServerProcess;
let dataDir: string;
/** A local website whose title and text are payloads, for the link source (loopback links allowed here). */
let website: Server;
let websiteUrl: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'quire-e2e-xss-'));
  website = createServer((_, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    const paragraph = `<p>Glaciers store most of the fresh water on Earth. ${escapeHtml(ALL)}</p>`;
    response.end(
      `<!doctype html><html><head><title>${escapeHtml(SHORT)}</title></head><body><h1>${escapeHtml(SHORT)}</h1>${paragraph.repeat(20)}</body></html>`,
    );
  });
  await new Promise<void>((resolve) => website.listen(0, '127.0.0.1', resolve));
  websiteUrl = `http://127.0.0.1:${(website.address() as AddressInfo).port}/glaciers`;
  server = await startServerProcess({ build: 'dist', env: { DATA_DIR: dataDir, ALLOW_PRIVATE_URLS: 'true' } });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise((resolve) => website?.close(resolve));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Records every alert, confirm or prompt a page opens (and dismisses it, so the journey goes on). */
function watchDialogs(page: Page): string[] {
  const opened: string[] = [];
  page.on('dialog', (dialog) => {
    opened.push(`${dialog.type()}: ${dialog.message()} on ${page.url()}`);
    void dialog.dismiss();
  });
  return opened;
}

/**
 * Watches a page for script the CSP blocked: the server's Content-Security-Policy stops inline handlers from
 * running, so a payload that got into the DOM shows up here (and as an on… attribute) rather than as __xss.
 */
async function watchScriptViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const blocked: string[] = [];
    Object.assign(window, { __blockedScripts: blocked });
    document.addEventListener('securitypolicyviolation', (event) => {
      // zod probes once whether it may compile validators with new Function; that probe is not a payload.
      const zodProbe = event.blockedURI === 'eval' && event.sourceFile.includes('/assets/');
      if (event.effectiveDirective.startsWith('script-src') && !zodProbe)
        blocked.push(
          `${event.effectiveDirective} (${event.blockedURI} ${event.sourceFile}:${event.lineNumber}) ${event.sample}`,
        );
    });
    // An image counts as settled one task after its load or error event: by then an inline handler on it has run
    // or been blocked, and the violation it caused has been reported.
    const settled = new WeakSet<EventTarget>();
    Object.assign(window, { __settledImages: settled });
    for (const type of ['load', 'error'])
      document.addEventListener(
        type,
        (event) => {
          const target = event.target;
          if (target) setTimeout(() => setTimeout(() => settled.add(target)));
        },
        true,
      );
  });
}

/**
 * Resolves once every image with a source has loaded or failed (see watchScriptViolations); lazy images out of
 * view never start loading, so they are not waited for.
 */
async function imagesSettled(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const settled = (window as unknown as { __settledImages?: WeakSet<EventTarget> }).__settledImages;
    return [...document.images].every(
      (image) => !image.getAttribute('src') || image.loading === 'lazy' || settled?.has(image),
    );
  });
}

/**
 * What a payload did on the page as it is now (once every image has loaded or failed, see imagesSettled): ran
 * (window.__xss), was blocked by the CSP, or sits in the DOM as markup that would run without the CSP (an on…
 * attribute, a script with the payload, a javascript: link). Empty when every payload stayed text.
 */
async function payloadEffects(page: Page): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  await imagesSettled(page);
  const found = await page.evaluate(() => {
    const effects: string[] = [];
    const state = window as unknown as { __xss?: unknown; __blockedScripts?: string[] };
    if (state.__xss !== undefined) effects.push('window.__xss was set');
    for (const blocked of state.__blockedScripts ?? []) effects.push(`the CSP blocked ${blocked}`);
    for (const element of document.querySelectorAll('*')) {
      for (const attribute of element.attributes) {
        // React never writes event handler attributes: one in the DOM came from a payload.
        if (attribute.name.startsWith('on'))
          effects.push(`<${element.localName} ${attribute.name}="${attribute.value}">`);
        if (
          ['href', 'src', 'action', 'formaction'].includes(attribute.name) &&
          /^\s*javascript:/i.test(attribute.value)
        )
          effects.push(`<${element.localName} ${attribute.name}="${attribute.value}">`);
      }
    }
    for (const script of document.scripts) if (script.text.includes('__xss')) effects.push('a <script> with a payload');
    return effects;
  });
  return found.map((effect) => `${effect} on ${page.url()}`);
}

const csvField = (text: string) => `"${text.replaceAll('"', '""')}"`;

describe('XSS', () => {
  it('shows script payloads in every user-supplied and generated field as text', async () => {
    const baseUrl = server.baseUrl;
    const { context, page, errors } = await openPage(browser);
    const dialogs = watchDialogs(page);
    await watchScriptViolations(page);
    /** What payloads did, page by page. */
    const ran: string[] = [];
    const check = async () => {
      ran.push(...(await payloadEffects(page)));
    };
    const visit = async (path: string, ready: string) => {
      await page.goto(`${baseUrl}${path}`);
      await page.getByTestId(ready).first().waitFor({ timeout: 30_000 });
      await check();
    };

    // The name is a payload from the sign-up form on.
    await page.goto(`${baseUrl}/sources`);
    await page.waitForURL(/\/oidc\/interaction\//);
    await page.locator('a[href*="mode=signup"]').click();
    await page.locator('#name').fill(SHORT);
    await page.locator('#email').fill(`xss-${Date.now()}@example.org`);
    await page.locator('#password').fill('a-long-enough-password');
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL(`${baseUrl}/sources`);

    await page.goto(`${baseUrl}/pricing`);
    await page.getByTestId('plan-student').getByTestId('choose-student').click();
    await page.waitForURL(/\/checkout\?session=/);
    await page.getByTestId('checkout-confirm').click();
    await page.waitForURL(/\/checkout_success\?session=/);
    await page.getByTestId('success-product').waitFor();

    // Sources: a PDF whose file name is a payload, a website whose title is one, and a javascript: link.
    await page.goto(`${baseUrl}/sources`);
    await page.getByTestId('sources-upload-input').setInputFiles({
      name: `${PAYLOADS.img}.pdf`,
      mimeType: 'application/pdf',
      buffer: (await paperFile()).buffer,
    });
    await page.getByTestId('sources-link-input').fill(JAVASCRIPT_URL);
    await page.getByTestId('sources-link-submit').click();
    await page.getByTestId('sources-link-error').waitFor();
    await page.getByTestId('sources-link-input').fill(websiteUrl);
    await page.getByTestId('sources-link-submit').click();
    await expect
      .poll(() => page.locator('[data-testid="source-row"][data-state="usable"]').count(), { timeout: 60_000 })
      .toBe(2);
    expect(await page.getByTestId('source-row').allInnerTexts()).toEqual(
      expect.arrayContaining([expect.stringContaining(PAYLOADS.img), expect.stringContaining('<img src=x')]),
    );
    await visit('/sources', 'source-row');

    // A chat question.
    await page.goto(`${baseUrl}/feature/source-qa`);
    const chosen = page.getByTestId('source-chat-source');
    await chosen.selectOption({ index: 1 });
    await page.getByTestId('source-chat-question').fill(ALL);
    await page.getByTestId('source-chat-send').click();
    await page.locator('[data-testid="chat-message"][data-role="assistant"]').last().waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('chat-message').first().innerText()).toContain(PAYLOADS.script);
    await check();

    // An own application whose every field is a payload; its run echoes the name into the result.
    const app = await api<{ id: string }>(page, 'POST', '/api/own_apps', {
      name: SHORT,
      description: ALL,
      inputs: [{ key: 'claim', label: SHORT, multiline: true }],
      prompt: `${ALL} {claim}`,
    });
    await visit(`/apps/${app.id}`, 'own-app-run-form');
    await page.getByTestId('own-app-field-claim').fill(ALL);
    await page.getByTestId('own-app-run').click();
    await page.getByTestId('result').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('result').innerText()).toContain(SHORT);
    await check();
    await visit(`/apps/${app.id}/edit`, 'own-app-editor');

    // A freestyle prompt: the result and its history entry.
    await page.goto(`${baseUrl}/feature/freestyle`);
    await page.getByTestId('field-prompt').fill(ALL);
    await page.getByTestId('tool-submit').click();
    await page.locator('[data-testid="run"][data-status="done"]').waitFor({ timeout: 30_000 });
    await check();

    // A deck and cards.
    const deck = await api<{ id: string }>(page, 'POST', '/api/cards/decks/import', {
      name: SHORT,
      language: 'en',
      csv: `front,back\n${csvField(ALL)},${csvField(`${ALL} ${PAYLOADS.markdownLink}`)}\n`,
    });
    await visit(`/feature/cards?deck=${deck.id}`, 'card-row');
    expect(await page.getByTestId('card-front').first().innerText()).toContain(PAYLOADS.script);
    await visit('/feature/cards', 'deck-row');

    // Proofreading.
    await page.goto(`${baseUrl}/feature/proofreading`);
    await page.getByTestId('proofreading-text').fill(`Ths sentence has a mistake. ${ALL}`);
    await page.getByTestId('proofreading-form').locator('button[type="submit"]').click();
    await page.waitForLoadState('networkidle');
    await check();

    // The history, searched for a payload, and a result shared with a visitor.
    await visit('/history', 'history-result');
    await page.getByTestId('history-search').fill(PAYLOADS.script);
    await page.waitForURL(/\?q=/);
    await check();
    await visit(`/history?q=${encodeURIComponent(ALL)}`, 'history-search');
    const [latest] = (await api<{ items: { id: string }[] }>(page, 'GET', '/api/history')).items;
    const share = await api<{ token: string }>(page, 'POST', `/api/history/${latest?.id}/share`);

    await visit('/account', 'subscription-panel');
    expect(await page.locator('body').innerText()).toContain(PAYLOADS.img);
    await visit('/feature/write-chapter', 'tool-form');

    const visitor = await openPage(browser);
    const visitorDialogs = watchDialogs(visitor.page);
    await watchScriptViolations(visitor.page);
    await visitor.page.goto(`${baseUrl}/shared/${share.token}`);
    await visitor.page.getByTestId('shared-result').waitFor();
    ran.push(...(await payloadEffects(visitor.page)));

    // The contact form (as a visitor).
    await visitor.page.goto(`${baseUrl}/contact`);
    await visitor.page.locator('input[name="email"]').fill('reader@example.org');
    await visitor.page.locator('textarea[name="body"]').fill(ALL);
    await visitor.page.locator('form button[type="submit"]').click();
    await visitor.page.getByTestId('contact-thanks').waitFor();
    ran.push(...(await payloadEffects(visitor.page)));
    expect(visitorDialogs).toEqual([]);
    await visitor.context.close();

    expect(ran).toEqual([]);
    expect(dialogs).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('would notice a payload that got into the DOM, run or blocked (control: the payloads inserted as HTML)', async () => {
    const { context, page } = await openPage(browser);
    await watchScriptViolations(page);
    await page.goto(`${server.baseUrl}/pricing`);
    await page.getByTestId('page-title').waitFor();
    expect(await payloadEffects(page)).toEqual([]);
    await page.evaluate((html) => document.body.insertAdjacentHTML('beforeend', html), ALL);
    const effects = (await payloadEffects(page)).join('\n');
    expect(effects).toContain('<img onerror="window.__xss=1">');
    expect(effects).toContain('the CSP blocked script-src');
    await context.close();
  });
});
