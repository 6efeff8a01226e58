import type { LayoutBlock, LayoutPage } from './layout.types';
import { inBottomMargin, inTopMargin, MARGIN_SHARE } from './margins';

/** Pages before and after a page where its running header or footer is looked for (left and right pages differ). */
export const RUNNING_HEAD_REACH = 2;
/** Two blocks this close vertically (points) stand at the same place. */
const SAME_PLACE = 4;
/** A running header or footer is a line or two, not a paragraph. */
const MAX_LINES = 2;

/** The text with its numbers taken out ("Hong and Jung 273" and "Hong and Jung 275" are the same header). */
const shapeOf = (text: string) => text.toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ').trim();

/**
 * Set sideways in a side margin, as some journals print a running head up the outer edge: much taller than wide
 * (a figure's sideways axis label is taller than wide too, but inside the page).
 */
function sidewaysInSideMargin(block: LayoutBlock, page: LayoutPage): boolean {
  const { x0, x1, y0, y1 } = block.box;
  const inSide = x1 <= page.width * MARGIN_SHARE || x0 >= page.width * (1 - MARGIN_SHARE);
  return inSide && y1 - y0 > 3 * (x1 - x0);
}

function inMargins(block: LayoutBlock, page: LayoutPage): boolean {
  return (
    block.lines.length <= MAX_LINES &&
    (inTopMargin(block, page) || inBottomMargin(block, page) || sidewaysInSideMargin(block, page))
  );
}

function repeatsOn(block: LayoutBlock, other: LayoutPage, shape: string): boolean {
  return other.blocks.some(
    (candidate) =>
      Math.abs(candidate.box.y0 - block.box.y0) <= SAME_PLACE &&
      inMargins(candidate, other) &&
      shapeOf(candidate.text) === shape,
  );
}

/**
 * The page with its running headers and footers given their roles: blocks in its margins whose text (numbers
 * aside) stands at the same height on one of the `RUNNING_HEAD_REACH` pages before or after it. `near` are those
 * pages as read, in any order; the page itself among them is skipped. A page whose every body block would go
 * keeps them: what repeats there is all it says (a form, a slide deck's pages).
 */
export function markRunningHeads(page: LayoutPage, near: readonly LayoutPage[]): LayoutPage {
  const others = near.filter(
    (other) => other.number !== page.number && Math.abs(other.number - page.number) <= RUNNING_HEAD_REACH,
  );
  const blocks = page.blocks.map((block): LayoutBlock => {
    if (block.role !== 'body' || !inMargins(block, page)) return block;
    const shape = shapeOf(block.text);
    if (!shape || !others.some((other) => repeatsOn(block, other, shape))) return block;
    // A number alone is a page number only as long as one (a figure's axis repeats "30000" as well).
    if (shape === '#') return /^\d{1,4}$/.test(block.text) ? { ...block, role: 'page-number' } : block;
    return { ...block, role: block.box.y0 < page.height / 2 ? 'header' : 'footer' };
  });
  return blocks.some((block) => block.role === 'body') ? { ...page, blocks } : page;
}
