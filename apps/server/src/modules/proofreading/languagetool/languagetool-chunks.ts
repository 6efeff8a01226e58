/** A piece of the text sent in one request, and where it starts in the whole text (UTF-16 units). */
export type TextChunk = { offset: number; text: string };

const PARAGRAPH_BREAK = /\n[^\S\n]*\n\s*/g;
const SENTENCE_END = /[.!?…][)"'’”»]*\s+/g;
const WHITESPACE = /\s+/g;

/**
 * Cuts a text into pieces of at most `maxBytes` UTF-8 bytes (how LanguageTool's hosted API measures a
 * request), each as long as it may be and cut where LanguageTool loses least context: after a paragraph,
 * else after a sentence, else at a space, else anywhere but inside a surrogate pair. The pieces cover the
 * text without gaps, so an offset in a piece plus its `offset` is an offset in the text. Pieces that are
 * only whitespace are left out: there is nothing in them to check.
 */
export function chunkText(text: string, maxBytes: number): TextChunk[] {
  const chunks: TextChunk[] = [];
  let start = 0;
  while (start < text.length) {
    const end = cutAt(text, start, furthestEnd(text, start, maxBytes));
    const piece = text.slice(start, end);
    if (piece.trim()) chunks.push({ offset: start, text: piece });
    start = end;
  }
  return chunks;
}

/** Where a piece from `start` ends: the best boundary before `limit`, or `limit` when none is found. */
function cutAt(text: string, start: number, limit: number): number {
  if (limit >= text.length) return text.length;
  const window = text.slice(start, limit);
  for (const boundary of [PARAGRAPH_BREAK, SENTENCE_END, WHITESPACE]) {
    const end = lastMatchEnd(window, boundary);
    if (end > 0) return start + end;
  }
  return limit;
}

function lastMatchEnd(window: string, pattern: RegExp): number {
  let end = 0;
  for (const match of window.matchAll(pattern)) end = match.index + match[0].length;
  return end;
}

/** The furthest index after `start` whose slice fits in `maxBytes`; at least one character, never half a pair. */
function furthestEnd(text: string, start: number, maxBytes: number): number {
  let bytes = 0;
  let index = start;
  while (index < text.length) {
    const code = text.codePointAt(index) ?? 0;
    const units = code > 0xffff ? 2 : 1;
    bytes += utf8Bytes(code);
    if (bytes > maxBytes) return Math.max(index, start + units);
    index += units;
  }
  return index;
}

function utf8Bytes(code: number): number {
  if (code < 0x80) return 1;
  if (code < 0x800) return 2;
  return code > 0xffff ? 4 : 3;
}
