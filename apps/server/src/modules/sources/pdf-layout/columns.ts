import type { LayoutBlock } from './layout.types';

/** The gutter between two columns is looked for in this middle band of the page's width. */
const GUTTER_BAND = [0.3, 0.7] as const;
/** Each side of the gutter holds at least this share of the page's text for the page to have two columns. */
const MIN_SIDE_SHARE = 0.2;
/** At most this share of the text may cross the gutter (titles, wide figures, abstracts set across). */
const MAX_CROSSING_SHARE = 0.35;

const charsOf = (block: LayoutBlock) => block.text.length;

/** The text (in characters) of the lines that cross x, for every whole x of the band. */
function crossingAt(blocks: readonly LayoutBlock[], from: number, to: number): number[] {
  const crossing = new Array(to - from + 1).fill(0);
  for (const block of blocks) {
    for (const line of block.lines) {
      const start = Math.max(from, Math.ceil(line.box.x0));
      const end = Math.min(to, Math.floor(line.box.x1));
      for (let x = start; x <= end; x++) crossing[x - from] += line.text.length;
    }
  }
  return crossing;
}

/**
 * The x of the gutter between two columns, or null for a one-column page: the x in the middle of the page that
 * the fewest lines cross, when there is text on both sides of it and little across it.
 */
export function findGutter(blocks: readonly LayoutBlock[], width: number): number | null {
  const total = blocks.reduce((sum, block) => sum + charsOf(block), 0);
  if (total === 0) return null;
  const [from, to] = [Math.round(width * GUTTER_BAND[0]), Math.round(width * GUTTER_BAND[1])];
  const crossing = crossingAt(blocks, from, to);
  const least = Math.min(...crossing);
  // The middle of the widest run of least-crossed x: the gutter's centre, not its edge.
  const runs = crossing.flatMap((value, index) => (value === least ? [index + from] : []));
  const gutter = runs[Math.floor(runs.length / 2)] ?? from;
  const left = blocks.filter((block) => block.box.x1 <= gutter).reduce((sum, block) => sum + charsOf(block), 0);
  const right = blocks.filter((block) => block.box.x0 >= gutter).reduce((sum, block) => sum + charsOf(block), 0);
  const enough = (share: number) => share >= MIN_SIDE_SHARE * total;
  return enough(left) && enough(right) && total - left - right <= MAX_CROSSING_SHARE * total ? gutter : null;
}

const byTop = (a: LayoutBlock, b: LayoutBlock) => a.box.y0 - b.box.y0 || a.box.x0 - b.box.x0;

/**
 * The blocks in reading order, each with its column: 0 and 1 for the left and right column, -1 for a block across
 * both. Blocks across both columns cut the page into bands read top to bottom; in each band the left column is
 * read before the right one.
 */
export function orderByColumns(blocks: readonly LayoutBlock[], width: number): LayoutBlock[] {
  const gutter = findGutter(blocks, width);
  if (gutter === null) return blocks.map((block) => ({ ...block, column: 0 })).sort(byTop);
  const placed = blocks.map((block) => ({
    ...block,
    column: block.box.x1 <= gutter ? 0 : block.box.x0 >= gutter ? 1 : -1,
  }));
  const spanning = placed.filter((block) => block.column === -1).sort(byTop);
  const inColumns = placed.filter((block) => block.column !== -1);
  const ordered: LayoutBlock[] = [];
  let bandTop = Number.NEGATIVE_INFINITY;
  for (const cut of [...spanning, null]) {
    const bandBottom = cut ? (cut.box.y0 + cut.box.y1) / 2 : Number.POSITIVE_INFINITY;
    const inBand = inColumns.filter((block) => {
      const middle = (block.box.y0 + block.box.y1) / 2;
      return middle >= bandTop && middle < bandBottom;
    });
    for (const column of [0, 1]) ordered.push(...inBand.filter((block) => block.column === column).sort(byTop));
    if (cut) ordered.push(cut);
    bandTop = bandBottom;
  }
  return ordered;
}
