import type { ProofreadingIssue, ProofreadingKind, ProofreadingResult, ProofreadingRewrite } from '@quire/contracts';

/** A place in the text: `length` UTF-16 units from `offset`, as the server counts them. */
export type Span = { offset: number; length: number };

/** One replacement of a span of the text; an empty `replacement` deletes the span. */
export type Edit = Span & { replacement: string };

export type Issue = ProofreadingIssue & { id: number };
export type Rewrite = ProofreadingRewrite & { id: number };

/** What the user is correcting: the text as it is now and what still applies to it. */
export type Corrections = {
  text: string;
  /** In text order (the longer first at one offset); every change keeps that order. */
  issues: readonly Issue[];
  rewrites: readonly Rewrite[];
  /** Earlier states, the latest last, for undo of the applied corrections. */
  undo: readonly Snapshot[];
};

type Snapshot = Pick<Corrections, 'text' | 'issues' | 'rewrites'>;

/** Undo reaches this many applies back; older states are forgotten. */
export const UNDO_DEPTH = 20;

/** The corrections of a fresh result, issues and rewrites in text order with ids for the UI. */
export function startCorrections(result: Pick<ProofreadingResult, 'text' | 'issues' | 'rewrites'>): Corrections {
  return {
    text: result.text,
    issues: sortSpans(result.issues.map((issue, id) => ({ ...issue, id }))),
    rewrites: sortSpans(result.rewrites.map((rewrite, id) => ({ ...rewrite, id }))),
    undo: [],
  };
}

function sortSpans<T extends Span>(spans: T[]): T[] {
  return spans.sort((a, b) => a.offset - b.offset || b.length - a.length);
}

function overlaps(a: Span, b: Span): boolean {
  return a.offset < b.offset + b.length && b.offset < a.offset + a.length;
}

/**
 * Applies edits that do not overlap one another (in text order) to `text` and moves `spans` along: a span after
 * an edit shifts by the length difference of every edit before it, a span an edit touches is dropped (its text
 * is gone), a span before every edit stays. One pass over text, edits and spans.
 */
export function applyEdits<T extends Span>(
  text: string,
  spans: readonly T[],
  edits: readonly Edit[],
): { text: string; spans: T[] } {
  const ordered = [...edits].sort((a, b) => a.offset - b.offset);
  const parts: string[] = [];
  let cursor = 0;
  for (const edit of ordered) {
    parts.push(text.slice(cursor, edit.offset), edit.replacement);
    cursor = edit.offset + edit.length;
  }
  parts.push(text.slice(cursor));

  const kept: T[] = [];
  let next = 0;
  let shift = 0;
  for (const span of [...spans].sort((a, b) => a.offset - b.offset)) {
    while (next < ordered.length && endOf(ordered[next] as Edit) <= span.offset) {
      const edit = ordered[next] as Edit;
      shift += edit.replacement.length - edit.length;
      next += 1;
    }
    if (overlapsAny(ordered, next, span)) continue;
    kept.push(shift === 0 ? span : { ...span, offset: span.offset + shift });
  }
  return { text: parts.join(''), spans: kept };
}

function endOf(span: Span): number {
  return span.offset + span.length;
}

/** Whether one of the edits from `from` on (in text order) overlaps `span`; stops at the first edit past it. */
function overlapsAny(ordered: readonly Edit[], from: number, span: Span): boolean {
  for (let index = from; index < ordered.length; index += 1) {
    const edit = ordered[index] as Edit;
    if (edit.offset >= endOf(span)) return false;
    if (overlaps(edit, span)) return true;
  }
  return false;
}

function withEdits(state: Corrections, edits: readonly Edit[]): Corrections {
  if (edits.length === 0) return state;
  const issues = applyEdits(state.text, state.issues, edits);
  const rewrites = applyEdits(state.text, state.rewrites, edits).spans;
  const snapshot: Snapshot = { text: state.text, issues: state.issues, rewrites: state.rewrites };
  return { text: issues.text, issues: issues.spans, rewrites, undo: [...state.undo, snapshot].slice(-UNDO_DEPTH) };
}

