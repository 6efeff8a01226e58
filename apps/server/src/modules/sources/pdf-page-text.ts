import type { PDFDocumentProxy } from 'unpdf/pdfjs';
import { tidyText } from './ocr-text';

/** A text item as pdf.js's `getTextContent` gives it. */
type TextItem = { str?: string; hasEOL?: boolean };

/**
 * A page's text from its items, the same in this thread and in the page-reading threads. Pages are read without
 * pdf.js's per-glyph Unicode normalisation, which took a quarter of the reading time; the same normalisation
 * (ligatures such as "ﬁ" to "fi", compatibility spaces) runs here once over the page's text.
 */
function pageTextOf(items: readonly TextItem[], normalizeUnicode: (text: string) => string): string {
  let text = '';
  for (const item of items) {
    if (item.str) text += item.str;
    text += item.hasEOL ? '\n' : item.str && !item.str.endsWith(' ') ? ' ' : '';
  }
  return tidyText(normalizeUnicode(text));
}

/**
 * Pages asked of pdf.js at once, here and in the page-reading threads: pdf.js answers through message round
 * trips, and while one page's answer travels the next is parsed; a few in flight keep it busy, more add
 * nothing.
 */
const PAGES_IN_FLIGHT = 4;

/** Runs `work` for pages from…to with at most PAGES_IN_FLIGHT under way at once; they may finish out of order. */
export async function forEachPage(from: number, to: number, work: (number: number) => Promise<void>): Promise<void> {
  let next = from;
  const lane = async () => {
    while (next <= to) await work(next++);
  };
  await Promise.all(Array.from({ length: Math.max(0, Math.min(PAGES_IN_FLIGHT, to - from + 1)) }, lane));
}

/** One page's text, or null when pdf.js cannot read that page (the others are kept). */
export async function readPageText(
  pdf: PDFDocumentProxy,
  number: number,
  normalizeUnicode: (text: string) => string,
): Promise<string | null> {
  try {
    const page = await pdf.getPage(number);
    const content = await page.getTextContent({ disableNormalization: true });
    const text = pageTextOf(content.items as TextItem[], normalizeUnicode);
    page.cleanup();
    return text;
  } catch {
    return null;
  }
}
