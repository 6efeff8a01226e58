import type { LayoutBlock, LayoutPage } from './layout.types';

/** The top and bottom bands of a page where running headers, footers and page numbers sit, as a share of its height. */
export const MARGIN_SHARE = 0.12;

/** True when the block lies in the page's top band. */
export function inTopMargin(block: LayoutBlock, page: Pick<LayoutPage, 'height'>): boolean {
  return block.box.y1 <= page.height * MARGIN_SHARE;
}

/** True when the block lies in the page's bottom band. */
export function inBottomMargin(block: LayoutBlock, page: Pick<LayoutPage, 'height'>): boolean {
  return block.box.y0 >= page.height * (1 - MARGIN_SHARE);
}

/** The font size most of the page's text is set in: the body's. */
export function bodyFontSize(blocks: readonly LayoutBlock[]): number {
  const chars = new Map<number, number>();
  for (const block of blocks) {
    for (const line of block.lines) chars.set(line.fontSize, (chars.get(line.fontSize) ?? 0) + line.text.length);
  }
  let best = 0;
  let most = -1;
  for (const [size, count] of chars) {
    if (count > most) [best, most] = [size, count];
  }
  return best;
}

/** The font size of most of the block's characters. */
export function blockFontSize(block: LayoutBlock): number {
  return bodyFontSize([block]);
}
