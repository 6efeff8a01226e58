import { orderByColumns } from './columns';
import { markFootnotes } from './footnotes';
import type { LayoutPage } from './layout.types';
import { markPageFurniture } from './page-numbers';
import { type RawPage, rawPageOf, type StextPage } from './stext';

/** What one page gives on its own: its layout (all but running heads, which need other pages) and its images. */
export type PageLayout = { layout: LayoutPage; images: RawPage['images'] };

/**
 * A page's layout from MuPDF's structured text (`asJSON()`): lines cleaned, blocks in reading order by column,
 * page numbers, the first page's journal lines and footnotes marked. Running headers and footers are marked
 * later, with the pages around it (`markRunningHeads`).
 */
export function readLayout(stext: StextPage, number: number, width: number, height: number, scale = 1): PageLayout {
  const { blocks, images } = rawPageOf(stext, scale);
  const ordered: LayoutPage = { number, width, height, blocks: orderByColumns(blocks, width) };
  return { layout: markFootnotes(markPageFurniture(ordered)), images };
}
