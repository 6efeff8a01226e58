import type { LocaleCode } from '@quire/contracts';
import type { CheckerIssue, Lexicon } from '../checker-types';
import type { HunspellDictionaries } from './hunspell-dictionaries';
import { personalWordMatcher } from './personal-words';
import { type SpellingWord, spellingWords } from './spelling-words';
import { createSuggester } from './suggestions';
import { unknownParts } from './word-judge';

/** Hunspell over a text's words: unknown words become spelling issues with Hunspell's suggestions. */
export type SpellChecker = {
  check: (text: string, language: LocaleCode, personalWords: ReadonlySet<string>) => Promise<CheckerIssue[]>;
  lexicon: (language: LocaleCode) => Promise<Lexicon>;
};

/** How long one check may spend on suggestions, so a long text with many unknown words still answers fast. */
export const SUGGESTION_BUDGET_MS = 400;

export function createSpellChecker(dictionaries: HunspellDictionaries): SpellChecker {
  const suggester = createSuggester(dictionaries);
  return {
    async lexicon(language) {
      const hunspell = await dictionaries.get(language);
      return { isWord: (word) => hunspell.spell(word) };
    },
    async check(text, language, personalWords) {
      const [dictionary] = await Promise.all([dictionaries.get(language), dictionaries.quick(language)]);
      // The budget counts suggestion work only: loading a dictionary on a cold start is not a reason to
      // leave the first text's words without suggestions.
      const deadline = performance.now() + SUGGESTION_BUDGET_MS;
      const personal = personalWordMatcher(personalWords);
      const unknown = spellingWords(text).flatMap((word) => unknownParts(word, language, dictionary, personal));
      const suggestions = new Map<string, string[]>();
      for (const word of unknown) {
        if (!suggestions.has(word.text)) {
          suggestions.set(word.text, await suggester.suggest(language, word.text, deadline));
        }
      }
      return unknown.map((word) => spellingIssue(word, suggestions.get(word.text) ?? []));
    },
  };
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