/** Replaces an issue's text with one of its suggestions (or any replacement); the issue and those it overlaps go. */
export function applySuggestion(state: Corrections, issueId: number, replacement: string): Corrections {
  const issue = state.issues.find((candidate) => candidate.id === issueId);
  if (!issue) return state;
  return withEdits(state, [{ offset: issue.offset, length: issue.length, replacement }]);
}

/** Puts a model's rewrite in place of the passage it rewrote; issues inside that passage go with it. */
export function applyRewrite(state: Corrections, rewriteId: number): Corrections {
  const rewrite = state.rewrites.find((candidate) => candidate.id === rewriteId);
  if (!rewrite) return state;
  return withEdits(state, [{ offset: rewrite.offset, length: rewrite.length, replacement: rewrite.suggestion }]);
}

/**
 * The edits of "apply all" for one kind: the first suggestion of each issue of that kind, in text order; an
 * issue without a suggestion is skipped, and so is one overlapping an issue already taken.
 */
export function editsForKind(issues: readonly Issue[], kind: ProofreadingKind): Edit[] {
  const edits: Edit[] = [];
  for (const issue of issues) {
    const replacement = issue.suggestions[0];
    if (issue.kind !== kind || replacement === undefined) continue;
    const last = edits.at(-1);
    if (last && overlaps(last, issue)) continue;
    edits.push({ offset: issue.offset, length: issue.length, replacement });
  }
  return edits;
}

/** Applies the first suggestion of every issue of one kind at once (one undo step). */
export function applyAllOfKind(state: Corrections, kind: ProofreadingKind): Corrections {
  return withEdits(state, editsForKind(state.issues, kind));
}

/** Hides one issue; the text stays as it is. */
export function ignoreIssue(state: Corrections, issueId: number): Corrections {
  return { ...state, issues: state.issues.filter((issue) => issue.id !== issueId) };
}

/** Hides every issue of one rule ("ignore rule"); the text stays as it is. */
export function ignoreRule(state: Corrections, rule: string): Corrections {
  return { ...state, issues: state.issues.filter((issue) => issue.rule !== rule) };
}

/** The word a spelling issue marks, as it stands in the text. */
export function issueText(text: string, span: Span): string {
  return text.slice(span.offset, span.offset + span.length);
}

/** Drops every spelling issue on `word` (after it went into the personal dictionary). */
export function forgetWord(state: Corrections, word: string): Corrections {
  return {
    ...state,
    issues: state.issues.filter((issue) => issue.kind !== 'spelling' || issueText(state.text, issue) !== word),
  };
}

/** Goes back to the state before the last apply; unchanged when there is nothing to undo. */
export function undoLast(state: Corrections): Corrections {
  const previous = state.undo.at(-1);
  if (!previous) return state;
  return { ...previous, undo: state.undo.slice(0, -1) };
}

export type KindCounts = Record<ProofreadingKind, number>;

export function countByKind(issues: readonly Issue[]): KindCounts {
  const counts: KindCounts = { spelling: 0, grammar: 0, style: 0 };
  for (const issue of issues) counts[issue.kind] += 1;
  return counts;
}

/**
 * The issues to underline, in text order and without overlaps: where two overlap, the one starting first (the
 * longer on a tie) is marked and the other waits until that one is applied or ignored. Hidden kinds are left out.
 */
export function markedIssues(issues: readonly Issue[], shown: ReadonlySet<ProofreadingKind>): Issue[] {
  const marked: Issue[] = [];
  for (const issue of sortSpans(issues.filter((candidate) => shown.has(candidate.kind)))) {
    const last = marked.at(-1);
    if (last && overlaps(last, issue)) continue;
    marked.push(issue);
  }
  return marked;
}
