import type { Logger } from 'pino';
import { getDocumentProxy, getResolvedPDFJS } from 'unpdf';
import type { PDFDocumentProxy } from 'unpdf/pdfjs';
import type { OcrEngine } from './ocr';
import { looksScanned, MAX_OCR_PAGES, ocrScannedPages } from './ocr-pages';
import { forEachPage, readPageText } from './pdf-page-text';
import { assertStreamsFit, OversizedPdfStreamError } from './pdf-stream-guard';
import type { PdfTextPool } from './pdf-text-pool';

export type ExtractedPdf = {
  pages: string[];
  pageCount: number;
  /** Pages whose text could not be read; the others are kept. */
  failedPages: number[];
  /** Pages without a text layer whose text was recognised in their images. */
  ocrPages: number[];
  /** Pages without a text layer left unread because of the OCR cap. */
  ocrSkippedPages: number[];
  title: string | null;
  authors: string[];
  year: number | null;
};

export type ExtractOptions = {
  /** Stops the reading: the pool's threads for this document end at once, and the reason is thrown. */
  signal?: AbortSignal;
  /** Reports the share of the work done (0–1) as pages are read and scanned pages recognised. */
  onProgress?: (share: number) => Promise<void>;
  /** Reads pages that have no text layer; without it they stay empty. */
  ocr?: { engine: OcrEngine; logger: Logger };
  /** Worker threads that read the text layer, so this thread stays free; without them, this thread reads. */
  textPool?: PdfTextPool;
  /**
   * Hears each page's final text in page order as soon as it is known, so passages can be indexed while
   * later pages are still being read. From the first page that will be OCRed on, pages wait for OCR.
   */
  onPage?: (number: number, text: string) => void;
};

/** The text layer as read, here or by the pool's threads. */
type TextLayer = { pages: string[]; failedPages: number[]; info: Record<string, unknown> | null };

/**
 * Recognising a page costs about as much as reading this many text pages (3 s against 20–60 ms), so
 * progress moves by that much for each scanned page.
 */
const OCR_PAGE_WEIGHT = 50;

/**
 * Reads the text of every page with pdf.js, page by page, so a page that does not parse loses only
 * itself; then, with an OCR engine, recognises the pages that have no text layer. A file pdf.js
 * cannot open at all, or whose streams decode to more than memory should hold (a compression bomb),
 * throws an error `isUnreadablePdf` knows.
 */
export async function extractPdf(
  bytes: Uint8Array,
  { signal, onProgress, ocr, textPool, onPage }: ExtractOptions = {},
): Promise<ExtractedPdf> {
  // Before pdf.js, which would hold each stream's decoded bytes whole, in this process or in the pool's threads.
  await assertStreamsFit(bytes);
  const release = pageReleaser(onPage, Boolean(ocr));
  // The pool's threads open the document themselves; here it is opened only to read it without them (no pool,
  // or one that failed) or to recognise scanned pages. pdf.js may take the array it is given, and the pool is
  // done with it by then.
  const here: { pdf: PDFDocumentProxy | null } = { pdf: null };
  const openHere = async () => {
    here.pdf ??= await getDocumentProxy(bytes);
    return here.pdf;
  };
  try {
    const layer =
      (textPool &&
        (await readTextLayerInPool(textPool, bytes, onProgress, Boolean(ocr), release.add, signal).catch(() => {
          // A stopped read is not read again here.
          signal?.throwIfAborted();
          return null;
        }))) ||
      (await readTextLayer(await openHere(), onProgress, Boolean(ocr), release.add));
    const { pages, failedPages } = layer;
    const outcome = ocr
      ? await ocrScannedPages({
          openPdf: openHere,
          pages,
          engine: ocr.engine,
          logger: ocr.logger,
          onPage: async (done, total) => {
            await onProgress?.((pages.length + done * OCR_PAGE_WEIGHT) / (pages.length + total * OCR_PAGE_WEIGHT));
          },
        })
      : { texts: new Map<number, string>(), skipped: [] };
    for (const [pageNumber, text] of outcome.texts) {
      pages[pageNumber - 1] = [pages[pageNumber - 1], text].filter(Boolean).join('\n');
    }
    release.rest(pages);
    await onProgress?.(1);
    const info = layer.info ?? (await metadataOf(await openHere()));
    return {
      pages,
      pageCount: pages.length,
      failedPages,
      ocrPages: [...outcome.texts.keys()],
      ocrSkippedPages: outcome.skipped,
      title: cleanTitle(info.Title),
      authors: splitAuthors(info.Author),
      year: pdfYear(info.CreationDate),
    };
  } finally {
    await here.pdf?.destroy();
  }
}

/**
 * The share of the reading done once `texts` more pages are read. When scanned pages will be recognised,
 * those found so far count at their OCR weight, so progress does not race to the end before the slow part.
 */
