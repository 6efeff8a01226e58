import type { Document as MupdfDocument } from 'mupdf';
import type { Logger } from 'pino';
import type { OcrEngine } from './ocr';
import { MAX_OCR_PAGES, ocrScannedPages } from './ocr-pages';
import type { LayoutPage } from './pdf-layout/layout.types';
import { createPageRelease, type FinalPage } from './pdf-page-release';
import {
  documentInfo,
  loadMupdf,
  openPdf,
  readPage,
  renderPage,
  TooManyPagesError,
  UnreadablePdfError,
} from './pdf-page-text';
import { assertStreamsFit, OversizedPdfStreamError } from './pdf-stream-guard';
import type { PageText, PdfTextPool } from './pdf-text-pool';

export type ExtractedPdf = {
  /** Each page's text as indexed: its body in reading order, then its footnotes. */
  pages: string[];
  /** Each page's layout: blocks in reading order with their roles (body, header, footer, page number, footnote). */
  layouts: LayoutPage[];
  pageCount: number;
  /** Pages whose text could not be read; the others are kept. */
  failedPages: number[];
  /** Pages without a (usable) text layer whose text was recognised in their images. */
  ocrPages: number[];
  /** Pages without a text layer left unread because of the OCR cap. */
  ocrSkippedPages: number[];
  title: string | null;
  authors: string[];
  year: number | null;
  /** The DOI the file's XMP metadata names, if any (the publisher's record of which paper this is). */
  doi: string | null;
};

export type ExtractOptions = {
  /** Stops the reading: the pool's threads for this document end at once, and the reason is thrown. */
  signal?: AbortSignal;
  /** Reports the share of the work done (0–1) as pages are read and scanned pages recognised. */
  onProgress?: (share: number) => Promise<void>;
  /** Reads pages that have no usable text layer; without it they stay as they are. */
  ocr?: { engine: OcrEngine; logger: Logger };
  /** Worker threads that read the pages, so this thread stays free; without them, this thread reads. */
  textPool?: PdfTextPool;
  /**
   * Hears each page's final text in page order as soon as it is known, so passages can be indexed while
   * later pages are still being read. From the first page that will be OCRed on, pages wait for OCR.
   */
  onPage?: (number: number, text: string) => void;
  /** A PDF whose page tree counts more pages is refused before any page is read (TooManyPagesError). */
  maxPages?: number;
};

/** The default of MAX_PDF_PAGES, for callers without the server's configuration (benchmarks, tests). */
export const DEFAULT_MAX_PDF_PAGES = 2000;

/** What the reading found: the pages as read, and the information dictionary when the pool read it. */
type TextLayer = { pages: PageText[]; info: Record<string, unknown> | null };

/**
 * Recognising a page costs about as much as reading this many text pages (3 s against 20–60 ms), so
 * progress moves by that much for each scanned page.
 */
const OCR_PAGE_WEIGHT = 50;

/**
 * Reads the text and layout of every page with MuPDF, page by page, so a page that does not parse loses only
 * itself; then, with an OCR engine, recognises the pages that have no usable text layer. A file MuPDF cannot
 * open, one of more than `maxPages` pages, or one whose streams decode to more than memory should hold (a
 * compression bomb), throws an error `isUnreadablePdf` knows.
 */
