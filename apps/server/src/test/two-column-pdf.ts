import { PDFDocument, StandardFonts } from 'pdf-lib';

/** One page of a two-column paper: each column's lines as set (hyphens at line ends included), top to bottom. */
export type TwoColumnPage = {
  left: string[];
  right: string[];
  /** Lines across both columns above them (a title). */
  across?: string[];
  /** A footnote at the foot of the left column, set small. */
  footnote?: string;
};

const PAGE = { width: 612, height: 792 };
const COLUMNS = [72, 324];
const BODY = { size: 10, leading: 12 };

/**
 * A two-column paper as journals set one: a running header ("<running head>" and the page number, alternating
 * sides) and a page number at the foot of every page, a title across both columns, a small footnote at the
 * foot of a column. Helvetica's WinAnsi encoding has the spacing accents (´ ¨) TeX-made PDFs show.
 */
export async function twoColumnPdf(runningHead: string, pages: TwoColumnPage[]): Promise<Buffer> {
  const document = await PDFDocument.create();
  const regular = await document.embedFont(StandardFonts.Helvetica);
  const bold = await document.embedFont(StandardFonts.HelveticaBold);
  pages.forEach((content, index) => {
    const page = document.addPage([PAGE.width, PAGE.height]);
    const number = index + 1;
    const header = number % 2 ? `${runningHead} ${number}` : `${number} ${runningHead}`;
    page.drawText(header, { x: number % 2 ? 300 : 72, y: 750, size: 8, font: regular });
    page.drawText(String(number), { x: 300, y: 40, size: 9, font: regular });
    let top = 700;
    for (const line of content.across ?? []) {
      page.drawText(line, { x: 72, y: top, size: 16, font: bold });
      top -= 24;
    }
    content.left.forEach((line, at) => {
      page.drawText(line, { x: COLUMNS[0], y: top - at * BODY.leading, size: BODY.size, font: regular });
    });
    content.right.forEach((line, at) => {
      page.drawText(line, { x: COLUMNS[1], y: top - at * BODY.leading, size: BODY.size, font: regular });
    });
    if (content.footnote) page.drawText(content.footnote, { x: COLUMNS[0], y: 80, size: 7, font: regular });
  });
  return Buffer.from(await document.save({ useObjectStreams: false }));
}
