import { LocaleCode, ProofreadingKind } from '@quire/contracts';
import { z } from 'zod';

/**
 * The format of our grammar and style rule files (`rules/{language}.rules.json`): data, not code. A rule
 * matches either a sequence of tokens (`pattern`) or the raw text (`regex`, for spacing and punctuation),
 * marks a span, and proposes suggestions built from templates. Every rule carries its own examples, which
 * the tests run: each `incorrect` sentence must be flagged by this rule and, with the first suggestion
 * applied, become `correct`; each `correct` sentence alone must not be flagged by it.
 *
 * Suggestion templates: `{n}` is the text of the n-th pattern token (1-based) or, in a regex rule, capture
 * group n (`{0}` the whole match); `{n|capitalize}`, `{n|lower}`, `{n|upper}` change its case. A suggestion
 * takes the case of the marked text's first letter unless the rule sets `keepCase: false`. `{n|map}` looks the
 * part up (in lower case) in the rule's `map`, so one rule can cover a list of confusions ("numero" → "número").
 * `{n|suffix:OLD:NEW}` replaces the part's ending OLD with NEW ("aplico" → "aplicó" with `suffix:o:ó`); with
 * `suggestionLexicon` a suggestion is kept only when each of its words passes that test, and a match with no
 * suggestion left is no issue, so a rule can propose a form and let the dictionary say whether it exists.
 */

/**
 * Hunspell's view of a token: `known`/`unknown` as written; `capitalizedKnown` when the token with its first
 * letter upper-cased is a word (a German noun written small); `lowercaseKnown`/`lowercaseUnknown` when the
 * token in lower case is (not) a word.
 */
export const LexiconTest = z.enum(['known', 'unknown', 'capitalizedKnown', 'lowercaseKnown', 'lowercaseUnknown']);
export type LexiconTest = z.infer<typeof LexiconTest>;

const WordList = z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]);

export const TokenMatcher = z
  .object({
    /** The token is one of these words (case-insensitive unless `caseSensitive`). */
    word: WordList.optional(),
    /** The token matches this regular expression as a whole (Unicode; case-insensitive unless `caseSensitive`). */
    regex: z.string().min(1).optional(),
    /** The token is none of these words (case-insensitive). */
    not: WordList.optional(),
    /** The token does not match this regular expression. */
    notRegex: z.string().min(1).optional(),
    caseSensitive: z.boolean().default(false),
    /** The token's letter case: all lower, first letter upper (the rest not all upper), or all upper. */
    case: z.enum(['lower', 'capitalized', 'upper']).optional(),
    kind: z.enum(['word', 'number', 'punct']).optional(),
    /**
     * Hunspell's view of the token: `known`/`unknown` as written; `capitalizedKnown` when the token with its
     * first letter upper-cased is a word (a German noun written small); `lowercaseUnknown` when the token in
     * lower case is not a word.
     */
    lexicon: LexiconTest.optional(),
    /** The token starts a sentence (true) or does not (false). */
    sentenceStart: z.boolean().optional(),
    /** Whitespace before the token (true) or none (false). */
    spaceBefore: z.boolean().optional(),
    /** The token is the same word as pattern token n (1-based), ignoring case: repeated words. */
    sameAs: z.number().int().positive().optional(),
    /** The token may be absent. */
    optional: z.boolean().default(false),
    /** Part of the span the rule marks and its suggestions replace; with no marked token, the whole match. */
    mark: z.boolean().default(false),
  })
  .strict();
export type TokenMatcher = z.infer<typeof TokenMatcher>;

const Example = z.union([
  z.object({ incorrect: z.string().min(1), correct: z.string().min(1) }).strict(),
  z.object({ correct: z.string().min(1) }).strict(),
]);

const RuleBase = {
  /** Stable id, upper snake case, prefixed with the language ("DE_DAS_DASS") or ALL for the common file. */
  id: z.string().regex(/^[A-Z]+_[A-Z0-9_]+$/),
  kind: ProofreadingKind,
  /** A key under `proofreading:rules.` in every locale; it gets `found` and `suggestion` as parameters. */
  message: z.string().regex(/^[a-z_]+$/),
  suggestions: z.array(z.string()).default([]),
  keepCase: z.boolean().default(true),
  /** Word → replacement for `{n|map}` in suggestions; a part not in the map stays as it is. */
  map: z.record(z.string(), z.string()).optional(),
  /** Each word of a suggestion must pass this test (usually `known`); suggestions that do not are dropped. */
  suggestionLexicon: LexiconTest.optional(),
  examples: z.array(Example).min(2),
};

export const PatternRule = z.object({ ...RuleBase, pattern: z.array(TokenMatcher).min(1) }).strict();
export const RegexRule = z
  .object({
    ...RuleBase,
    regex: z.string().min(1),
    caseSensitive: z.boolean().default(false),
    /** The capture group the rule marks and replaces; 0 (the whole match) by default. */
    markGroup: z.number().int().nonnegative().default(0),
    /** The marked text must also pass this test (e.g. `lowercaseKnown`, so names keep their capital). */
    markedLexicon: LexiconTest.optional(),
  })
  .strict();
export const Rule = z.union([PatternRule, RegexRule]);
export type PatternRule = z.infer<typeof PatternRule>;
export type RegexRule = z.infer<typeof RegexRule>;
export type Rule = z.infer<typeof Rule>;

/** A language's rules, or (`all`) rules every language shares, such as repeated words. */
export const RuleFile = z.object({ language: z.union([LocaleCode, z.literal('all')]), rules: z.array(Rule) }).strict();
export type RuleFile = z.infer<typeof RuleFile>;
