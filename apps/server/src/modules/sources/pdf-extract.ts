import { getDocumentProxy } from 'unpdf';

export type ExtractedPdf = {
  pages: string[];
  pageCount: number;
  /** Pages whose text could not be read; the others are kept. */
  failedPages: number[];
  title: string | null;
  authors: string[];
  year: number | null;
};

type TextItem = { str?: string; hasEOL?: boolean };

/**
 * Reads the text of every page with pdf.js, page by page, so a page that does not parse loses only
 * itself. `onPage` reports progress as pages are read.
 */
export async function extractPdf(
  bytes: Uint8Array,
  onPage?: (done: number, total: number) => Promise<void>,
): Promise<ExtractedPdf> {
  const pdf = await getDocumentProxy(bytes);
  const pages: string[] = [];
  const failedPages: number[] = [];
  try {
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
      await onPage?.(number, pdf.numPages);
    }
    const metadata = await pdf.getMetadata().catch(() => null);
    const info = (metadata?.info ?? {}) as Record<string, unknown>;
    return {
      pages,
      pageCount: pdf.numPages,
      failedPages,
      title: cleanTitle(info.Title),
      authors: splitAuthors(info.Author),
      year: pdfYear(info.CreationDate),
    };
  } finally {
    await pdf.destroy();
  }
}

function joinItems(items: TextItem[]): string {
  let text = '';
  for (const item of items) {
    if (item.str) text += item.str;
    text += item.hasEOL ? '\n' : item.str && !item.str.endsWith(' ') ? ' ' : '';
  }
  // Words hyphenated across line ends are joined again ("evalu-\nation" → "evaluation").
  return text
    .replace(/(\p{L})-\n(\p{Ll})/gu, '$1$2')
    .replace(/[ \t]+/g, ' ')
    .trim();
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
