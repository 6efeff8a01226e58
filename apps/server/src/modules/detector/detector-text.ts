import { splitSentences, splitWords } from '../../text/segment';

/** One sentence of the text as sent: where it is, and its words (lower-cased) for the statistics. */
export type SentenceSpan = { offset: number; length: number; words: string[] };

/**
 * The sentences of a text with their UTF-16 offsets into it. The shared segmenter returns sentences with their
 * whitespace normalised, so each is found again in the original, in order, with any run of whitespace matching
 * wherever it put one space.
 */
export function sentenceSpans(text: string, language: string): SentenceSpan[] {
  const spans: SentenceSpan[] = [];
  let cursor = 0;
  for (const sentence of splitSentences(text, language)) {
    const pattern = new RegExp(sentence.split(' ').map(escapeRegExp).join('\\s*'), 'gu');
    pattern.lastIndex = cursor;
    const found = pattern.exec(text);
    if (!found || found[0].length === 0) continue;
    const words = splitWords(found[0], language);
    cursor = found.index + found[0].length;
    if (words.length > 0) spans.push({ offset: found.index, length: found[0].length, words });
  }
  return spans;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
