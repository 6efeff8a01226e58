/** `[1]`, `[1, 3]`, `[2; 4]`, `[2–4]`: a numbered reference as models write them. */
const REFERENCE = String.raw`\[\d{1,3}(?:\s*[,;–-]\s*\d{1,3})*\]`;
/** References written back to back (`[9][1]`) with the space before them: the run keeps one space. */
const RUN = new RegExp(String.raw`([ \t]*)((?:${REFERENCE})+)`, 'g');
/** A range longer than this is not a citation but text that looks like one. */
const MAX_RANGE = 10;

export type CheckedCitations = {
  /** The text with valid references renumbered in order of first use and invalid ones removed. */
  text: string;
  /**
   * The given items' indexes (0-based) in the new numbering: `[n]` in `text` cites `used[n - 1]`.
   */
  used: number[];
};

/**
 * Keeps only the references that point at one of the `count` items given to the model (numbered from 1),
 * renumbers them 1, 2, 3… in order of first use, and drops the rest with the space before them, so a
 * made-up `[9]` leaves no trace.
 */
export function checkCitations(text: string, count: number): CheckedCitations {
  const used: number[] = [];
  const renumber = (given: number) => {
    const index = used.indexOf(given - 1);
    if (index !== -1) return index + 1;
    used.push(given - 1);
    return used.length;
  };
  const checked = text.replace(RUN, (_match, space: string, run: string) => {
    const kept = [...run.matchAll(/\[([^\]]+)\]/g)]
      .map((reference) => expand(String(reference[1])).filter((given) => given >= 1 && given <= count))
      .filter((numbers) => numbers.length > 0)
      .map((numbers) => `[${[...new Set(numbers.map(renumber))].join(', ')}]`);
    return kept.length === 0 ? '' : `${space}${kept.join('')}`;
  });
  return { text: checked, used };
}

function expand(list: string): number[] {
  return list.split(/\s*[,;]\s*/).flatMap((part) => {
    const [from, to] = part.split(/\s*[–-]\s*/).map(Number);
    if (from === undefined || Number.isNaN(from)) return [];
    if (to === undefined) return [from];
    if (to < from || to - from > MAX_RANGE) return [];
    return Array.from({ length: to - from + 1 }, (_, offset) => from + offset);
  });
}
