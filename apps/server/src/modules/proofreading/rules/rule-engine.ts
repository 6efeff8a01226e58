import type { LocaleCode } from '@quire/contracts';
import type { CheckerIssue, Lexicon } from '../checker-types';
import type { LexiconTest, PatternRule, RegexRule, Rule, TokenMatcher } from './rule-format';
import { type Token, tokenize } from './tokens';

/**
 * Runs a language's rule file over a text. Rules are compiled once (regular expressions, word sets) and
 * pattern rules are indexed by the words their first token can be, so a text is read once per rule family
 * rather than once per rule. When two rules mark overlapping spans the earlier rule in the file wins.
 */
export type CompiledRules = { language: LocaleCode; check: (text: string, lexicon: Lexicon) => CheckerIssue[] };

type TokenTest = (token: Token, lexicon: Lexicon) => boolean;
type CompiledMatcher = { test: TokenTest; optional: boolean; mark: boolean; sameAs: number | undefined };
type CompiledPattern = { rule: PatternRule; order: number; matchers: CompiledMatcher[] };
type CompiledRegex = { rule: RegexRule; order: number; regex: RegExp };
type Found = CheckerIssue & { order: number };

/** A language's own rules followed by the common ones. */
export type RuleSet = { language: LocaleCode; rules: readonly Rule[] };

export function compileRules(file: RuleSet): CompiledRules {
  const language = file.language;
  const byFirstWord = new Map<string, CompiledPattern[]>();
  const unindexed: CompiledPattern[] = [];
  const regexRules: CompiledRegex[] = [];
  file.rules.forEach((rule, order) => {
    if ('regex' in rule) {
      regexRules.push({ rule, order, regex: new RegExp(rule.regex, rule.caseSensitive ? 'gud' : 'giud') });
      return;
    }
    const compiled = { rule, order, matchers: rule.pattern.map(compileMatcher) };
    const first = rule.pattern[0];
    const words = first && !first.optional && first.word !== undefined ? wordList(first.word) : undefined;
    if (!words) {
      unindexed.push(compiled);
      return;
    }
    for (const word of words) {
      const key = word.toLowerCase();
      byFirstWord.set(key, [...(byFirstWord.get(key) ?? []), compiled]);
    }
  });

  return {
    language: file.language,
    check(text, lexicon) {
      const tokens = tokenize(text, language);
      const found: Found[] = [];
      tokens.forEach((token, index) => {
        for (const compiled of [...(byFirstWord.get(token.text.toLowerCase()) ?? []), ...unindexed]) {
          const issue = matchPattern(compiled, tokens, index, text, lexicon);
          if (issue) found.push(issue);
        }
      });
      for (const compiled of regexRules) found.push(...matchRegex(compiled, text, lexicon));
      return withoutOverlaps(found);
    },
  };
}

function compileMatcher(matcher: TokenMatcher): CompiledMatcher {
  const tests: TokenTest[] = [];
  const flags = matcher.caseSensitive ? 'u' : 'iu';
  if (matcher.word !== undefined) {
    const words = new Set(wordList(matcher.word).map((word) => (matcher.caseSensitive ? word : word.toLowerCase())));
    tests.push((token) => words.has(matcher.caseSensitive ? token.text : token.text.toLowerCase()));
  }
  if (matcher.regex !== undefined) {
    const regex = new RegExp(`^(?:${matcher.regex})$`, flags);
    tests.push((token) => regex.test(token.text));
  }
  if (matcher.not !== undefined) {
    const excluded = new Set(wordList(matcher.not).map((word) => word.toLowerCase()));
    tests.push((token) => !excluded.has(token.text.toLowerCase()));
  }
  if (matcher.notRegex !== undefined) {
    const regex = new RegExp(`^(?:${matcher.notRegex})$`, flags);
    tests.push((token) => !regex.test(token.text));
  }
  if (matcher.case) {
    const shape = matcher.case;
    tests.push((token) => caseShape(token.text) === shape);
  }
  if (matcher.kind) {
    const kind = matcher.kind;
    tests.push((token) => token.kind === kind);
  }
  if (matcher.lexicon) tests.push(lexiconTest(matcher.lexicon));
  if (matcher.sentenceStart !== undefined) {
    const expected = matcher.sentenceStart;
    tests.push((token) => token.sentenceStart === expected);
  }
  if (matcher.spaceBefore !== undefined) {
    const expected = matcher.spaceBefore;
    tests.push((token) => token.spaceBefore === expected);
  }
  return {
    test: (token, lexicon) => tests.every((test) => test(token, lexicon)),
    optional: matcher.optional,
    mark: matcher.mark,
    sameAs: matcher.sameAs,
  };
}

