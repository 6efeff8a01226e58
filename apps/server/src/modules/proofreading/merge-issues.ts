import type { CheckerIssue } from './checker-types';
import { overlaps } from './proofreader';

/**
 * Adds LanguageTool's issues to ours without showing the same mistake twice. One of theirs is a duplicate
 * when it overlaps one of ours and says the same thing: the same kind of issue, the same first suggestion,
 * or the very same span. Ours win, since their messages are in the user's locale and their rules are
 * tested against our fixtures. The result is in text order.
 */
export function mergeIssues(ours: CheckerIssue[], theirs: CheckerIssue[]): CheckerIssue[] {
  const kept = theirs.filter((issue) => !ours.some((own) => overlaps(own, issue) && sameFinding(own, issue)));
  return inTextOrder([...ours, ...kept]);
}

/**
 * Our checkers among themselves: a rule and harper.js may mark overlapping spans with the same fix or as the
 * same kind of issue. The earlier issue in the list wins.
 */
export function dedupeIssues(issues: CheckerIssue[]): CheckerIssue[] {
  const kept: CheckerIssue[] = [];
  for (const issue of issues) {
    // Overlapping marks that say the same thing are one finding for the reader ("are are" as harper.js marks
    // it and " are" as our repeated-word rule does).
    if (!kept.some((other) => overlaps(other, issue) && sameFinding(other, issue))) kept.push(issue);
  }
  return inTextOrder(kept);
}

function sameFinding(a: CheckerIssue, b: CheckerIssue): boolean {
  return a.kind === b.kind || sameFix(a, b) || sameSpan(a, b);
}

/** Both propose the same first replacement; two issues without any suggestion do not count as agreeing. */
function sameFix(a: CheckerIssue, b: CheckerIssue): boolean {
  return a.suggestions[0] !== undefined && a.suggestions[0] === b.suggestions[0];
}

function sameSpan(a: CheckerIssue, b: CheckerIssue): boolean {
  return a.offset === b.offset && a.length === b.length;
}

function inTextOrder(issues: CheckerIssue[]): CheckerIssue[] {
  return issues.sort((a, b) => a.offset - b.offset || a.length - b.length);
}