export async function extractPdf(
  bytes: Uint8Array,
  { signal, onProgress, ocr, textPool, onPage, maxPages = DEFAULT_MAX_PDF_PAGES }: ExtractOptions = {},
): Promise<ExtractedPdf> {
  // Before MuPDF, which holds a font's or an image's decoded bytes whole, in this process or in the pool's threads.
  await assertStreamsFit(bytes);
  const release = createPageRelease(onPage && ((page) => onPage(page.number, page.text)), Boolean(ocr));
  // The pool's threads open the document themselves; here it is opened only to read it without them (no pool, or
  // one that failed) or to render scanned pages without them.
  const here = lazyDocument(bytes, maxPages);
  try {
    const reading = { onProgress, weighScans: Boolean(ocr), release };
    const layer =
      (textPool &&
        (await readInPool(textPool, bytes, reading, maxPages, signal).catch((error: unknown) => {
          // A stopped read is not read again here, nor one MuPDF refused.
          signal?.throwIfAborted();
          if (isUnreadablePdf(error)) throw error;
          return null;
        }))) ||
      (await readHere(await here.open(), reading));
    const read = layer.pages;
    const outcome = ocr
      ? await ocrScannedPages({
          render: async (number) =>
            textPool
              ? textPool.render(bytes, number, signal)
              : renderPage(await loadMupdf(), await here.open(), number),
          pages: read.map((page) => ('failed' in page ? '' : page.text)),
          scanned: read.flatMap((page) => ('needsOcr' in page && page.needsOcr ? [page.number] : [])),
          engine: ocr.engine,
          logger: ocr.logger,
          onPage: async (done, total) => {
            await onProgress?.((read.length + done * OCR_PAGE_WEIGHT) / (read.length + total * OCR_PAGE_WEIGHT));
          },
        })
      : { texts: new Map<number, string>(), skipped: [] };
    const pages = release.finish(outcome.texts);
    await onProgress?.(1);
    const info = layer.info ?? documentInfo(await here.open());
    return {
      ...pagesOf(pages, read),
      ocrPages: [...outcome.texts.keys()],
      ocrSkippedPages: outcome.skipped,
      title: cleanTitle(info.Title),
      authors: splitAuthors(info.Author),
      year: pdfYear(info.CreationDate),
      doi: typeof info.XmpDoi === 'string' ? info.XmpDoi : null,
    };
  } finally {
    here.close();
  }
}

function pagesOf(pages: FinalPage[], read: PageText[]) {
  return {
    pages: pages.map((page) => page.text),
    layouts: pages.map((page) => page.layout),
    pageCount: pages.length,
    failedPages: read.flatMap((page) => ('failed' in page ? [page.number] : [])),
  };
}

/** The document opened in this thread on first use, and closed once. */
function lazyDocument(bytes: Uint8Array, maxPages: number) {
  let document: MupdfDocument | null = null;
  return {
    open: async () => {
      document ??= openPdf(await loadMupdf(), bytes, maxPages);
      return document;
    },
    close: () => document?.destroy(),
  };
}

type Reading = {
  onProgress: ExtractOptions['onProgress'];
  weighScans: boolean;
  release: ReturnType<typeof createPageRelease>;
};

/**
 * The share of the reading done once `read` more pages are read. When scanned pages will be recognised,
 * those found so far count at their OCR weight, so progress does not race to the end before the slow part.
 */
function readingProgress(pageCount: number, weighScans: boolean): (read: PageText[]) => number {
  let done = 0;
  let scanned = 0;
  return (read) => {
    for (const page of read) {
      done++;
      if (weighScans && 'needsOcr' in page && page.needsOcr) scanned = Math.min(scanned + 1, MAX_OCR_PAGES);
    }
    return done / (pageCount + scanned * OCR_PAGE_WEIGHT);
  };
}

/** Pages read in this thread between two turns of its event loop, so requests are served meanwhile. */
const PAGES_PER_TURN = 4;

/** Every page read in this thread. */
async function readHere(document: MupdfDocument, { onProgress, weighScans, release }: Reading): Promise<TextLayer> {
  const pageCount = document.countPages();
  const progress = readingProgress(pageCount, weighScans);
  const pages: PageText[] = [];
  release.start(pageCount);
  for (let number = 1; number <= pageCount; number++) {
    const page = readPage(document, number) ?? { number, failed: true as const };
    pages.push(page);
    release.add(page);
    await onProgress?.(progress([page]));
    if (number % PAGES_PER_TURN === 0) await new Promise(setImmediate);
  }
  return { pages, info: null };
}