function lexiconTest(kind: LexiconTest): TokenTest {
  return (token, lexicon) => passesLexicon(kind, token.text, lexicon);
}

function passesLexicon(kind: LexiconTest, word: string, lexicon: Lexicon): boolean {
  switch (kind) {
    case 'known':
      return lexicon.isWord(word);
    case 'unknown':
      return !lexicon.isWord(word);
    case 'capitalizedKnown':
      return lexicon.isWord(capitalize(word));
    case 'lowercaseKnown':
      return lexicon.isWord(word.toLowerCase());
    case 'lowercaseUnknown':
      return !lexicon.isWord(word.toLowerCase());
  }
}

/** Matches a pattern starting at `start`; optional matchers may be skipped (first try with the token). */
function matchPattern(
  compiled: CompiledPattern,
  tokens: Token[],
  start: number,
  text: string,
  lexicon: Lexicon,
): Found | undefined {
  const bound = bindMatchers(compiled.matchers, tokens, start, lexicon, 0, []);
  if (!bound) return undefined;
  const present = bound.filter((entry): entry is { matcher: CompiledMatcher; token: Token } => entry.token !== null);
  const firstToken = present[0];
  if (!firstToken) return undefined;
  const marked = present.filter((entry) => entry.matcher.mark);
  const span = marked.length > 0 ? marked : present;
  const spanStart = span[0]?.token.start ?? firstToken.token.start;
  const spanEnd = span.at(-1)?.token.end ?? firstToken.token.end;
  const parts = bound.map((entry) => entry.token?.text ?? '');
  return issueFor(compiled.rule, compiled.order, text, spanStart, spanEnd, parts, lexicon);
}

type Bound = { matcher: CompiledMatcher; token: Token | null };

function bindMatchers(
  matchers: CompiledMatcher[],
  tokens: Token[],
  position: number,
  lexicon: Lexicon,
  index: number,
  bound: Bound[],
): Bound[] | undefined {
  const matcher = matchers[index];
  if (!matcher) return bound;
  const token = tokens[position];
  if (token && matcher.test(token, lexicon) && isSameAsRequired(matcher, token, bound)) {
    const taken = bindMatchers(matchers, tokens, position + 1, lexicon, index + 1, [...bound, { matcher, token }]);
    if (taken) return taken;
  }
  if (!matcher.optional) return undefined;
  return bindMatchers(matchers, tokens, position, lexicon, index + 1, [...bound, { matcher, token: null }]);
}

function isSameAsRequired(matcher: CompiledMatcher, token: Token, bound: Bound[]): boolean {
  if (matcher.sameAs === undefined) return true;
  const other = bound[matcher.sameAs - 1]?.token;
  return other !== null && other !== undefined && other.text.toLowerCase() === token.text.toLowerCase();
}

function matchRegex(compiled: CompiledRegex, text: string, lexicon: Lexicon): Found[] {
  const found: Found[] = [];
  for (const match of text.matchAll(compiled.regex)) {
    const group = match.indices?.[compiled.rule.markGroup];
    if (!group || group[1] <= group[0]) continue;
    const { markedLexicon } = compiled.rule;
    if (markedLexicon && !passesLexicon(markedLexicon, text.slice(group[0], group[1]), lexicon)) continue;
    const parts = match.map((part) => part ?? '');
    const issue = issueFor(compiled.rule, compiled.order, text, group[0], group[1], parts, lexicon, true);
    if (issue) found.push(issue);
  }
  return found;
}

