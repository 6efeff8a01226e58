import type { Box, LayoutBlock, LayoutLine, LayoutPage } from '../pdf-layout/layout.types';

/** A block with the page it sits on, its lines numbered in reading order: the unit the reader classifies. */
export type PlacedBlock = Omit<LayoutBlock, 'lines'> & { page: number; lines: (LayoutLine & { order?: number })[] };

/** A stretch of text made of whole lines, possibly over several blocks and pages. */
export type TextRun = { text: string; lines: PlacedLine[] };
/**
 * A line with its page and where its text starts and ends inside the run it belongs to; `order` is its
 * place in the document's reading order.
 */
export type PlacedLine = LayoutLine & { page: number; start: number; end: number; order?: number };

/** Every block of the document in reading order, with its page; each line numbered in that order. */
export function placedBlocks(pages: LayoutPage[]): PlacedBlock[] {
  let order = 0;
  return pages.flatMap((page) =>
    page.blocks.map((block) => ({
      ...block,
      page: page.number,
      lines: block.lines.map((line) => ({ ...line, order: order++ })),
    })),
  );
}

/**
 * Lines joined into one text, remembering each line's span. A word hyphenated at a line's end is joined
 * back ("infor-" + "mation"), since the layout's own joining is only done inside one block's `text`.
 */
export function joinLines(lines: (LayoutLine & { page: number; order?: number })[]): TextRun {
  let text = '';
  const placed: PlacedLine[] = [];
  for (const line of lines) {
    const piece = line.text.trim();
    if (!piece) continue;
    if (/\p{Ll}-$/u.test(text) && /^\p{Ll}/u.test(piece)) text = text.slice(0, -1);
    else if (text) text += ' ';
    placed.push({ ...line, start: text.length, end: text.length + piece.length });
    text += piece;
  }
  return { text, lines: placed };
}

export function blockRun(blocks: PlacedBlock[]): TextRun {
  return joinLines(blocks.flatMap((block) => block.lines.map((line) => ({ ...line, page: block.page }))));
}

export function unionBox(boxes: Box[]): Box {
  return {
    x0: Math.min(...boxes.map((box) => box.x0)),
    y0: Math.min(...boxes.map((box) => box.y0)),
    x1: Math.max(...boxes.map((box) => box.x1)),
    y1: Math.max(...boxes.map((box) => box.y1)),
  };
}

/** The body text's font size: the size most characters of the body are set in. */
export function bodyFontSize(blocks: PlacedBlock[]): number {
  const weight = new Map<number, number>();
  for (const block of blocks) {
    if (block.role !== 'body') continue;
    for (const line of block.lines) {
      const size = Math.round(line.fontSize * 2) / 2;
      weight.set(size, (weight.get(size) ?? 0) + line.text.length);
    }
  }
  let best = 10;
  let bestWeight = -1;
  for (const [size, count] of weight) {
    if (count > bestWeight) [best, bestWeight] = [size, count];
  }
  return best;
}

/** Spaces collapsed, trimmed. */
export function tidy(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
