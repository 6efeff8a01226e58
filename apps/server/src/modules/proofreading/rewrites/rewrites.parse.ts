import type { ProofreadingRewrite } from '@quire/contracts';
import { z } from 'zod';
import { MAX_REWRITES } from './rewrites.prompt';

const Proposal = z.object({
  original: z.string(),
  suggestion: z.string(),
  reason: z.string().catch(''),
});
type Proposal = z.infer<typeof Proposal>;

/**
 * The model's proposals, or null when its answer holds no JSON array nor JSON lines at all. Tolerates a
 * code fence and words around the array; entries that are not objects of strings are skipped.
 */
export function parseProposals(answer: string): Proposal[] | null {
  const unfenced = answer.replace(/```[a-z]*\s*/gi, '').trim();
  const array = parseArray(unfenced);
  const entries = array ?? jsonLines(unfenced);
  if (entries === null) return null;
  return entries.flatMap((entry) => {
    const proposal = Proposal.safeParse(entry);
    return proposal.success ? [proposal.data] : [];
  });
}

/**
 * Places the proposals in the text: each `original` found verbatim, looked for after the previous one first
 * (the model was asked for text order), else anywhere it does not overlap a rewrite already placed. A
 * proposal not in the text, or one that changes nothing, is dropped. In text order, at most MAX_REWRITES.
 */
export function placeRewrites(text: string, proposals: Proposal[]): ProofreadingRewrite[] {
  const placed: ProofreadingRewrite[] = [];
  let cursor = 0;
  for (const proposal of proposals) {
    const original = proposal.original.trim();
    const suggestion = proposal.suggestion.trim();
    if (!original || !suggestion || original === suggestion) continue;
    const offset = findFree(text, original, cursor, placed);
    if (offset === null) continue;
    placed.push({ offset, length: original.length, original, suggestion, reason: proposal.reason.trim() });
    cursor = offset + original.length;
    if (placed.length === MAX_REWRITES) break;
  }
  return placed.sort((a, b) => a.offset - b.offset);
}

function findFree(text: string, original: string, cursor: number, placed: ProofreadingRewrite[]): number | null {
  for (const from of [cursor, 0]) {
    for (let at = text.indexOf(original, from); at !== -1; at = text.indexOf(original, at + 1)) {
      const end = at + original.length;
      if (!placed.some((other) => at < other.offset + other.length && other.offset < end)) return at;
    }
  }
  return null;
}

/**
 * The first bracketed span that parses as an array of objects (or as `[]`). Prose around it may hold brackets
 * of its own ("[1]", "[sic]"), so every opening bracket is tried against every closing one after it, longest
 * first; answers are short enough for that.
 */
function parseArray(answer: string): unknown[] | null {
  const opens = positions(answer, '[');
  const closes = positions(answer, ']').reverse();
  for (const start of opens) {
    for (const end of closes) {
      if (end <= start) break;
      const parsed = parseJson(answer.slice(start, end + 1));
      if (Array.isArray(parsed) && (parsed.length === 0 || parsed.some(isObject))) return parsed;
    }
  }
  return null;
}

function positions(text: string, character: string): number[] {
  const found: number[] = [];
  for (let at = text.indexOf(character); at !== -1; at = text.indexOf(character, at + 1)) found.push(at);
  return found;
}

function isObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function jsonLines(answer: string): unknown[] | null {
  const entries = answer
    .split('\n')
    .map((line) => line.trim().replace(/,$/, ''))
    .filter((line) => line.startsWith('{'))
    .map(parseJson)
    .filter((entry) => entry !== undefined);
  return entries.length > 0 ? entries : null;
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}
