import type { ProofreadingKind } from '@quire/contracts';
import { z } from 'zod';
import type { CheckerIssue } from '../checker-types';
import type { TextChunk } from './languagetool-chunks';

/**
 * The part of LanguageTool's `/v2/check` answer we read (its `CheckResults`; see
 * https://languagetool.org/http-api/swagger-ui/). Other fields (software, language, context.sentence…)
 * are allowed and ignored.
 */
const LanguageToolMatch = z.object({
  message: z.string(),
  shortMessage: z.string().optional(),
  offset: z.number().int().nonnegative(),
  length: z.number().int().nonnegative(),
  replacements: z.array(z.object({ value: z.string() })).default([]),
  context: z.object({ text: z.string(), offset: z.number().int(), length: z.number().int() }).optional(),
  rule: z.object({
    id: z.string(),
    issueType: z.string().optional(),
    category: z.object({ id: z.string(), name: z.string() }).optional(),
  }),
});
type LanguageToolMatch = z.infer<typeof LanguageToolMatch>;

export const CheckResults = z.object({
  matches: z.array(LanguageToolMatch),
  warnings: z.object({ incompleteResults: z.boolean().optional() }).optional(),
});
export type CheckResults = z.infer<typeof CheckResults>;

const MAX_SUGGESTIONS = 5;
/** A high surrogate: the text holds a character outside the BMP. */
const ASTRAL = /[\uD800-\uDBFF]/;

/** LanguageTool's matches in one piece of the text, as issues with offsets into the whole text. */
export function issuesOf(results: CheckResults, chunk: TextChunk): CheckerIssue[] {
  const issues: CheckerIssue[] = [];
  const astral = ASTRAL.test(chunk.text);
  for (const match of results.matches) {
    const offset = offsetIn(chunk.text, match, astral);
    if (offset === null) continue;
    issues.push({
      offset: chunk.offset + offset,
      length: match.length,
      kind: kindOf(match.rule.issueType),
      message: { text: match.message },
      suggestions: match.replacements.slice(0, MAX_SUGGESTIONS).map((replacement) => replacement.value),
      rule: `languagetool:${match.rule.id}`,
      origin: 'languagetool',
    });
  }
  return issues;
}

/** LanguageTool's issue types (misspelling, grammar, typographical, style, duplication…) in our three kinds. */
function kindOf(issueType: string | undefined): ProofreadingKind {
  if (issueType === 'misspelling') return 'spelling';
  if (issueType === 'grammar') return 'grammar';
  return 'style';
}

/**
 * Where a match starts in the piece, or null when it does not fit in it. LanguageTool runs on Java strings,
 * so its offsets count UTF-16 units like JavaScript's; but some of its rules have been known to count
 * characters outside the BMP (emoji, mathematical letters) as one. When the piece holds such characters
 * and the match's context shows the UTF-16 reading marks other text than the code-point reading does, the
 * code-point reading is taken.
 */
function offsetIn(text: string, match: LanguageToolMatch, astral: boolean): number | null {
  if (match.length === 0 || match.offset + match.length > text.length) return null;
  const marked = markedText(match);
  if (marked === null || !astral || text.slice(match.offset, match.offset + match.length) === marked) {
    return match.offset;
  }
  const byCodePoints = utf16Offset(text, match.offset);
  if (byCodePoints + match.length <= text.length && text.slice(byCodePoints, byCodePoints + match.length) === marked) {
    return byCodePoints;
  }
  return match.offset;
}

/** The text the match marks, as its context shows it (null without a usable context). */
function markedText(match: LanguageToolMatch): string | null {
  const context = match.context;
  if (!context || context.length !== match.length) return null;
  return context.text.slice(context.offset, context.offset + context.length);
}

/** The UTF-16 offset of the `codePoints`-th code point of `text`. */
function utf16Offset(text: string, codePoints: number): number {
  let index = 0;
  for (let count = 0; count < codePoints && index < text.length; count++) {
    index += (text.codePointAt(index) ?? 0) > 0xffff ? 2 : 1;
  }
  return index;
}
