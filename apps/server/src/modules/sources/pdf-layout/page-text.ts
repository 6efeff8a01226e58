import { joinBlocks } from './hyphenation';
import type { LayoutPage } from './layout.types';

/**
 * The text of a page that is indexed and quoted: its body blocks in reading order, then its footnotes; running
 * headers, footers and page numbers left out. One block a line, but for a word hyphenated across two.
 */
export function pageTextOf(page: LayoutPage): string {
  const body = page.blocks.filter((block) => block.role === 'body').map((block) => block.text);
  const footnotes = page.blocks.filter((block) => block.role === 'footnote').map((block) => block.text);
  return joinBlocks([...body, ...footnotes]);
}
