import type { LocaleCode } from '@quire/contracts';
import type { ProofreadingFixture } from '../../test/corpus';
import type { CheckerIssue } from './checker-types';
import { overlaps } from './proofreader';

/**
 * How well a checker does on sentences with one known error: an error is found when an issue overlaps its
 * span, and fixed when applying that issue's first suggestion yields one of the known corrections.
 */
export type Accuracy = { language: LocaleCode; total: number; found: number; fixed: number; missed: string[] };

export async function measureAccuracy(
  language: LocaleCode,
  fixtures: readonly ProofreadingFixture[],
  check: (text: string) => Promise<CheckerIssue[]>,
): Promise<Accuracy> {
  let found = 0;
  let fixed = 0;
  const missed: string[] = [];
  for (const fixture of fixtures) {
    const span = { offset: fixture.span_start, length: fixture.span_end - fixture.span_start };
    const hits = (await check(fixture.incorrect)).filter((issue) => overlaps(issue, span));
    if (hits.length === 0) {
      missed.push(fixture.id);
      continue;
    }
    found += 1;
    const corrected = new Set(
      fixture.corrections.map((correction) => replaceSpan(fixture.incorrect, span, correction)),
    );
    corrected.add(fixture.corrected);
    if (
      hits.some(
        (issue) =>
          issue.suggestions[0] !== undefined &&
          corrected.has(replaceSpan(fixture.incorrect, issue, issue.suggestions[0])),
      )
    ) {
      fixed += 1;
    }
  }
  return { language, total: fixtures.length, found, fixed, missed };
}

function replaceSpan(text: string, span: { offset: number; length: number }, replacement: string): string {
  return `${text.slice(0, span.offset)}${replacement}${text.slice(span.offset + span.length)}`;
}
