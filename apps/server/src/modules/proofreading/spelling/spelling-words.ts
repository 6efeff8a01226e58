import { academicSpans, blankSpans } from '../academic-text';

/** A stretch of the text to spell-check, with its UTF-16 offsets. */
export type SpellingWord = { text: string; start: number; end: number };

// Spans that are not prose and are never spell-checked, beside academic text's own (academic-text.ts): file
// names, paths, dotted abbreviations ("e.g.", "z.B.", "EE.UU.") and @handles.
const NOT_PROSE: readonly RegExp[] = [
  /[\p{L}\p{N}_-]+(?:\.[\p{L}\p{N}_-]+)*\.(?:pdf|docx?|xlsx?|pptx?|odt|rtf|txt|md|csv|tsv|json|xml|html?|tex|bib|ris|zip|png|jpe?g|gif|svg|py|js|ts|tsx|jsx|java|cpp|rs|go|rb|sh|ya?ml|toml|ipynb|sql)\b/giu,
  /(?:~|\.{1,2})?(?:\/[\p{L}\p{N}._-]+){2,}\/?|\b[A-Z]:\\[^\s]+/gu,
  /(?:\p{L}{1,4}\.){2,}/gu,
  /(?<![\p{L}\p{N}])@[\p{L}\p{N}_]+/gu,
];

// Letters, marks and digits (a word with digits is found, then left alone), joined by inner apostrophes
// (straight or typographic) and hyphens; a trailing apostrophe belongs to the word ("po'", "presidents'").
const PART = String.raw`[\p{L}\p{M}\p{N}_]+(?:['’][\p{L}\p{M}\p{N}_]+)*`;
const WORD = new RegExp(`${PART}(?:-${PART})*['’]?`, 'gu');

/** The words of a text that a dictionary should judge, in text order. */
export function spellingWords(text: string): SpellingWord[] {
  const prose = blankOut(blankSpans(text, academicSpans(text)), NOT_PROSE);
  const words: SpellingWord[] = [];
  for (const match of prose.matchAll(WORD)) {
    const start = match.index;
    // In 'quoted' words the closing quote is not part of the word.
    const word = /['‘]/u.test(text[start - 1] ?? '') ? match[0].replace(/['’]$/u, '') : match[0];
    const end = start + word.length;
    if (!word || /[\p{N}_]/u.test(word) || isInitial(word, text[end])) continue;
    words.push({ text: word, start, end });
  }
  return words;
}

/** Replaces each match with spaces of the same length, so offsets stay those of the original text. */
function blankOut(text: string, patterns: readonly RegExp[]): string {
  let result = text;
  for (const pattern of patterns) result = result.replace(pattern, (found) => ' '.repeat(found.length));
  return result;
}

/** "J." in "J. Smith" or "Smith, J.", and a capital alone ("Appendix B", "type A"). */
function isInitial(word: string, next: string | undefined): boolean {
  if ([...word].length !== 1) return false;
  return next === '.' || word !== word.toLowerCase();
}
