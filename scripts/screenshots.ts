// Takes the home page's screenshots of the product: apps/web/public/screenshots/{tool,sources,cards}.webp.
//
//   npm run build && node --import tsx scripts/screenshots.ts
//   node --import tsx scripts/screenshots.ts --url http://127.0.0.1:3000   (a server already running)
//
// Without --url it starts the built server (apps/server/dist) on a fresh DATA_DIR, with the academic catalogues
// answered by the local fakes the browser journeys use, and stops it afterwards. In the browser (Debian's
// Chromium through playwright-core) it signs up a new account, books the Student plan with the local payment
// provider, uploads a short generated paper, then shows a chapter written with it, a question answered from it
// and a flashcard made from it. Each screen is scaled to 960×600 and written as WebP of at most 150 KB.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchChromium } from '@quire/e2e/browser';
import { startFakeAcademicApis, startServerProcess } from '@quire/server/testing';
import type { Browser, Page } from 'playwright-core';
import { REPO_ROOT } from '../apps/server/src/paths';
import { makePdf } from '../apps/server/src/test/make-pdf';

const OUTPUT_DIR = join(REPO_ROOT, 'apps/web/public/screenshots');
const VIEWPORT = { width: 1280, height: 800 };
const SIZE = { width: 960, height: 600 };
const MAX_BYTES = 150 * 1024;

/** A short paper with real sentences, so answers, chapters and cards read like the product's. */
const PAPER_PAGES: string[][] = [
  [
    'Sleep and Memory Consolidation in University Students',
    'Abstract. This review summarises how sleep supports the consolidation of newly learned material.',
    'Students who slept at least seven hours after learning recalled more word pairs the next day.',
    'Slow-wave sleep replays hippocampal activity and strengthens declarative memories.',
    'Rapid eye movement sleep is associated with the integration of procedural and emotional memories.',
    'Sleep deprivation before an exam reduces attention, working memory and the recall of facts.',
  ],
  [
    '1. Spacing and sleep',
    'Spaced practice distributes study sessions over several days instead of a single long session.',
    'Each night of sleep between sessions gives the brain another opportunity to consolidate the material.',
    'In a study with 120 psychology students, spaced practice with sleep improved exam scores by twelve percent.',
    '2. Practical recommendations',
    'Students should review difficult material in the evening and test themselves again the next morning.',
    'Short naps of twenty minutes can restore attention without causing grogginess.',
    'Regular sleep times support a stable circadian rhythm and better concentration during lectures.',
  ],
];

type Screenshot = 'tool' | 'sources' | 'cards';

async function main(): Promise<void> {
  const urlFlag = process.argv.indexOf('--url');
  const givenUrl = urlFlag >= 0 ? process.argv[urlFlag + 1] : undefined;
  const dataDir = givenUrl ? null : mkdtempSync(join(tmpdir(), 'quire-screenshots-'));
  const catalogues = givenUrl ? null : await startFakeAcademicApis();
  const server =
    givenUrl || !dataDir || !catalogues
      ? null
      : await startServerProcess({ build: 'dist', env: { DATA_DIR: dataDir, ...catalogues.env() } });
  const baseUrl = givenUrl ?? server?.baseUrl ?? '';
  const browser = await launchChromium();
  try {
    mkdirSync(OUTPUT_DIR, { recursive: true });
    const page = await openPage(browser);
    await signUp(page, baseUrl);
    await bookStudent(page, baseUrl);
    const sourceId = await uploadPaper(page, baseUrl);
    await save(browser, 'tool', await writeChapter(page, baseUrl, sourceId));
    await save(browser, 'sources', await askSource(page, baseUrl, sourceId));
    await save(browser, 'cards', await studyCards(page, baseUrl, sourceId));
  } finally {
    await browser.close();
    await server?.stop();
    await catalogues?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A desktop-sized English page that declines cookies, skips the first-login question and closes the survey. */
async function openPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: 'en-US', viewport: VIEWPORT, deviceScaleFactor: 1 });
  const page = await context.newPage();
  const answers: [string, string][] = [
    ['consent-card', 'consent-decline'],
    ['study-categories', 'study-categories-skip'],
    ['survey-card', 'survey-close'],
  ];
  for (const [blocker, button] of answers) {
    await page.addLocatorHandler(page.getByTestId(blocker), () => page.getByTestId(button).click());
  }
  return page;
}

async function signUp(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/sources`);
  await page.waitForURL(/\/oidc\/interaction\//);
  await page.locator('a[href*="mode=signup"]').click();
  await page.locator('#name').fill('Maya Student');
  await page.locator('#email').fill(`screenshots-${Date.now()}@example.org`);
  await page.locator('#password').fill('a-long-enough-password');
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL(`${baseUrl}/sources`);
}

/** Every tool needs a plan beyond the free one: Student, booked with the local provider's test checkout. */
async function bookStudent(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/pricing`);
  await page.getByTestId('plan-student').getByTestId('choose-student').click();
  await page.waitForURL(/\/checkout\?session=/);
  await page.getByTestId('checkout-confirm').click();
  await page.waitForURL(/\/checkout_success\?session=/);
  await page.getByTestId('success-product').waitFor();
}

