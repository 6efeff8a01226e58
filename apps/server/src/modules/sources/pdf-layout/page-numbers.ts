import type { LayoutBlock, LayoutPage } from './layout.types';
import { inBottomMargin, inTopMargin } from './margins';

/** "12", "- 12 -", "Page 12", "12 of 30", "xii". */
const PAGE_NUMBER =
  /^[-–—\s]*(?:(?:page|seite|página|pagina|pag\.|p\.)\s*)?(?:\d{1,4}|[ivxlc]{1,7})(?:\s*(?:of|\/|von|de|di|van)\s*\d{1,4})?[-–—\s]*$/i;

/** Words of a journal's or publisher's line on a paper's first page, above or below the paper itself. */
const JOURNAL_LINE =
  /\b(journal|vol(?:\.|ume)|issn|doi|pp\.|proceedings|conference|copyright|preprint|arxiv|licen[cs]e|published|received|accepted|revista|zeitschrift|rivista|tijdschrift)\b|©|https?:\/\/|www\./i;

/** True when the block is only a page number in the top or bottom margin. */
export function isPageNumber(block: LayoutBlock, page: Pick<LayoutPage, 'height'>): boolean {
  return (inTopMargin(block, page) || inBottomMargin(block, page)) && PAGE_NUMBER.test(block.text);
}

/** True when the block is a journal's header or footer line in the margins of a paper's first page. */
export function isFirstPageMasthead(block: LayoutBlock, page: Pick<LayoutPage, 'height' | 'number'>): boolean {
  return (
    page.number === 1 && (inTopMargin(block, page) || inBottomMargin(block, page)) && JOURNAL_LINE.test(block.text)
  );
}

/** The page's blocks with page numbers and the first page's journal lines given their roles. */
export function markPageFurniture(page: LayoutPage): LayoutPage {
  const blocks = page.blocks.map((block): LayoutBlock => {
    if (block.role !== 'body') return block;
    if (isPageNumber(block, page)) return { ...block, role: 'page-number' };
    if (isFirstPageMasthead(block, page)) return { ...block, role: inTopMargin(block, page) ? 'header' : 'footer' };
    return block;
  });
  return { ...page, blocks };
}
