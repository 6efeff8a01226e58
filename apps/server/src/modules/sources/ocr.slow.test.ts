import { deflateSync } from 'node:zlib';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import {
  GERMAN_SCAN_LINES,
  type GrayPng,
  germanScan,
  makePdf,
  type PdfPage,
  shareOfWordsFound,
} from '../../test/make-pdf';
import { threadsLoweredBy } from '../../test/thread-nice';
import { createOcrEngine, isOcrClosed, type OcrEngine, type OcrLanguage, ocrLanguageFor } from './ocr';
import type { GrayImage } from './ocr-image';
import { MAX_OCR_PAGES, ocrScannedPages } from './ocr-pages';
import { loadMupdf, openPdf, renderPage } from './pdf-page-text';

const logger = pino({ level: 'silent' });
const engine = createOcrEngine({ logger });
afterAll(() => engine.close());

const GERMAN_TEXT_PAGE = Array.from(
  { length: 12 },
  (_, i) => `Im Abschnitt ${i + 1} beschreiben wir die Messungen und die Auswertung der Daten für das Gebiet.`,
);

/** Renders the pages of a PDF made of `pages`, as the OCR pass asks; `close` lets the document go. */
async function renderer(pages: PdfPage[]) {
  const mupdf = await loadMupdf();
  const document = openPdf(mupdf, new Uint8Array(makePdf(pages)), pages.length);
  return {
    render: async (page: number) => renderPage(mupdf, document, page),
    close: () => document.destroy(),
  };
}

/** The real engine, remembering which model read each image. */
function recording(inner: OcrEngine): OcrEngine & { languages: OcrLanguage[] } {
  const languages: OcrLanguage[] = [];
  return {
    languages,
    recognize: (image, language) => {
      languages.push(language);
      return inner.recognize(image, language);
    },
    close: inner.close,
  };
}

/** An engine that answers at once, for what does not need Tesseract's reading. */
function instant(answer: (call: number, image: GrayImage) => Promise<{ text: string; confidence: number }>) {
  let calls = 0;
  const fake: OcrEngine & { calls: () => number } = {
    calls: () => calls,
    recognize: (image) => answer(++calls, image),
    close: async () => {},
  };
  return fake;
}

/** A small uniform gray image with PNG row filters of type 0, enough to be taken for a scan. */
function plainPng(width = 64, height = 64): GrayPng {
  const rows = Buffer.alloc((width + 1) * height, 200);
  for (let row = 0; row < height; row++) rows[row * (width + 1)] = 0;
  return { width, height, idat: deflateSync(rows) };
}

describe('recognising scanned pages with Tesseract', () => {
  it('reads a German scan with no text pages in English first, then again in German', async () => {
    const counted = recording(engine);
    const pdf = await renderer([{ scan: germanScan() }]);
    const { texts } = await ocrScannedPages({ render: pdf.render, pages: [''], scanned: [1], engine: counted, logger });
    pdf.close();

    expect(counted.languages).toEqual(['eng', 'deu']);
    const text = texts.get(1) ?? '';
    expect(shareOfWordsFound(GERMAN_SCAN_LINES, text)).toBeGreaterThan(0.85);
    // German words a model without umlauts and ß gets wrong.
    expect(text).toMatch(/Flächen|zwölf|Maßnahmen|außerdem/);
    expect(text).not.toMatch(/ {2}|\n{3}|^\s|\s$/);
  }, 60_000);

  it('takes the language of the text pages and leaves those pages alone', async () => {
    const counted = recording(engine);
    const pdf = await renderer([GERMAN_TEXT_PAGE, { scan: germanScan() }]);
    const { texts } = await ocrScannedPages({
      render: pdf.render,
      pages: [GERMAN_TEXT_PAGE.join('\n'), ''],
      scanned: [2],
      engine: counted,
      logger,
    });
    pdf.close();

    expect(counted.languages).toEqual(['deu']);
    expect([...texts.keys()]).toEqual([2]);
    expect(shareOfWordsFound(GERMAN_SCAN_LINES, texts.get(2) ?? '')).toBeGreaterThan(0.85);
  }, 60_000);

  it('recognises in a thread that yields to the one serving requests, which keeps its priority', async () => {
    const fresh = createOcrEngine({ logger });
    try {
      const recognise = () =>
        fresh.recognize({ width: 8, height: 8, pixels: new Uint8Array(64).fill(255) }, 'eng').then(() => undefined);
      expect(await threadsLoweredBy(recognise)).toEqual({ lowered: 1, callerKept: true });
    } finally {
      await fresh.close();
    }
  });

  it('maps our languages to Tesseract models, and any other to English', () => {
    expect(['en', 'de', 'fr', 'es', 'it', 'nl', 'pt', null].map(ocrLanguageFor)).toEqual([
      'eng',
      'deu',
      'fra',
      'spa',
      'ita',
      'nld',
      'eng',
      'eng',
    ]);
  });
});