/** The generated paper in the library, once it is ready; resolves with its id. */
async function uploadPaper(page: Page, baseUrl: string): Promise<string> {
  const folder = mkdtempSync(join(tmpdir(), 'quire-paper-'));
  const file = join(folder, 'sleep-and-memory.pdf');
  writeFileSync(
    file,
    makePdf(PAPER_PAGES, {
      title: 'Sleep and Memory Consolidation in University Students',
      author: 'Lena Hoffmann',
    }),
  );
  await page.goto(`${baseUrl}/sources`);
  await page.getByTestId('sources-upload-input').setInputFiles(file);
  const row = page.getByTestId('source-row').first();
  await row.waitFor();
  for (let waited = 0; (await row.getAttribute('data-state')) !== 'usable'; waited += 500) {
    if (waited > 60_000) throw new Error('The paper was not processed within a minute');
    await page.waitForTimeout(500);
  }
  // The browser reads the file while it uploads: it goes once the paper is processed.
  rmSync(folder, { recursive: true, force: true });
  return (await row.getAttribute('data-source-id')) ?? '';
}

/** The chapter tool, with the paper as its source, once its result has been written. */
async function writeChapter(page: Page, baseUrl: string, sourceId: string): Promise<Buffer> {
  await page.goto(`${baseUrl}/feature/write-chapter`);
  await page.getByTestId('field-headline').fill('How sleep helps students remember');
  await page.getByTestId('field-topic').fill('Sleep and memory consolidation in university students');
  await page
    .getByTestId('field-outline')
    .fill('1. Sleep stages and memory\n2. Spacing and sleep\n3. Advice for exam periods');
  await page.getByTestId('field-source_type-quality_with_sources').check();
  await page.locator(`[data-testid="source-picker-option"][data-source-id="${sourceId}"] input`).check();
  await page.getByTestId('tool-submit').click();
  await page.locator('[data-testid="run"][data-status="done"]').waitFor({ timeout: 90_000 });
  // The form beside the start of the chapter.
  await page.evaluate(() => window.scrollTo(0, 0));
  return page.screenshot({ type: 'png' });
}

/** The source chat, answering a question with numbered references to the passages it quotes. */
async function askSource(page: Page, baseUrl: string, sourceId: string): Promise<Buffer> {
  await page.goto(`${baseUrl}/feature/source-qa`);
  await page.getByTestId('source-chat-source').selectOption(sourceId);
  await page.getByTestId('source-chat-question').fill('How does sleep help students remember what they learned?');
  await page.getByTestId('source-chat-send').click();
  const answer = page.locator('[data-testid="chat-message"][data-role="assistant"]').last();
  await answer.getByTestId('citation-ref').first().waitFor({ timeout: 30_000 });
  await page.getByTestId('source-chat-question').blur();
  // The question and the start of the answer under the page's title: the tips fold away.
  const tips = page.getByTestId('cheat-sheet-toggle');
  if ((await tips.count()) > 0 && (await tips.getAttribute('aria-expanded')) === 'true') await tips.click();
  await page.evaluate(() => window.scrollTo(0, 0));
  return page.screenshot({ type: 'png' });
}

/** A deck made from the paper, during study, with a card turned over. */
async function studyCards(page: Page, baseUrl: string, sourceId: string): Promise<Buffer> {
  await page.goto(`${baseUrl}/feature/cards`);
  await page.getByTestId('create-source').selectOption(sourceId);
  await page.getByTestId('create-count').fill('10');
  await page.getByTestId('create-submit').click();
  await page.getByTestId('deck-view').waitFor({ timeout: 60_000 });
  await page.getByTestId('deck-study-open').click();
  const card = page.getByTestId('study-card');
  await card.waitFor();
  await page.getByTestId('study-flip').click();
  await card.evaluate((element) =>
    Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)),
  );
  return page.screenshot({ type: 'png' });
}

/** Scales a PNG to SIZE in Chromium and writes it as WebP, lowering the quality until it fits MAX_BYTES. */
async function save(browser: Browser, name: Screenshot, png: Buffer): Promise<void> {
  const page = await browser.newPage();
  try {
    for (const quality of [0.85, 0.78, 0.7, 0.6, 0.5]) {
      const dataUrl = await page.evaluate(
        async ({ source, width, height, quality }) => {
          const image = new Image();
          image.src = source;
          await image.decode();
          const canvas = document.createElement('canvas');
          canvas.width = width;
          canvas.height = height;
          const context = canvas.getContext('2d');
          if (!context) throw new Error('no 2d canvas');
          context.imageSmoothingQuality = 'high';
          context.drawImage(image, 0, 0, width, height);
          return canvas.toDataURL('image/webp', quality);
        },
        { source: `data:image/png;base64,${png.toString('base64')}`, ...SIZE, quality },
      );
      const webp = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
      if (webp.length <= MAX_BYTES) {
        writeFileSync(join(OUTPUT_DIR, `${name}.webp`), webp);
        console.log(`${name}.webp: ${Math.round(webp.length / 1024)} KB (quality ${quality})`);
        return;
      }
    }
    throw new Error(`${name}: no quality keeps it under ${MAX_BYTES} bytes`);
  } finally {
    await page.close();
  }
}

await main();