function readingProgress(pageCount: number, weighScans: boolean): (texts: string[]) => number {
  let done = 0;
  let scanned = 0;
  return (texts) => {
    for (const text of texts) {
      done++;
      if (weighScans && looksScanned(text)) scanned = Math.min(scanned + 1, MAX_OCR_PAGES);
    }
    return done / (pageCount + scanned * OCR_PAGE_WEIGHT);
  };
}

/** The text layer of each page, read in this thread. */
async function readTextLayer(
  pdf: PDFDocumentProxy,
  onProgress: ExtractOptions['onProgress'],
  weighScans: boolean,
  deliver: (number: number, text: string) => void,
): Promise<TextLayer> {
  const { normalizeUnicode } = await getResolvedPDFJS();
  const pages: string[] = new Array(pdf.numPages).fill('');
  const failedPages: number[] = [];
  const progress = readingProgress(pdf.numPages, weighScans);
  // Progress counts pages as they finish.
  await forEachPage(1, pdf.numPages, async (number) => {
    const text = await readPageText(pdf, number, normalizeUnicode);
    if (text === null) failedPages.push(number);
    else pages[number - 1] = text;
    deliver(number, pages[number - 1] ?? '');
    await onProgress?.(progress([pages[number - 1] ?? '']));
  });
  failedPages.sort((a, b) => a - b);
  return { pages, failedPages, info: null };
}

/**
 * The text layer read by the pool's threads, handed on as batches arrive. Every document goes there, short
 * ones too: even a short paper read here would hold this thread many times longer than handing it over does,
 * and this thread serves every other request meanwhile; its text comes a little later. A failure of the pool
 * (a thread that died) makes the caller read the pages in its own thread instead. As in this thread, scanned
 * pages found so far count at their OCR weight.
 */
async function readTextLayerInPool(
  pool: PdfTextPool,
  bytes: Uint8Array,
  onProgress: ExtractOptions['onProgress'],
  weighScans: boolean,
  deliver: (number: number, text: string) => void,
  signal: AbortSignal | undefined,
): Promise<TextLayer> {
  let pages: string[] = [];
  const failedPages: number[] = [];
  let progress: ((texts: string[]) => number) | null = null;
  let reported = Promise.resolve();
  // A report that failed (the job was stopped) fails the read once the pool is done, never as an unhandled rejection.
  const reportFailures: unknown[] = [];
  const { pageCount, info } = await pool.read(
    bytes,
    (batch, count) => {
      if (!progress) {
        pages = new Array(count).fill('');
        progress = readingProgress(count, weighScans);
      }
      for (const page of batch) {
        if ('failed' in page) failedPages.push(page.number);
        else pages[page.number - 1] = page.text;
        deliver(page.number, pages[page.number - 1] ?? '');
      }
      const share = progress(batch.map((page) => pages[page.number - 1] ?? ''));
      reported = reported.then(() => onProgress?.(share)).catch((error: unknown) => void reportFailures.push(error));
    },
    signal,
  );
  await reported;
  if (reportFailures.length > 0) throw reportFailures[0];
  // No batch at all: a document without pages.
  if (pages.length !== pageCount) pages = new Array(pageCount).fill('');
  failedPages.sort((a, b) => a - b);
  return { pages, failedPages, info };
}

/**
 * Hands pages on in page order as they become known. With OCR, it stops before the first page that has
 * no text layer (its text comes later) and hands on the rest once OCR is done. A page already handed on
 * is not handed on again (when the pool fails and this thread reads the document once more).
 */
function pageReleaser(onPage: ExtractOptions['onPage'], holdScanned: boolean) {
  const known = new Map<number, string>();
  let next = 1;
  let held = false;
  return {
    add: (number: number, text: string) => {
      if (!onPage || number < next) return;
      known.set(number, text);
      while (!held && known.has(next)) {
        const page = known.get(next) ?? '';
        if (holdScanned && looksScanned(page)) {
          held = true;
          return;
        }
        known.delete(next);
        onPage(next, page);
        next++;
      }
    },
    rest: (pages: string[]) => {
      if (!onPage) return;
      for (; next <= pages.length; next++) onPage(next, pages[next - 1] ?? '');
    },
  };
}

/**
 * True when pdf.js found no PDF structure at all (garbage, a truncated file), the file is encrypted with a
 * password (the server has none to give) or a stream decodes past its cap: retrying will not help.
 */
export function isUnreadablePdf(error: unknown): boolean {
  return (
    error instanceof OversizedPdfStreamError ||
    (error instanceof Error && (error.name === 'InvalidPDFException' || error.name === 'PasswordException'))
  );
}

async function metadataOf(pdf: PDFDocumentProxy): Promise<Record<string, unknown>> {
  const metadata = await pdf.getMetadata().catch(() => null);
  return (metadata?.info ?? {}) as Record<string, unknown>;
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