function issueFor(
  rule: Rule,
  order: number,
  text: string,
  start: number,
  end: number,
  parts: string[],
  lexicon: Lexicon,
  zeroBased = false,
): Found | undefined {
  const marked = text.slice(start, end);
  const test = rule.suggestionLexicon;
  const suggestions = rule.suggestions
    .map((template) => {
      const filled = fillTemplate(template, parts, zeroBased, rule.map);
      return rule.keepCase ? matchCase(filled, marked) : filled;
    })
    .filter((suggestion) => suggestion !== marked)
    .filter((suggestion) => !test || suggestion.split(/\s+/u).every((word) => passesLexicon(test, word, lexicon)));
  // A rule whose suggestions must be words finds nothing where none is.
  if (test && suggestions.length === 0) return undefined;
  return {
    order,
    offset: start,
    length: end - start,
    kind: rule.kind,
    message: { key: `rules.${rule.message}`, params: { found: marked, suggestion: suggestions[0] ?? '' } },
    suggestions: [...new Set(suggestions)].filter((suggestion) => suggestion !== marked),
    rule: rule.id,
    origin: 'rules',
  };
}

function fillTemplate(template: string, parts: string[], zeroBased: boolean, map: Record<string, string> = {}): string {
  return template.replace(
    /\{(\d+)(?:\|(capitalize|lower|upper|map|suffix:[^:}]*:[^}]*))?\}/g,
    (_, number: string, change?: string) => {
      const part = parts[zeroBased ? Number(number) : Number(number) - 1] ?? '';
      if (change?.startsWith('suffix:')) return replaceEnding(part, change);
      if (change === 'map') return map[part.toLowerCase()] ?? part;
      if (change === 'capitalize') return capitalize(part);
      if (change === 'lower') return part.toLowerCase();
      if (change === 'upper') return part.toUpperCase();
      return part;
    },
  );
}

/** `suffix:OLD:NEW`: the part's ending OLD becomes NEW ("aplico" → "aplicó"); a part without it stays. */
function replaceEnding(part: string, change: string): string {
  const [, old = '', replacement = ''] = change.split(':');
  return part.toLowerCase().endsWith(old) ? `${part.slice(0, part.length - old.length)}${replacement}` : part;
}

/** A suggestion for "Das" is "Dass", for "das" "dass": the first letter follows the marked text. */
function matchCase(suggestion: string, marked: string): string {
  const first = marked.charAt(0);
  if (first && first === first.toUpperCase() && first !== first.toLowerCase()) return capitalize(suggestion);
  return suggestion;
}

function withoutOverlaps(found: Found[]): CheckerIssue[] {
  const sorted = [...found].sort((a, b) => a.order - b.order || a.offset - b.offset);
  const kept: Found[] = [];
  for (const issue of sorted) {
    const clash = kept.some(
      (other) => issue.offset < other.offset + other.length && other.offset < issue.offset + issue.length,
    );
    if (!clash) kept.push(issue);
  }
  return kept.sort((a, b) => a.offset - b.offset).map(({ order: _order, ...issue }) => issue);
}

function caseShape(word: string): 'lower' | 'capitalized' | 'upper' | 'other' {
  if (word.toLowerCase() === word.toUpperCase()) return 'other';
  if (word === word.toLowerCase()) return 'lower';
  if (word === word.toUpperCase()) return word.length > 1 ? 'upper' : 'capitalized';
  const first = word.charAt(0);
  return first === first.toUpperCase() ? 'capitalized' : 'other';
}

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function wordList(words: string | string[]): string[] {
  return typeof words === 'string' ? [words] : words;
}
