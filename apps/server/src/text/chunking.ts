export type Passage = {
  ordinal: number;
  pageStart: number;
  pageEnd: number;
  text: string;
  /** For each page after `pageStart`, the index of its first word in `text` (see `pagesOfSpan`). */
  pageBreaks: number[];
  /** Word ranges not to quote, as flat [start, end) pairs of word indexes in `text` (see `spanQuotable`). */
  unquotable: number[];
};

/** A stretch of a page's text, and whether the built-in engines may quote it (a heading or caption is indexed, not quoted). */
export type PageSegment = { text: string; quotable: boolean };

/** About this many words per passage: long enough to answer from, short enough to cite precisely. */
export const PASSAGE_WORDS = 120;

/**
 * Splits page texts into passages of about PASSAGE_WORDS words, ending at a sentence where one is near,
 * each remembering the pages it spans (1-based). Empty pages contribute nothing.
 */
export function chunkPages(
  pages: readonly (string | readonly PageSegment[])[],
  targetWords = PASSAGE_WORDS,
): Passage[] {
  const chunker = createChunker(targetWords);
  const passages = pages.flatMap((text, index) => chunker.push(index + 1, text));
  return [...passages, ...chunker.finish()];
}

export type Chunker = {
  /** Adds the next page's text (quotable throughout when a plain string); returns the passages now complete. */
  push: (page: number, text: string | readonly PageSegment[]) => Passage[];
  /** Returns the rest once the last page was pushed. */
  finish: () => Passage[];
};

/**
 * chunkPages as pages arrive, with the same passages: one is cut only once enough words follow it that
 * the end of the document could not change where it ends (a short remainder joins the passage before).
 */
export function createChunker(targetWords = PASSAGE_WORDS): Chunker {
  let words: { word: string; page: number; quotable: boolean }[] = [];
  let ordinal = 0;
  const settled = Math.ceil(targetWords * 1.25);
  const cut = (final: boolean): Passage[] => {
    const passages: Passage[] = [];
    let start = 0;
    while (start < words.length && (final || words.length - start >= settled)) {
      let end = Math.min(start + targetWords, words.length);
      // Prefer to stop after a sentence within the last third of the passage.
      for (let candidate = end; candidate > start + Math.floor((targetWords * 2) / 3); candidate--) {
        if (/[.!?]["')\]]?$/.test(words[candidate - 1]?.word ?? '')) {
          end = candidate;
          break;
        }
      }
      // A short remainder joins the passage before it rather than standing alone.
      if (words.length - end < targetWords / 4) end = words.length;
      const slice = words.slice(start, end);
      passages.push({
        ordinal: ordinal++,
        pageStart: slice[0]?.page ?? 1,
        pageEnd: slice.at(-1)?.page ?? 1,
        text: slice.map((entry) => entry.word).join(' '),
        pageBreaks: pageBreaksOf(slice),
        unquotable: unquotableRangesOf(slice),
      });
      start = end;
    }
    words = words.slice(start);
    return passages;
  };
  return {
    push: (page, text) => {
      const segments = typeof text === 'string' ? [{ text, quotable: true }] : text;
      for (const segment of segments) {
        for (const word of segment.text.split(/\s+/)) if (word) words.push({ word, page, quotable: segment.quotable });
      }
      return cut(false);
    },
    finish: () => cut(true),
  };
}

/** Where each page after the first begins; an empty page begins where the next one does. */
function pageBreaksOf(slice: readonly { page: number }[]): number[] {
  const breaks: number[] = [];
  for (let index = 1; index < slice.length; index++) {
    for (let page = slice[index - 1]?.page ?? 0; page < (slice[index]?.page ?? 0); page++) breaks.push(index);
  }
  return breaks;
}

/** The runs of words not to quote, as flat [start, end) pairs. */
function unquotableRangesOf(slice: readonly { quotable: boolean }[]): number[] {
  const ranges: number[] = [];
  slice.forEach((word, index) => {
    if (word.quotable) return;
    if (ranges.at(-1) === index) ranges[ranges.length - 1] = index + 1;
    else ranges.push(index, index + 1);
  });
  return ranges;
}

/**
 * Whether the stretch of a passage's text from character `from` to `to` (exclusive) may be quoted: none of its
 * words lies in one of the passage's unquotable ranges (a heading, caption or footnote indexed with the body).
 */
export function spanQuotable(
  passage: { text: string; unquotable?: readonly number[] },
  from: number,
  to: number,
): boolean {
  const ranges = passage.unquotable ?? [];
  if (ranges.length === 0) return true;
  const first = wordIndexAt(passage.text, from);
  const last = wordIndexAt(passage.text, Math.max(from, to - 1));
  for (let index = 0; index + 1 < ranges.length; index += 2) {
    if ((ranges[index] ?? 0) <= last && first < (ranges[index + 1] ?? 0)) return false;
  }
  return true;
}

/** A passage's text without its unquotable ranges: the stretches between them, in order. */
export function quotableParts(passage: { text: string; unquotable?: readonly number[] }): string[] {
  const ranges = passage.unquotable ?? [];
  if (ranges.length === 0) return [passage.text];
  const words = passage.text.split(' ');
  const parts: string[] = [];
  let from = 0;
  for (let index = 0; index + 1 < ranges.length; index += 2) {
    parts.push(words.slice(from, ranges[index]).join(' '));
    from = ranges[index + 1] ?? words.length;
  }
  parts.push(words.slice(from).join(' '));
  return parts.filter((part) => part.length > 0);
}

/**
 * The pages a stretch of a passage's text sits on, from character `from` to `to` (exclusive): the page of a
 * quoted sentence rather than the passage's first. Without page breaks (a passage within one page, or an
 * older index), the passage's own pages.
 */
export function pagesOfSpan(
  passage: { text: string; pageStart: number; pageEnd: number; pageBreaks?: readonly number[] },
  from: number,
  to: number,
): { pageStart: number; pageEnd: number } {
  const breaks = passage.pageBreaks ?? [];
  if (breaks.length === 0 || passage.pageStart === passage.pageEnd) {
    return { pageStart: passage.pageStart, pageEnd: passage.pageEnd };
  }
  const pageAt = (offset: number) => {
    const word = wordIndexAt(passage.text, offset);
    return passage.pageStart + breaks.filter((start) => start <= word).length;
  };
  return { pageStart: pageAt(from), pageEnd: pageAt(Math.max(from, to - 1)) };
}

/** The index of the word a character offset falls in, words being separated by single spaces. */
function wordIndexAt(text: string, offset: number): number {
  let words = 0;
  for (let index = 0; index < offset && index < text.length; index++) if (text.charCodeAt(index) === 32) words++;
  return words;
}

/**
 * The words of a text: runs of characters between whitespace as `\s` knows it, the same count as
 * `text.split(/\s+/).filter(Boolean).length`. Counted in place, since every page of every upload is counted
 * several times (indexing, scan detection, progress), and splitting a long book into an array held up the
 * thread that serves requests.
 */
export function countWords(text: string): number {
  let words = 0;
  let inWord = false;
  for (let index = 0; index < text.length; index++) {
    const space = isWhitespace(text.charCodeAt(index));
    if (!space && !inWord) words++;
    inWord = !space;
  }
  return words;
}

/** JavaScript's `\s`: ASCII tab to carriage return and space, and Unicode's space separators and line ends. */
function isWhitespace(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  if (code < 0xa0) return false;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}
