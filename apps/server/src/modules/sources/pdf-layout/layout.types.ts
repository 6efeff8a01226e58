/**
 * A PDF page as its layout was read (MuPDF's structured text, cleaned): the seam between reading a PDF
 * (pdf-layout/) and understanding it as a paper (pdf-structure/). Coordinates are PDF points with the
 * origin at the page's top left, y growing downwards.
 */
export type Box = { x0: number; y0: number; x1: number; y1: number };

/** One line of text as set: its words already joined, ligatures expanded and accents composed (NFC). */
export type LayoutLine = {
  text: string;
  box: Box;
  /** The size of most of the line's characters, in points. */
  fontSize: number;
  /** The font of most of the line's characters, e.g. "NimbusRomNo9L-Medi". */
  fontName: string;
  bold: boolean;
  italic: boolean;
};

/**
 * Where a block sits in the page: `body` is the running text (and headings, captions, front matter);
 * `header`, `footer` and `page-number` repeat across pages and are not the paper's content; `footnote`
 * is small text at the foot of a column, kept apart from the body.
 */
export type BlockRole = 'body' | 'header' | 'footer' | 'page-number' | 'footnote';

/** A paragraph-like group of lines; `text` is its lines joined, hyphenation at line ends undone. */
export type LayoutBlock = {
  text: string;
  lines: LayoutLine[];
  box: Box;
  role: BlockRole;
  /** 0 for the left (or only) column, 1 for the right one; -1 for a block spanning the columns. */
  column: number;
};

/** A page's blocks in reading order (columns read top to bottom, left column first). */
export type LayoutPage = {
  /** 1-based. */
  number: number;
  width: number;
  height: number;
  blocks: LayoutBlock[];
  /** True when the page is a scan whose text OCR read: one block over the whole page, lines without positions. */
  ocr?: boolean;
};