describe('the OCR pass over a document', () => {
  it('renders nothing when no page needs OCR', async () => {
    const fake = instant(async () => ({ text: 'never read', confidence: 90 }));
    const outcome = await ocrScannedPages({
      render: () => Promise.reject(new Error('a page was rendered')),
      pages: [GERMAN_TEXT_PAGE.join('\n')],
      scanned: [],
      engine: fake,
      logger,
    });
    expect(outcome).toEqual({ texts: new Map(), skipped: [] });
    expect(fake.calls()).toBe(0);
  });

  it(`reads at most ${MAX_OCR_PAGES} scanned pages and reports the rest as skipped`, async () => {
    const count = MAX_OCR_PAGES + 3;
    const fake = instant(async (call) => ({
      text: `Page ${call} holds the scanned text of the report.`,
      confidence: 90,
    }));
    const pdf = await renderer(Array.from({ length: count }, () => ({ scan: plainPng() })));
    const progress: number[] = [];
    const outcome = await ocrScannedPages({
      render: pdf.render,
      pages: Array.from({ length: count }, () => ''),
      scanned: Array.from({ length: count }, (_, index) => index + 1),
      engine: fake,
      logger,
      onPage: async (done, total) => {
        progress.push(done / total);
      },
    });
    pdf.close();

    expect(fake.calls()).toBe(MAX_OCR_PAGES);
    expect(outcome.texts.size).toBe(MAX_OCR_PAGES);
    expect(outcome.texts.get(MAX_OCR_PAGES)).toBe(`Page ${MAX_OCR_PAGES} holds the scanned text of the report.`);
    expect(outcome.skipped).toEqual([MAX_OCR_PAGES + 1, MAX_OCR_PAGES + 2, MAX_OCR_PAGES + 3]);
    expect(progress.at(-1)).toBe(1);
  });

  it('keeps going past a page that fails, drops what reads as no text, and reads only the pages asked', async () => {
    const fake = instant(async (call) => {
      if (call === 2) throw new Error('Error attempting to read image.');
      return call === 3
        ? { text: '~ ;: ,, ~', confidence: 12 }
        : { text: 'The sample was measured twice by the team.', confidence: 88 };
    });
    const pdf = await renderer([
      { scan: plainPng() },
      { scan: plainPng() },
      { scan: plainPng() },
      GERMAN_TEXT_PAGE,
      { scan: plainPng() },
    ]);
    const { texts } = await ocrScannedPages({
      render: pdf.render,
      pages: ['', '', '', GERMAN_TEXT_PAGE.join('\n'), ''],
      scanned: [1, 2, 3, 5],
      engine: fake,
      logger,
    });
    pdf.close();

    expect(fake.calls()).toBe(4);
    expect([...texts.entries()]).toEqual([
      [1, 'The sample was measured twice by the team.'],
      [5, 'The sample was measured twice by the team.'],
    ]);
  });

  it('stops the whole pass when the engine shuts down mid-page, so the job is retried rather than half done', async () => {
    const closing = createOcrEngine({ logger });
    let reading: () => void = () => {};
    const started = new Promise<void>((resolve) => {
      reading = resolve;
    });
    const watched: OcrEngine = {
      recognize: (image, language) => {
        reading();
        return closing.recognize(image, language);
      },
      close: closing.close,
    };
    const pdf = await renderer([{ scan: germanScan() }, { scan: germanScan() }]);
    // Caught at once: the pass fails while close() is still stopping the worker.
    const pass = ocrScannedPages({
      render: pdf.render,
      pages: ['', ''],
      scanned: [1, 2],
      engine: watched,
      logger,
    }).catch((reason: unknown) => reason);
    await started;
    // Long enough for the worker to be starting or reading, far shorter than a recognition's time limit.
    await new Promise((resolve) => setTimeout(resolve, 500));
    await closing.close();
    const error = await pass;
    pdf.close();
    expect(isOcrClosed(error)).toBe(true);
    expect(
      isOcrClosed(await closing.recognize({ width: 1, height: 1, pixels: new Uint8Array(1) }, 'eng').catch((e) => e)),
    ).toBe(true);
  }, 60_000);
});

describe('the OCR engine', () => {
  it('fails a recognition that takes too long instead of waiting forever', async () => {
    const hurried = createOcrEngine({ logger, timeoutMs: 1 });
    const image: GrayImage = { width: 64, height: 64, pixels: new Uint8Array(64 * 64).fill(255) };
    await expect(hurried.recognize(image, 'eng')).rejects.toThrow('OCR took longer than 1 ms');
    await hurried.close();
    const error = await hurried.recognize(image, 'eng').catch((reason: unknown) => reason);
    expect(isOcrClosed(error)).toBe(true);
  });
});
