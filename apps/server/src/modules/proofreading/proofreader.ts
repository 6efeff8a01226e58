import { type LocaleCode, type ProofreadingVariant, variantOf } from '@quire/contracts';
import { academicSpans, insideAny } from './academic-text';
import type { CheckerIssue, GrammarChecker } from './checker-types';
import { createHarperChecker } from './grammar/harper-checker';
import { rulesFor } from './rules/rule-files';
import { createHunspellDictionaries } from './spelling/hunspell-dictionaries';
import { createSpellChecker, type SpellChecker } from './spelling/spell-checker';

/**
 * The built-in proofreader: Hunspell for spelling, our rule files for grammar and style in every language,
 * and (English) harper.js. Where checkers mark overlapping spans, the more specific one wins: a rule over
 * Hunspell, since a rule knows the context a dictionary does not; Hunspell over harper.js, whose guesses for a
 * word it does not know ("mispelled" → "mi spelled") are worse than Hunspell's suggestions. Issues inside
 * citations, formulas, code and the like (academic-text.ts) are dropped, whichever checker found them.
 */
export type Proofreader = {
  check: (request: {
    text: string;
    language: LocaleCode;
    personalWords?: ReadonlySet<string>;
    /** The variant asked for (English, German); the language's first when absent. */
    variant?: ProofreadingVariant | null;
  }) => Promise<ProofreaderResult>;
};

/** The issues, and the variant the text was checked in (null for a language without variants). */
export type ProofreaderResult = { issues: CheckerIssue[]; variant: ProofreadingVariant | null };

export type ProofreaderParts = {
  spelling: SpellChecker;
  /** Extra grammar checkers per language, e.g. harper.js for English. */
  grammar?: Partial<Record<LocaleCode, GrammarChecker>>;
};

export function createProofreader({ spelling, grammar = {} }: ProofreaderParts): Proofreader {
  return {
    async check({ text, language, personalWords = new Set(), variant }) {
      const checkedIn = await spelling.variantOf(text, language, variantOf(language, variant));
      const lexicon = await spelling.lexicon(language, checkedIn);
      const [spellingIssues, extra] = await Promise.all([
        spelling.check(text, language, personalWords, checkedIn),
        grammar[language]?.check(text) ?? Promise.resolve([]),
      ]);
      const ruleIssues = rulesFor(language).check(text, lexicon);
      const skipped = academicSpans(text);
      const issues = preferSpecific(preferSpecific(ruleIssues, spellingIssues), extra).filter(
        (issue) => !insideAny(skipped, issue.offset, issue.length),
      );
      return { issues, variant: checkedIn };
    },
  };
}

/**
 * The built-in checkers in this thread: Hunspell in every language and harper.js for English. `warm()` loads
 * all twelve dictionaries and harper.js now (about 15 s, most of it harper's first sentence) instead of in
 * a user's first request.
 */
export function createBuiltinProofreader(): Proofreader & { warm: () => Promise<void> } {
  const dictionaries = createHunspellDictionaries();
  const harper = createHarperChecker();
  const proofreader = createProofreader({ spelling: createSpellChecker(dictionaries), grammar: { en: harper } });
  return {
    check: proofreader.check,
    warm: async () => {
      await Promise.all([dictionaries.warm(), harper.warm()]);
    },
  };
}

/** Keeps every specific issue and the general ones none of them overlaps, in text order. */
export function preferSpecific(specific: CheckerIssue[], general: CheckerIssue[]): CheckerIssue[] {
  const kept = [...specific];
  for (const issue of general) {
    if (!kept.some((other) => overlaps(issue, other))) kept.push(issue);
  }
  return kept.sort((a, b) => a.offset - b.offset || a.length - b.length);
}

export function overlaps(
  a: Pick<CheckerIssue, 'offset' | 'length'>,
  b: Pick<CheckerIssue, 'offset' | 'length'>,
): boolean {
  return a.offset < b.offset + b.length && b.offset < a.offset + a.length;
}
