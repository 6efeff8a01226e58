import type { BlockRole, LayoutBlock, LayoutPage } from '../pdf-layout/layout.types';

/**
 * Pages laid out by hand for the structure reader's tests: the tuning set. Each block is placed under the
 * previous one in its column, lines set at 1.2 × their size, so boxes, sizes and reading order look like a
 * typeset paper's (A4, one column, or two with blocks spanning both).
 */

export type LineSpec = string | { text: string; size?: number; bold?: boolean; italic?: boolean; indent?: number };

export type BlockSpec = {
  lines: LineSpec[];
  size?: number;
  bold?: boolean;
  italic?: boolean;
  role?: BlockRole;
  /** 0 or 1 in a two-column page, -1 spanning both; one-column pages use 0. */
  column?: number;
  /** Space above the block, in points (default: one line). */
  gap?: number;
  /** Left indent inside the column, in points. */
  indent?: number;
  /** Place the block at this height instead of under the previous one (running heads, footers). */
  y?: number;
  /** Narrower than the column: the block's width in points. */
  width?: number;
};

const WIDTH = 595;
const HEIGHT = 842;
const MARGIN = 56;
const GUTTER = 14;
const FONT = 'NimbusRomNo9L-Regu';

function columnX(column: number, columns: number): { x0: number; x1: number } {
  if (columns === 1 || column === -1) return { x0: MARGIN, x1: WIDTH - MARGIN };
  const width = (WIDTH - 2 * MARGIN - GUTTER) / 2;
  const x0 = MARGIN + column * (width + GUTTER);
  return { x0, x1: x0 + width };
}

/** One page from block specs, in the order given (which is the reading order the tests mean). */
export function layoutPage(number: number, specs: BlockSpec[], columns: 1 | 2 = 1): LayoutPage {
  const cursor = new Map<number, number>([
    [0, 60],
    [1, 60],
  ]);
  const blocks = specs.map((spec) => placeBlock(spec, columns, cursor));
  return { number, width: WIDTH, height: HEIGHT, blocks };
}

function placeBlock(spec: BlockSpec, columns: number, cursor: Map<number, number>): LayoutBlock {
  const column = columns === 1 ? 0 : (spec.column ?? 0);
  const size = spec.size ?? 10;
  const { x0, x1 } = columnX(column, columns);
  const top =
    spec.y ??
    (column === -1 ? Math.max(cursor.get(0) ?? 0, cursor.get(1) ?? 0) : (cursor.get(column) ?? 0)) + (spec.gap ?? size);
  let y = top;
  const lines = spec.lines.map((raw) => {
    const line = typeof raw === 'string' ? { text: raw } : raw;
    const lineSize = line.size ?? size;
    const left = x0 + (spec.indent ?? 0) + (line.indent ?? 0);
    const right = Math.min(x1, spec.width ? left + spec.width : x1, left + line.text.length * lineSize * 0.5);
    const box = { x0: left, y0: y, x1: Math.max(right, left + 5), y1: y + lineSize };
    y += lineSize * 1.2;
    return {
      text: line.text,
      box,
      fontSize: lineSize,
      fontName: FONT,
      bold: line.bold ?? spec.bold ?? false,
      italic: line.italic ?? spec.italic ?? false,
    };
  });
  if (spec.y === undefined) {
    if (column === -1) for (const key of [0, 1]) cursor.set(key, y);
    else cursor.set(column, y);
  }
  const box = {
    x0: Math.min(...lines.map((line) => line.box.x0)),
    y0: top,
    x1: Math.max(...lines.map((line) => line.box.x1)),
    y1: y,
  };
  return { text: joinBlockText(spec.lines), lines, box, role: spec.role ?? 'body', column };
}

/** As the layout reader joins a block: lines with spaces, a hyphen at a line's end undone before lower case. */
function joinBlockText(lines: LineSpec[]): string {
  return lines
    .map((line) => (typeof line === 'string' ? line : line.text))
    .reduce(
      (text, line) =>
        /\p{Ll}-$/u.test(text) && /^\p{Ll}/u.test(line) ? text.slice(0, -1) + line : text ? `${text} ${line}` : line,
      '',
    );
}

/** A paragraph of body text cut into lines of about `perLine` characters, for filling pages. */
export function prose(text: string, perLine = 90): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/)) {
    if (current && current.length + word.length + 1 > perLine) {
      lines.push(current);
      current = word;
    } else current = current ? `${current} ${word}` : word;
  }
  if (current) lines.push(current);
  return lines;
}
