import { cleanGlyphs } from './glyphs';
import { joinLines } from './hyphenation';
import type { Box, LayoutBlock, LayoutLine } from './layout.types';

/** A rectangle as MuPDF's structured-text JSON writes it. */
type StextRect = { x: number; y: number; w: number; h: number };
type StextLine = {
  wmode: number;
  bbox: StextRect;
  font: { name: string; family: string; weight: string; style: string; size: number };
  text: string;
};
type StextBlock = { type: 'text'; bbox: StextRect; lines: StextLine[] } | { type: 'image'; bbox: StextRect };
/** `StructuredText.asJSON()` of MuPDF, as far as it is read here. */
export type StextPage = { blocks: StextBlock[] };

/** What a page's structured text holds: its text blocks as read (role body, one column) and its images' boxes. */
export type RawPage = { blocks: LayoutBlock[]; images: Box[] };

const boxOf = ({ x, y, w, h }: StextRect): Box => ({ x0: x, y0: y, x1: x + w, y1: y + h });

/** MuPDF's font names carry a subset tag ("TACTGM+NimbusRomNo9L-Medi"), which says nothing about the font. */
const withoutSubset = (name: string) => name.replace(/^[A-Z]{6}\+/, '');

function lineOf(line: StextLine): LayoutLine | null {
  const text = cleanGlyphs(line.text).replace(/\s+/g, ' ').trim();
  if (!text) return null;
  return {
    text,
    box: boxOf(line.bbox),
    fontSize: line.font.size,
    fontName: withoutSubset(line.font.name),
    bold: line.font.weight === 'bold',
    italic: line.font.style === 'italic',
  };
}

function blockOf(block: Extract<StextBlock, { type: 'text' }>): LayoutBlock | null {
  const lines = block.lines.flatMap((line) => lineOf(line) ?? []);
  if (lines.length === 0) return null;
  return { text: joinLines(lines.map((line) => line.text)), lines, box: boxOf(block.bbox), role: 'body', column: 0 };
}

/** The blocks and image boxes of MuPDF's structured text of a page, lines cleaned and joined. */
export function rawPageOf(stext: StextPage): RawPage {
  const blocks: LayoutBlock[] = [];
  const images: Box[] = [];
  for (const block of stext.blocks) {
    if (block.type === 'image') images.push(boxOf(block.bbox));
    else if (block.type === 'text') {
      const read = blockOf(block);
      if (read) blocks.push(read);
    }
  }
  return { blocks, images };
}
