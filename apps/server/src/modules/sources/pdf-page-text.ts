import { tidyText } from './ocr-text';

/** A text item as pdf.js's `getTextContent` gives it. */
export type TextItem = { str?: string; hasEOL?: boolean };

/**
 * A page's text from its items, the same in this thread and in the page-reading threads. Pages are read without
 * pdf.js's per-glyph Unicode normalisation, which took a quarter of the reading time; the same normalisation
 * (ligatures such as "ﬁ" to "fi", compatibility spaces) runs here once over the page's text.
 */
export function pageTextOf(items: readonly TextItem[], normalizeUnicode: (text: string) => string): string {
  let text = '';
  for (const item of items) {
    if (item.str) text += item.str;
    text += item.hasEOL ? '\n' : item.str && !item.str.endsWith(' ') ? ' ' : '';
  }
  return tidyText(normalizeUnicode(text));
}
