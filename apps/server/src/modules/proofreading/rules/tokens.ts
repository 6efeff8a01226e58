import type { LocaleCode } from '@quire/contracts';

export type TokenKind = 'word' | 'number' | 'punct';

export type Token = {
  text: string;
  /** UTF-16 offsets into the text. */
  start: number;
  end: number;
  kind: TokenKind;
  /** Whether whitespace separates it from the token before. */
  spaceBefore: boolean;
  /** First token of the text, of a paragraph, or after . ! ? … */
  sentenceStart: boolean;
};

// A word: letters with inner apostrophes and hyphenated parts ("don't", "au-delà", "BTW-vrij"), and a
// trailing apostrophe ("presidents'", Italian "e'"). Numbers keep their separators. Anything else that is
// not a space is one punctuation token.
const WORD = String.raw`[\p{L}\p{M}]+(?:['’][\p{L}\p{M}]+)*(?:-[\p{L}\p{M}\p{N}]+)*['’]?`;
const NUMBER = String.raw`\p{N}+(?:[.,]\p{N}+)*`;
// French and Italian elide an article or pronoun into the next word ("l'homme", "qual'è"): the elided part
// is its own token so rules can see the word after it.
const ELIDED = String.raw`[\p{L}]+['’](?=[\p{L}])`;

const PLAIN_PATTERN = new RegExp(`(${WORD})|(${NUMBER})|([^\\s])`, 'gu');
const ELIDING_PATTERN = new RegExp(`(${ELIDED})|(${WORD})|(${NUMBER})|([^\\s])`, 'gu');
const ELIDING_LANGUAGES: ReadonlySet<LocaleCode> = new Set(['fr', 'it']);
const SENTENCE_END = new Set(['.', '!', '?', '…']);

export function tokenize(text: string, language: LocaleCode): Token[] {
  const eliding = ELIDING_LANGUAGES.has(language);
  const pattern = new RegExp(eliding ? ELIDING_PATTERN : PLAIN_PATTERN);
  const tokens: Token[] = [];
  let previous: Token | undefined;
  for (const match of text.matchAll(pattern)) {
    const start = match.index;
    const end = start + match[0].length;
    const gap = previous ? text.slice(previous.end, start) : '';
    const token: Token = {
      text: match[0],
      start,
      end,
      kind: tokenKind(match, eliding),
      spaceBefore: gap.length > 0,
      sentenceStart: !previous || SENTENCE_END.has(previous.text) || /\n\s*\n/.test(gap),
    };
    tokens.push(token);
    previous = token;
  }
  return tokens;
}

function tokenKind(match: RegExpMatchArray, eliding: boolean): TokenKind {
  const groups = eliding ? match.slice(1) : [undefined, ...match.slice(1)];
  if (groups[0] !== undefined || groups[1] !== undefined) return 'word';
  if (groups[2] !== undefined) return 'number';
  return 'punct';
}
