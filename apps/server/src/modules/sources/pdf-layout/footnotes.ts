import type { LayoutBlock, LayoutPage } from './layout.types';
import { blockFontSize, bodyFontSize } from './margins';

/** Footnotes are set smaller than the body: at most this share of its size. */
const FOOTNOTE_SIZE_SHARE = 0.9;
/** ...and start in the lower part of the page. */
const FOOTNOTE_FROM_SHARE = 0.5;
/** A footnote starts with its mark: a number or a symbol. */
export const FOOTNOTE_MARK = /^(?:\d{1,3}|[*†‡§¶∗#]|[a-z])(?:\s|\)|\.|(?=\p{Lu}))/u;
/** Captions are small too, but they are the body's. */
const CAPTION = /^(fig(?:ure|\.)?|tab(?:le|\.)?|abb(?:ildung|\.)?|tabelle|tableau|tabla|tabella|figura|afbeelding)\s/i;

/**
 * The page's blocks with its footnotes given their role: in each column, the small blocks at its foot below all of
 * its body-sized text, from the first that starts with a footnote mark ("1", "*", "†") on.
 */
export function markFootnotes(page: LayoutPage): LayoutPage {
  const body = page.blocks.filter((block) => block.role === 'body');
  const size = bodyFontSize(body);
  const small = (block: LayoutBlock) => blockFontSize(block) <= size * FOOTNOTE_SIZE_SHARE;
  const footnotes = new Set<LayoutBlock>();
  for (const column of new Set(body.map((block) => block.column))) {
    const inColumn = body.filter((block) => block.column === column).sort((a, b) => a.box.y0 - b.box.y0);
    // The foot: the trailing run of small blocks of the column.
    let start = inColumn.length;
    while (start > 0 && small(inColumn[start - 1] as LayoutBlock)) start--;
    const foot = inColumn.slice(start);
    const first = foot.findIndex(
      (block) =>
        block.box.y0 >= page.height * FOOTNOTE_FROM_SHARE &&
        FOOTNOTE_MARK.test(block.text) &&
        !CAPTION.test(block.text),
    );
    if (first >= 0) for (const block of foot.slice(first)) footnotes.add(block);
  }
  if (footnotes.size === 0) return page;
  return {
    ...page,
    blocks: page.blocks.map((block) => (footnotes.has(block) ? { ...block, role: 'footnote' } : block)),
  };
}
