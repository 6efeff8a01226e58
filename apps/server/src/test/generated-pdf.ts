import { PDFDocument, type PDFFont, type PDFPage, StandardFonts } from 'pdf-lib';

/** A paper written out as text: what a test needs from "some real-looking PDF", kept in the repository. */
export type PaperText = {
  title: string;
  authors: string[];
  /** Written as the PDF's creation date (15 January of that year). */
  year: number;
  abstract?: string;
  sections: { heading: string; paragraphs: string[] }[];
  /** Starts each section on a new page, as chapters do: more pages from the same text. */
  sectionPerPage?: boolean;
};

const PAGE = { width: 595, height: 842, margin: 64 };
const BODY = { size: 11, leading: 15 };

/**
 * Lays a paper out on A4 pages (title, authors, abstract, numbered headings, wrapped paragraphs) in the
 * standard Helvetica fonts, whose WinAnsi encoding covers the accents of de, fr, es, it, nl and pt, with
 * title, authors and year in the document information, as a producer's PDF has them.
 */
export async function paperPdf(paper: PaperText): Promise<Buffer> {
  const document = await PDFDocument.create();
  const regular = await document.embedFont(StandardFonts.Helvetica);
  const bold = await document.embedFont(StandardFonts.HelveticaBold);
  document.setTitle(paper.title);
  document.setAuthor(paper.authors.join('; '));
  document.setCreationDate(new Date(Date.UTC(paper.year, 0, 15)));
  document.setModificationDate(new Date(Date.UTC(paper.year, 0, 15)));
  document.setProducer('Quire test papers (pdf-lib)');

  const writer = pageWriter(document);
  writer.lines(wrap(paper.title, bold, 16), bold, 16, 22);
  writer.lines([paper.authors.join(', ')], regular, BODY.size, BODY.leading);
  writer.gap();
  if (paper.abstract) {
    writer.lines(['Abstract'], bold, 12, 18);
    writer.lines(wrap(paper.abstract, regular, BODY.size), regular, BODY.size, BODY.leading);
  }
  paper.sections.forEach((section, index) => {
    if (paper.sectionPerPage && index > 0) writer.newPage();
    else writer.gap();
    writer.lines([`${index + 1} ${section.heading}`], bold, 12, 18);
    for (const paragraph of section.paragraphs) {
      writer.lines(wrap(paragraph, regular, BODY.size), regular, BODY.size, BODY.leading);
      writer.gap(BODY.leading / 2);
    }
  });
  return Buffer.from(await document.save({ useObjectStreams: false }));
}

function pageWriter(document: PDFDocument) {
  let page: PDFPage = document.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - PAGE.margin;
  const newPage = () => {
    page = document.addPage([PAGE.width, PAGE.height]);
    y = PAGE.height - PAGE.margin;
  };
  return {
    newPage,
    gap: (height = BODY.leading) => {
      y -= height;
    },
    lines: (lines: string[], font: PDFFont, size: number, leading: number) => {
      for (const line of lines) {
        if (y - leading < PAGE.margin) newPage();
        y -= leading;
        page.drawText(line, { x: PAGE.margin, y, size, font });
      }
    },
  };
}

function wrap(text: string, font: PDFFont, size: number): string[] {
  const width = PAGE.width - 2 * PAGE.margin;
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  if (line) lines.push(line);
  return lines;
}
