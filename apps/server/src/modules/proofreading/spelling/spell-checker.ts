import { type LocaleCode, PROOFREADING_VARIANTS, type ProofreadingVariant } from '@quire/contracts';
import type { CheckerIssue, Lexicon } from '../checker-types';
import type { DictionaryName, HunspellDictionaries } from './hunspell-dictionaries';
import { probableName } from './names';
import { personalWordMatcher } from './personal-words';
import { type SpellingWord, spellingWords } from './spelling-words';
import { createSuggester } from './suggestions';
import { unknownParts } from './word-judge';

/**
 * Hunspell over a text's words: unknown words become spelling issues with Hunspell's suggestions. In a language
 * with variants (English, German) the text is checked in the variant given; a word only another variant knows
 * ("colour" in American English) is a style note about mixing, not a misspelling.
 */
export type SpellChecker = {
  check: (
    text: string,
    language: LocaleCode,
    personalWords: ReadonlySet<string>,
    variant?: ProofreadingVariant | null,
  ) => Promise<CheckerIssue[]>;
  lexicon: (language: LocaleCode, variant?: ProofreadingVariant | null) => Promise<Lexicon>;
  /**
   * The variant a text is consistently written in: the one asked for, unless another explains more of the
   * words the asked-for one does not know than it loses. Null in a language without variants.
   */
  variantOf: (
    text: string,
    language: LocaleCode,
    asked: ProofreadingVariant | null,
  ) => Promise<ProofreadingVariant | null>;
};

// Austrian and Swiss German are compared with only when one of them is asked for: loading their dictionaries for
// every German check would cost a cold thread a second or more, and a German text rarely mixes them.
const ON_REQUEST_ONLY: ReadonlySet<ProofreadingVariant> = new Set(['de-AT', 'de-CH']);

function comparedWith(language: LocaleCode, asked: ProofreadingVariant): ProofreadingVariant[] {
  return (PROOFREADING_VARIANTS[language] ?? []).filter(
    (other) => other !== asked && (!ON_REQUEST_ONLY.has(other) || ON_REQUEST_ONLY.has(asked)),
  );
}

/** How long one check may spend on suggestions, so a long text with many unknown words still answers fast. */
export const SUGGESTION_BUDGET_MS = 400;

export function createSpellChecker(dictionaries: HunspellDictionaries): SpellChecker {
  const suggester = createSuggester(dictionaries);
  const dictionaryOf = (language: LocaleCode, variant?: ProofreadingVariant | null): DictionaryName =>
    variant && PROOFREADING_VARIANTS[language]?.includes(variant) ? variant : language;
  return {
    async lexicon(language, variant) {
      const hunspell = await dictionaries.get(dictionaryOf(language, variant));
      return { isWord: (word) => hunspell.spell(word) };
    },
    async variantOf(text, language, asked) {
      const variants = PROOFREADING_VARIANTS[language];
      if (!variants || !asked) return null;
      const words = [...new Set(spellingWords(text).map((word) => word.text))];
      const askedDictionary = await dictionaries.get(asked);
      const unknown = words.filter((word) => !askedDictionary.spell(word));
      let best: { variant: ProofreadingVariant; margin: number } = { variant: asked, margin: 0 };
      // A text whose words the asked-for dictionary knows (nearly) all of is in that variant.
      if (unknown.length < 2) return asked;
      for (const variant of comparedWith(language, asked)) {
        const other = await dictionaries.get(variant);
        const gained = unknown.filter((word) => other.spell(word)).length;
        // Most texts give no other variant two words: the costlier count of what it would lose is then spared.
        if (gained < 2 || gained <= best.margin) continue;
        const lost = words.filter((word) => !other.spell(word) && askedDictionary.spell(word)).length;
        if (gained - lost >= 2 && gained - lost > best.margin) best = { variant, margin: gained - lost };
      }
      return best.variant;
    },
    async check(text, language, personalWords, variant) {
      const name = dictionaryOf(language, variant);
      const [dictionary] = await Promise.all([dictionaries.get(name), dictionaries.quick(name)]);
      const personal = personalWordMatcher(personalWords);
      const unknown = spellingWords(text)
        .flatMap((word) => unknownParts(word, language, dictionary, personal))
        .filter((word) => !probableName(word, text, language, dictionary));
      // The other variants' dictionaries are needed (and loaded) only when some word is unknown.
      const others =
        variant && unknown.length > 0
          ? await Promise.all(comparedWith(language, variant).map((other) => dictionaries.get(other)))
          : [];
      // The budget counts suggestion work only: loading a dictionary on a cold start is not a reason to
      // leave the first text's words without suggestions.
      const deadline = performance.now() + SUGGESTION_BUDGET_MS;
      const suggestions = new Map<string, string[]>();
      const issues: CheckerIssue[] = [];
      for (const word of unknown) {
        if (!suggestions.has(word.text)) {
          suggestions.set(word.text, await suggester.suggest(name, word.text, deadline));
        }
        const found = suggestions.get(word.text) ?? [];
        const otherVariant = others.some((other) => other.spell(word.text));
        if (otherVariant) {
          issues.push(variantIssue(word, [...counterparts(word.text, dictionary), ...found]));
          continue;
        }
        if (language === 'de' && isCapitalised(word.text) && !closeSuggestion(word.text, found)) continue;
        issues.push(spellingIssue(word, found));
      }
      return issues;
    },
  };
}