/**
 * The pages read by the pool's threads, handed on as batches arrive. Every document goes there, short ones too:
 * even a short paper read here would hold this thread many times longer than handing it over does, and this
 * thread serves every other request meanwhile; its text comes a little later. A failure of the pool (a thread
 * that died) makes the caller read the pages in its own thread instead. As in this thread, scanned pages found so
 * far count at their OCR weight.
 */
async function readInPool(
  pool: PdfTextPool,
  bytes: Uint8Array,
  { onProgress, weighScans, release }: Reading,
  maxPages: number,
  signal: AbortSignal | undefined,
): Promise<TextLayer> {
  const pages: PageText[] = [];
  let progress: ((read: PageText[]) => number) | null = null;
  let reported = Promise.resolve();
  // A report that failed (the job was stopped) fails the read once the pool is done, never as an unhandled rejection.
  const reportFailures: unknown[] = [];
  const { pageCount, info } = await pool.read(
    bytes,
    (batch, count) => {
      if (!progress) {
        progress = readingProgress(count, weighScans);
        release.start(count);
      }
      for (const page of batch) {
        pages[page.number - 1] = page;
        release.add(page);
      }
      const share = progress(batch);
      reported = reported.then(() => onProgress?.(share)).catch((error: unknown) => void reportFailures.push(error));
    },
    { maxPages, signal },
  );
  await reported;
  if (reportFailures.length > 0) throw reportFailures[0];
  // No batch at all: a document without pages.
  if (!progress) release.start(pageCount);
  return { pages: Array.from({ length: pageCount }, (_, index) => pages[index] ?? failed(index + 1)), info };
}

const failed = (number: number): PageText => ({ number, failed: true });

/**
 * True when MuPDF found no PDF in the file (garbage, a truncated file), the file is encrypted with a password (the
 * server has none to give), has more pages than allowed, or a stream decodes past its cap: retrying will not help.
 */
export function isUnreadablePdf(error: unknown): boolean {
  return (
    error instanceof OversizedPdfStreamError ||
    error instanceof UnreadablePdfError ||
    isTooManyPages(error) ||
    (error instanceof Error && error.name === UnreadablePdfError.name)
  );
}

/** True when the PDF was refused for its page count (MAX_PDF_PAGES), here or in a page-reading thread. */
export function isTooManyPages(error: unknown): boolean {
  return error instanceof TooManyPagesError || (error instanceof Error && error.name === 'TooManyPagesError');
}

function cleanTitle(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const title = value.trim();
  // Producers often put a file name or a placeholder here; such a title is no title.
  if (
    title.length < 4 ||
    /^(untitled|microsoft word|document\d*)\b/i.test(title) ||
    /\.(docx?|pdf|tex)$/i.test(title)
  ) {
    return null;
  }
  return title.slice(0, 300);
}

function splitAuthors(value: unknown): string[] {
  if (typeof value !== 'string' || !value.trim()) return [];
  return value
    .split(/\s*(?:;|,(?=\s*\p{Lu}\p{L}+\s+\p{Lu})|\band\b|&)\s*/u)
    .map((author) => author.trim())
    .filter((author) => author.length > 1)
    .slice(0, 20);
}

function pdfYear(value: unknown): number | null {
  const match = typeof value === 'string' ? /^D:(\d{4})/.exec(value) : null;
  const year = match ? Number(match[1]) : null;
  return year && year >= 1900 && year <= new Date().getFullYear() + 1 ? year : null;
}

/** The first substantial line of the first page with text, as a fallback title. */
export function firstLineTitle(pages: readonly string[]): string | null {
  for (const page of pages) {
    const line = page
      .split('\n')
      .map((candidate) => candidate.trim())
      .find((candidate) => candidate.length >= 8 && /\p{L}{3}/u.test(candidate));
    if (line) return line.slice(0, 200);
  }
  return null;
}
