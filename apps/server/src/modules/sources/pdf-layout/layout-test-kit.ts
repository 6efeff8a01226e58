import type { Box, LayoutBlock, LayoutPage } from './layout.types';

/** A block of one line per entry of `lines`, stacked down from `box.y0`, as a test describes it. */
export function block(
  text: string | string[],
  [x0, y0, x1]: [number, number, number],
  { fontSize = 10, role = 'body' }: { fontSize?: number; role?: LayoutBlock['role'] } = {},
): LayoutBlock {
  const lines = (Array.isArray(text) ? text : [text]).map((line, index) => {
    const box: Box = { x0, y0: y0 + index * fontSize * 1.2, x1, y1: y0 + (index + 1) * fontSize * 1.2 };
    return { text: line, box, fontSize, fontName: 'Times-Roman', bold: false, italic: false };
  });
  const y1 = lines.at(-1)?.box.y1 ?? y0;
  return { text: lines.map((line) => line.text).join(' '), lines, box: { x0, y0, x1, y1 }, role, column: 0 };
}

/** A US Letter page of the given blocks. */
export function page(number: number, blocks: LayoutBlock[]): LayoutPage {
  return { number, width: 612, height: 792, blocks };
}