function isCapitalised(word: string): boolean {
  const first = word.charAt(0);
  return first !== first.toLowerCase() && word !== word.toUpperCase();
}

/**
 * German writes nouns with a capital, so a capitalised unknown word is a name or a misspelt noun: it is taken
 * for a misspelling only when Hunspell's first suggestion is one edit away ("Aspeckt" → "Aspekt").
 */
function closeSuggestion(word: string, suggestions: string[]): boolean {
  const first = suggestions[0];
  return first !== undefined && editDistance(word.toLowerCase(), first.toLowerCase()) <= 1;
}

/** Damerau–Levenshtein distance (adjacent swaps count as one edit), stopping early above 2. */
export function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2) return 3;
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const row = rows[i] as number[];
      const above = rows[i - 1] as number[];
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min((above[j] as number) + 1, (row[j - 1] as number) + 1, (above[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, ((rows[i - 2] as number[])[j - 2] as number) + 1);
      }
      row[j] = best;
    }
  }
  return (rows[a.length] as number[])[b.length] as number;
}

function spellingIssue(word: SpellingWord, suggestions: string[]): CheckerIssue {
  return {
    offset: word.start,
    length: word.end - word.start,
    kind: 'spelling',
    message: {
      key: suggestions.length ? 'spelling.unknown' : 'spelling.unknown_no_suggestion',
      params: { found: word.text },
    },
    suggestions,
    rule: 'HUNSPELL',
    origin: 'hunspell',
  };
}

// How British and American English (and Swiss and German) spellings differ, both ways round: the first
// rewrites the dictionary knows are the word in the text's variant ("programme" → "program", not "programmer").
const VARIANT_ENDINGS: readonly [RegExp, string][] = [
  [/our(s|ed|ing|ite|ites|able)?$/u, 'or$1'],
  [/or(s|ed|ing|ite|ites|able)?$/u, 'our$1'],
  [/is(e|es|ed|ing|ation|ations|er|ers)$/u, 'iz$1'],
  [/iz(e|es|ed|ing|ation|ations|er|ers)$/u, 'is$1'],
  [/ys(e|es|ed|ing)$/u, 'yz$1'],
  [/yz(e|es|ed|ing)$/u, 'ys$1'],
  [/tre(s)?$/u, 'ter$1'],
  [/ter(s)?$/u, 'tre$1'],
  [/mme(s)?$/u, 'm$1'],
  [/([aeiou])ll(ed|ing|er|ers)$/u, '$1l$2'],
  [/([aeiou])l(ed|ing|er|ers)$/u, '$1ll$2'],
  [/ogue(s)?$/u, 'og$1'],
  [/og(s)?$/u, 'ogue$1'],
  [/ence(s)?$/u, 'ense$1'],
  [/ense(s)?$/u, 'ence$1'],
  [/ae/u, 'e'],
  [/oe/u, 'e'],
  [/ageing$/u, 'aging'],
  [/aging$/u, 'ageing'],
  [/grey/u, 'gray'],
  [/gray/u, 'grey'],
  [/ß/gu, 'ss'],
  [/ss/gu, 'ß'],
];

function counterparts(word: string, dictionary: { spell: (word: string) => boolean }): string[] {
  const found = VARIANT_ENDINGS.map(([pattern, replacement]) => word.replace(pattern, replacement)).filter(
    (candidate) => candidate !== word && dictionary.spell(candidate),
  );
  return [...new Set(found)];
}

/** A word spelt as another variant of the language spells it: a style note, the text's variant suggested. */
function variantIssue(word: SpellingWord, suggestions: string[]): CheckerIssue {
  return {
    offset: word.start,
    length: word.end - word.start,
    kind: 'style',
    message: { key: 'spelling.other_variant', params: { found: word.text, suggestion: suggestions[0] ?? '' } },
    suggestions: [...new Set(suggestions)].slice(0, 5),
    rule: 'VARIANT_MIX',
    origin: 'hunspell',
  };
}
