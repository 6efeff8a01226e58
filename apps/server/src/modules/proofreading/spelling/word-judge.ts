import type { LocaleCode } from '@quire/contracts';
import type { PersonalWords } from './personal-words';
import { straightApostrophes } from './personal-words';
import type { SpellingWord } from './spelling-words';

type Dictionary = { spell: (word: string) => boolean };

// Elided articles, prepositions and pronouns the dictionaries know only joined to some words (the Italian
// one has "dell'anno" but not "dell'" alone, and only for words carrying its elision flag): when the joined
// form is unknown, the word after the apostrophe is judged on its own.
const ELISIONS: Partial<Record<LocaleCode, ReadonlySet<string>>> = {
  fr: new Set(
    ['l', 'd', 'j', 'm', 'n', 's', 't', 'c', 'qu', 'jusqu', 'lorsqu', 'puisqu', 'quoiqu', 'presqu'].map(
      (prefix) => `${prefix}'`,
    ),
  ),
  it: new Set(
    [
      ...['l', 'un', 'all', 'dall', 'dell', 'nell', 'sull', 'coll', 'quest', 'quell', 'bell', 'sant', 'tutt'],
      ...['c', 'd', 'm', 't', 's', 'v', 'n', 'anch', 'nessun', 'qualcun', 'buon', 'grand', 'mezz', 'senz'],
    ].map((prefix) => `${prefix}'`),
  ),
};

// Italian ends words with an apostrophe ("po'", "va'") and the dictionary knows which; elsewhere an ending
// apostrophe is a plural possessive ("presidents'") or a closing quote and the word is judged without it.
const ENDING_APOSTROPHES: ReadonlySet<LocaleCode> = new Set(['it']);

// "geht's", "gibt's": German writes the elided "es" after an apostrophe, which the dictionary lacks.
const CLITICS: Partial<Record<LocaleCode, RegExp>> = { de: /'s$/u };

/**
 * The parts of a word the dictionary and the personal words do not accept, as spans to flag: none for a
 * known word; for a hyphenated compound the whole is tried first, then each part; an elided article is
 * tried joined first, then the word after it.
 */
export function unknownParts(
  word: SpellingWord,
  language: LocaleCode,
  dictionary: Dictionary,
  personal: PersonalWords,
): SpellingWord[] {
  const judge = (text: string) => isKnown(text, language, dictionary, personal);
  if (judge(word.text)) return [];
  const withoutTrailing = word.text.replace(/['’]$/u, '');
  if (withoutTrailing !== word.text && !ENDING_APOSTROPHES.has(language))
    return unknownParts(shrink(word, withoutTrailing), language, dictionary, personal);

  const elided = elisionOf(word.text, language);
  if (elided) return unknownParts(after(word, elided.length), language, dictionary, personal);

  const parts = hyphenatedParts(word);
  if (parts.length > 1) return parts.flatMap((part) => unknownParts(part, language, dictionary, personal));
  return [word];
}

function isKnown(text: string, language: LocaleCode, dictionary: Dictionary, personal: PersonalWords): boolean {
  if (personal.has(text)) return true;
  const plain = straightApostrophes(text);
  if (dictionary.spell(plain)) return true;
  const clitic = CLITICS[language];
  if (clitic?.test(plain) && dictionary.spell(plain.replace(clitic, ''))) return true;
  return isAcronym(plain, dictionary);
}

/**
 * Capitals of two to five letters that the dictionary knows in no case (DNA is known, fMRI and LLM are not):
 * an acronym, not a misspelling. One it knows in lower case ("BTW" for Dutch "btw") is still flagged.
 */
function isAcronym(word: string, dictionary: Dictionary): boolean {
  if (!/^\p{Lu}{2,5}$/u.test(word)) return false;
  const lower = word.toLowerCase();
  return !dictionary.spell(lower) && !dictionary.spell(lower.charAt(0).toUpperCase() + lower.slice(1));
}

function elisionOf(text: string, language: LocaleCode): string | undefined {
  const match = /^[\p{L}]+['’](?=\p{L})/u.exec(text);
  if (!match) return undefined;
  return ELISIONS[language]?.has(straightApostrophes(match[0]).toLowerCase()) ? match[0] : undefined;
}

function hyphenatedParts(word: SpellingWord): SpellingWord[] {
  const parts: SpellingWord[] = [];
  let start = word.start;
  for (const text of word.text.split('-')) {
    if (text) parts.push({ text, start, end: start + text.length });
    start += text.length + 1;
  }
  return parts;
}

function shrink(word: SpellingWord, text: string): SpellingWord {
  return { text, start: word.start, end: word.start + text.length };
}

function after(word: SpellingWord, length: number): SpellingWord {
  return { text: word.text.slice(length), start: word.start + length, end: word.end };
}
