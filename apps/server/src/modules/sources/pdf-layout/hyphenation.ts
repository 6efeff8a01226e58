const HYPHEN_AT_END = /(\S*?)(\p{L}+)[-\u2010]$/u;
const SOFT_HYPHEN_AT_END = /\u00ad$/;

/** First parts that make compounds, not syllables: "self-aware" stays hyphenated across a line end. */
const COMPOUND_FIRST = new Set(['self', 'well', 'cross', 'half', 'non']);
/** Second parts that make compounds: "trace-based", "domain-specific". */
const COMPOUND_SECOND =
  /^(based|driven|aware|specific|related|oriented|dependent|independent|scale|level|free|friendly|grained|order|art|like|wide|defined|made|sized)\b/;

/**
 * Whether the hyphen ending `line` is a real one to keep before `next`: the next word starts with a capital or a
 * digit ("Jean-Pierre", "COVID-19"), the word already holds a hyphen ("state-of-the-art"), or the parts read as a
 * compound ("self-attention", "trace-based").
 */
function keepsHyphen(word: string, part: string, next: string): boolean {
  if (!/^\p{Ll}/u.test(next)) return true;
  if (/[-\u2010]/u.test(word)) return true;
  return COMPOUND_FIRST.has(part.toLowerCase()) || (part.length >= 3 && COMPOUND_SECOND.test(next));
}

/** Appends `next` to `text`, undoing a hyphenation at the end of `text` unless the hyphen is a real one. */
function joinTwo(text: string, next: string): string {
  if (SOFT_HYPHEN_AT_END.test(text)) return `${text.slice(0, -1)}${next}`;
  const hyphenated = HYPHEN_AT_END.exec(text.slice(text.lastIndexOf(' ') + 1));
  if (!hyphenated || !next) return next ? `${text} ${next}` : text;
  const [, before = '', part = ''] = hyphenated;
  if (keepsHyphen(`${before}${part}`, part, next)) return `${text}${next}`;
  return `${text.slice(0, -1)}${next}`;
}

/** The lines of a block as one text: joined by spaces, words hyphenated at line ends joined again ("intro-" "duction"). */
export function joinLines(lines: readonly string[]): string {
  let text = '';
  for (const raw of lines) {
    const line = raw.trim();
    if (!line) continue;
    text = text ? joinTwo(text, line) : line;
  }
  return text;
}

/** A block that ends in a word hyphenated at its last line, whose rest opens the next block (a column or page break). */
const ENDS_HYPHENATED = /\p{L}[-\u2010\u00ad]$/u;

/**
 * Blocks' texts one a line, a word hyphenated across two of them (at the foot of a column, the rest at the top of
 * the next) joined as within a block.
 */
export function joinBlocks(texts: readonly string[]): string {
  let joined = '';
  for (const text of texts) {
    if (!joined) joined = text;
    else if (ENDS_HYPHENATED.test(joined) && /^\p{Ll}/u.test(text)) joined = joinLines([joined, text]);
    else joined = `${joined}\n${text}`;
  }
  return joined;
}
