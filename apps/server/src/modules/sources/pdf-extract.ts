import type { Logger } from 'pino';
import { getDocumentProxy } from 'unpdf';
import type { PDFDocumentProxy } from 'unpdf/pdfjs';
import type { OcrEngine } from './ocr';
import { looksScanned, MAX_OCR_PAGES, ocrScannedPages } from './ocr-pages';
import { tidyText } from './ocr-text';

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
  /** Reports the share of the work done (0–1) as pages are read and scanned pages recognised. */
  onProgress?: (share: number) => Promise<void>;
  /** Reads pages that have no text layer; without it they stay empty. */
  ocr?: { engine: OcrEngine; logger: Logger };
};

type TextItem = { str?: string; hasEOL?: boolean };

/**
 * Recognising a page costs about as much as reading this many text pages (3 s against 20–60 ms), so
 * progress moves by that much for each scanned page.
 */
const OCR_PAGE_WEIGHT = 50;

/**
 * Reads the text of every page with pdf.js, page by page, so a page that does not parse loses only
 * itself; then, with an OCR engine, recognises the pages that have no text layer. A file pdf.js
 * cannot open at all throws an error `isUnreadablePdf` knows.
 */
export async function extractPdf(bytes: Uint8Array, { onProgress, ocr }: ExtractOptions = {}): Promise<ExtractedPdf> {
  const pdf = await getDocumentProxy(bytes);
  try {
    const { pages, failedPages } = await readTextLayer(pdf, onProgress, Boolean(ocr));
    const outcome = ocr
      ? await ocrScannedPages({
          pdf,
          pages,
          engine: ocr.engine,
          logger: ocr.logger,
          onPage: async (done, total) => {
            await onProgress?.((pdf.numPages + done * OCR_PAGE_WEIGHT) / (pdf.numPages + total * OCR_PAGE_WEIGHT));
          },
        })
      : { texts: new Map<number, string>(), skipped: [] };
    for (const [pageNumber, text] of outcome.texts) {
      pages[pageNumber - 1] = [pages[pageNumber - 1], text].filter(Boolean).join('\n');
    }
    await onProgress?.(1);
    const metadata = await pdf.getMetadata().catch(() => null);
    const info = (metadata?.info ?? {}) as Record<string, unknown>;
    return {
      pages,
      pageCount: pdf.numPages,
      failedPages,
      ocrPages: [...outcome.texts.keys()],
      ocrSkippedPages: outcome.skipped,
      title: cleanTitle(info.Title),
      authors: splitAuthors(info.Author),
      year: pdfYear(info.CreationDate),
    };
  } finally {
    await pdf.destroy();
  }
}

/**
 * The text layer of each page. When scanned pages will be recognised, those found so far count at
 * their OCR weight, so progress does not race to the end before the slow part.
 */
async function readTextLayer(
  pdf: PDFDocumentProxy,
  onProgress: ExtractOptions['onProgress'],
  weighScans: boolean,
): Promise<{ pages: string[]; failedPages: number[] }> {
  const pages: string[] = [];
  const failedPages: number[] = [];
  let scanned = 0;
  for (let number = 1; number <= pdf.numPages; number++) {
    try {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      pages.push(joinItems(content.items as TextItem[]));
      page.cleanup();
    } catch {
      failedPages.push(number);
      pages.push('');
    }
    if (weighScans && looksScanned(pages[number - 1] ?? '')) scanned = Math.min(scanned + 1, MAX_OCR_PAGES);
    await onProgress?.(number / (pdf.numPages + scanned * OCR_PAGE_WEIGHT));
  }
  return { pages, failedPages };
}

/** True when pdf.js found no PDF structure at all (garbage, a truncated file): retrying will not help. */
export function isUnreadablePdf(error: unknown): boolean {
  return error instanceof Error && error.name === 'InvalidPDFException';
}

function joinItems(items: TextItem[]): string {
  let text = '';
  for (const item of items) {
    if (item.str) text += item.str;
    text += item.hasEOL ? '\n' : item.str && !item.str.endsWith(' ') ? ' ' : '';
  }
  return tidyText(text);
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
