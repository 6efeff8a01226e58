import { FOOTNOTE_MARK } from './footnotes';
import type { LayoutBlock, LayoutPage } from './layout.types';
import { blockFontSize, bodyFontSize, inBottomMargin, inTopMargin, MARGIN_SHARE } from './margins';

/** "12", "- 12 -", "Page 12", "12 of 30", "xii". */
const PAGE_NUMBER =
  /^[-–—\s]*(?:(?:page|seite|página|pagina|pag\.|p\.)\s*)?(?:\d{1,4}|[ivxlc]{1,7})(?:\s*(?:of|\/|von|de|di|van)\s*\d{1,4})?[-–—\s]*$/i;

/** Words of a journal's or publisher's line on a paper's first page, above or below the paper itself. */
const JOURNAL_LINE =
  /\b(journal|vol(?:\.|ume)|issn|doi|pp\.|proceedings|conference|copyright|preprint|arxiv|licen[cs]e|published|received|accepted|revista|zeitschrift|rivista|tijdschrift)\b|©|https?:\/\/|www\./i;

/** A publisher's line beyond doubt, even where it starts like a footnote ("1 Cad. Saúde Colet., … doi"). */
const PUBLISHER_LINE = /\b(doi|issn|copyright)\b|©/i;

/** True when the block is only a page number in the top or bottom margin. */
export function isPageNumber(block: LayoutBlock, page: Pick<LayoutPage, 'height'>): boolean {
  return (inTopMargin(block, page) || inBottomMargin(block, page)) && PAGE_NUMBER.test(block.text);
}

/** Text set this much larger than the body opens the paper itself (its title). */
const TITLE_SIZE_SHARE = 1.2;
/** The left and right bands of a page, as a share of its width, where an archive stamps its identifier. */
const SIDE_SHARE = 0.1;

type Bands = { top: number; bottom: number; left: number; right: number; size: number };

/**
 * Where a paper's first page has room for the journal's lines: above its first large text (the title) or in the
 * top margin, below its last body-sized text or in the bottom margin, and in its side margins (an arXiv stamp).
 */
function mastheadBands(page: LayoutPage): Bands {
  const size = bodyFontSize(page.blocks);
  // A journal's name may be set larger than the title ("Journal of Statistical Software"): not the title.
  const large = page.blocks.filter(
    (block) => blockFontSize(block) >= size * TITLE_SIZE_SHARE && !JOURNAL_LINE.test(block.text),
  );
  const body = page.blocks.filter((block) => blockFontSize(block) === size).map((block) => block.box.y1);
  return {
    top: Math.max(page.height * MARGIN_SHARE, large.length > 0 ? Math.min(...large.map((block) => block.box.y0)) : 0),
    bottom: Math.min(page.height * (1 - MARGIN_SHARE), Math.max(0, ...body)),
    left: page.width * SIDE_SHARE,
    right: page.width * (1 - SIDE_SHARE),
    size,
  };
}

/**
 * The role of a journal's line (name, volume, DOI, licence, archive stamp) on a paper's first page, or null for any
 * other block. Below the text, it is set smaller than the body; a footnote that only gives a link stays a footnote.
 */
function mastheadRole(block: LayoutBlock, bands: Bands): 'header' | 'footer' | null {
  if (!JOURNAL_LINE.test(block.text)) return null;
  if (block.box.y1 <= bands.top || block.box.x1 <= bands.left || block.box.x0 >= bands.right) return 'header';
  const below = block.box.y0 >= bands.bottom && blockFontSize(block) < bands.size;
  return below && (PUBLISHER_LINE.test(block.text) || !FOOTNOTE_MARK.test(block.text)) ? 'footer' : null;
}

/** The page's blocks with page numbers and the first page's journal lines (above its title, below its text) marked. */
export function markPageFurniture(page: LayoutPage): LayoutPage {
  const bands = page.number === 1 ? mastheadBands(page) : null;
  const blocks = page.blocks.map((block): LayoutBlock => {
    if (block.role !== 'body') return block;
    if (isPageNumber(block, page)) return { ...block, role: 'page-number' };
    const role = bands && mastheadRole(block, bands);
    return role ? { ...block, role } : block;
  });
  return { ...page, blocks };
}
