import type { ProofreadingKind } from '@quire/contracts';
import { Dialect, type Lint, LocalLinter, type Suggestion, SuggestionKind } from 'harper.js';
import { binary } from 'harper.js/binary';
import type { CheckerIssue, GrammarChecker } from '../checker-types';

/**
 * English grammar and style from harper.js, run in-process on its WebAssembly binary. Setting the linter up
 * compiles the binary (a few seconds), so it happens once per checker, lazily or at start-up through `warm()`.
 * The binary comes from `harper.js/binary`, which under Node reads the .wasm file beside the package from disk;
 * the inlined variant would decode a 2 MB data URL through `fetch`, which our tests rightly forbid.
 */
export type HarperChecker = GrammarChecker & { warm: () => Promise<void> };

/**
 * Harper's kinds as catalogue keys (`proofreading:harper.<key>`). Hunspell already does spelling, so harper's
 * spelling lints are dropped rather than shown twice.
 *
 * Messages: harper writes one English sentence per lint, but the UI speaks six languages and every catalogue
 * key must carry the same placeholders in each. So each lint kind is a key worded in every locale (English
 * included) with `found` and `suggestion`; harper's own sentence is not shown, which keeps all locales alike.
 */
const KINDS: Record<string, { key: string; kind: ProofreadingKind }> = {
  Agreement: { key: 'agreement', kind: 'grammar' },
  BoundaryError: { key: 'boundary_error', kind: 'grammar' },
  Capitalization: { key: 'capitalization', kind: 'grammar' },
  Eggcorn: { key: 'eggcorn', kind: 'grammar' },
  Enhancement: { key: 'enhancement', kind: 'style' },
  Formatting: { key: 'formatting', kind: 'style' },
  Grammar: { key: 'grammar', kind: 'grammar' },
  Malapropism: { key: 'malapropism', kind: 'grammar' },
  Miscellaneous: { key: 'miscellaneous', kind: 'grammar' },
  Nonstandard: { key: 'nonstandard', kind: 'style' },
  Punctuation: { key: 'punctuation', kind: 'grammar' },
  Readability: { key: 'readability', kind: 'style' },
  Redundancy: { key: 'redundancy', kind: 'style' },
  Regionalism: { key: 'regionalism', kind: 'style' },
  Repetition: { key: 'repetition', kind: 'grammar' },
  Style: { key: 'style', kind: 'style' },
  Typo: { key: 'typo', kind: 'grammar' },
  Usage: { key: 'usage', kind: 'grammar' },
  WordChoice: { key: 'word_choice', kind: 'grammar' },
  WordOrder: { key: 'word_order', kind: 'grammar' },
};
/**
 * harper.js reads text it has not seen at about a millisecond a word (parsing, whatever rules are on), far more
 * than Hunspell and our rules together; so it reads a long text in parts, in order, while a budget lasts, and
 * the parts after it are left to the other checkers. A text of a few hundred words is always read whole.
 */
export const HARPER_BUDGET_MS = 450;
const PART_CHARACTERS = 2_000;

/** The text in parts of about `size` characters, cut after a sentence's end or a line break. */
export function textParts(text: string, size: number): { text: string; start: number }[] {
  const parts: { text: string; start: number }[] = [];
  let start = 0;
  while (start < text.length) {
    let end = Math.min(text.length, start + size);
    if (end < text.length) {
      const window = text.slice(start, end);
      const cut = Math.max(window.lastIndexOf('\n'), ...['. ', '? ', '! '].map((mark) => window.lastIndexOf(mark) + 1));
      if (cut > 0) end = start + cut + 1;
    }
    parts.push({ text: text.slice(start, end), start });
    start = end;
  }
  return parts;
}

const FALLBACK = { key: 'miscellaneous', kind: 'grammar' } as const;
const SKIPPED_KINDS: ReadonlySet<string> = new Set(['Spelling']);

export function createHarperChecker(): HarperChecker {
  let ready: Promise<LocalLinter> | undefined;
  const linter = () => {
    ready ??= setUp();
    return ready;
  };
  return {
    warm: async () => {
      await linter();
    },
    async check(text) {
      const ready = await linter();
      const deadline = performance.now() + HARPER_BUDGET_MS;
      const issues: CheckerIssue[] = [];
      for (const part of textParts(text, PART_CHARACTERS)) {
        if (performance.now() > deadline) break;
        const lints = await ready.lint(part.text, { language: 'plaintext' });
        issues.push(...lints.flatMap((lint) => toIssue(lint, part.start) ?? []));
        // Lints live in WebAssembly memory; freeing them now keeps a long-running server's heap flat.
        for (const lint of lints) lint.free();
      }
      return issues;
    },
  };
}

async function setUp(): Promise<LocalLinter> {
  const linter = new LocalLinter({ binary, dialect: Dialect.American });
  await linter.setup();
  // Hunspell does spelling; harper's own spell check would search suggestions for every word it does not know
  // (names, terms), seconds of CPU on 5,000 new words of a paper, for lints that are dropped anyway.
  await linter.setLintConfig({ ...(await linter.getLintConfig()), SpellCheck: false });
  // setup() lints an empty text; harper loads its dictionary and rules on the first real sentence (seconds of
  // CPU), so one is linted now rather than in a user's first request.
  await linter.lint('This sentence warms the linter up.', { language: 'plaintext' });
  return linter;
}

function toIssue(lint: Lint, at: number): CheckerIssue | undefined {
  const lintKind = lint.lint_kind();
  if (SKIPPED_KINDS.has(lintKind)) return undefined;
  const { key, kind } = KINDS[lintKind] ?? FALLBACK;
  // harper.js hands spans over in UTF-16 code units, like JavaScript strings (the test checks it past an emoji).
  const { start, end } = lint.span();
  const found = lint.get_problem_text();
  const suggestions = lint.suggestions().map((suggestion) => replacementFor(suggestion, found));
  if (lintKind === 'Capitalization' && isNameRecased(found, suggestions[0])) return undefined;
  return {
    offset: at + start,
    length: end - start,
    kind,
    message: {
      key: `harper.${key}`,
      params: { found, suggestion: suggestions[0] ?? '' },
    },
    suggestions,
    rule: `harper:${lintKind}`,
    origin: 'harper',
  };
}

/**
 * "Dupont" → "DuPont": harper recasing a capitalised word it knows as a name. Authors spell their own names;
 * a capitalised word is left as written (issue #29: names are not errors).
 */
function isNameRecased(found: string, suggestion: string | undefined): boolean {
  const first = found.charAt(0);
  return (
    suggestion !== undefined &&
    first !== first.toLowerCase() &&
    suggestion !== found &&
    suggestion.toLowerCase() === found.toLowerCase()
  );
}

/** Our suggestions replace the marked span; harper's "insert after" ones add to it (a removal is ""). */
function replacementFor(suggestion: Suggestion, found: string): string {
  const text = suggestion.get_replacement_text();
  return suggestion.kind() === SuggestionKind.InsertAfter ? `${found}${text}` : text;
}
