import { cleanGlyphs } from './glyphs';
import { joinLines } from './hyphenation';
import type { Box, LayoutBlock, LayoutLine } from './layout.types';

/** A rectangle as MuPDF's structured-text JSON writes it. */
type StextRect = { x: number; y: number; w: number; h: number };
type StextLine = {
  wmode: number;
  bbox: StextRect;
  font: { name: string; family: string; weight: string; style: string; size: number };
  /** The first character's origin: `y` is the baseline. */
  x?: number;
  y?: number;
  text: string;
};
type StextBlock = { type: 'text'; bbox: StextRect; lines: StextLine[] } | { type: 'image'; bbox: StextRect };
/** `StructuredText.asJSON()` of MuPDF, as far as it is read here. */
export type StextPage = { blocks: StextBlock[] };

/** What a page's structured text holds: its text blocks as read (role body, one column) and its images' boxes. */
export type RawPage = { blocks: LayoutBlock[]; images: Box[] };

/**
 * MuPDF writes coordinates and font sizes in its JSON as whole numbers of `1 / scale` points: read at scale 1, a
 * paper's 10.9 pt body and its 11.9 pt headings both come out 11 or 10 by line, and no heading stands out.
 */
export const STEXT_SCALE = 10;

const boxOf = ({ x, y, w, h }: StextRect, scale: number): Box => ({
  x0: x / scale,
  y0: y / scale,
  x1: (x + w) / scale,
  y1: (y + h) / scale,
});

/** MuPDF's font names carry a subset tag ("TACTGM+NimbusRomNo9L-Medi"), which says nothing about the font. */
const withoutSubset = (name: string) => name.replace(/^[A-Z]{6}\+/, '');

function lineOf(line: StextLine, scale: number): LayoutLine | null {
  const text = cleanGlyphs(line.text).replace(/\s+/g, ' ').trim();
  if (!text) return null;
  return {
    text,
    box: boxOf(line.bbox, scale),
    fontSize: line.font.size / scale,
    fontName: withoutSubset(line.font.name),
    bold: line.font.weight === 'bold',
    italic: line.font.style === 'italic',
  };
}

/** A heading's number or letter standing alone: "1", "3.2", "IV.", "A.1". */
const SECTION_NUMBER = /^(?:\d{1,2}(?:\.\d{1,2})*|[IVX]{1,5}|[A-H](?:\.\d{1,2})*)\.?$/u;

/**
 * Whether a line on the baseline of the one before continues it: MuPDF splits a line at a wide gap, as between
 * a heading's number and its words ("1" and "Introduction"). A run-in heading ("Results." in bold, then the
 * paragraph in roman type) stays a line of its own, as the heading it is.
 */
function continuesLine(previous: LayoutLine, line: LayoutLine): boolean {
  if (SECTION_NUMBER.test(previous.text)) return true;
  return (
    previous.fontName === line.fontName &&
    previous.bold === line.bold &&
    previous.italic === line.italic &&
    Math.abs(previous.fontSize - line.fontSize) < 0.3
  );
}

/** Lines of a block on one baseline, one after the other, that continue each other (continuesLine) are one line. */
function joinBaselines(lines: LayoutLine[], baselines: number[]): LayoutLine[] {
  const joined: LayoutLine[] = [];
  const joinedBaselines: number[] = [];
  lines.forEach((line, index) => {
    const previous = joined[joined.length - 1];
    const baseline = baselines[index] ?? line.box.y1;
    const sameBaseline =
      previous && Math.abs((joinedBaselines[joinedBaselines.length - 1] ?? 0) - baseline) <= line.fontSize * 0.2;
    if (previous && sameBaseline && line.box.x0 >= previous.box.x1 - 1 && continuesLine(previous, line)) {
      joined[joined.length - 1] = {
        ...previous,
        text: `${previous.text} ${line.text}`,
        box: {
          x0: previous.box.x0,
          y0: Math.min(previous.box.y0, line.box.y0),
          x1: line.box.x1,
          y1: Math.max(previous.box.y1, line.box.y1),
        },
      };
      return;
    }
    joined.push(line);
    joinedBaselines.push(baseline);
  });
  return joined;
}

function blockOf(block: Extract<StextBlock, { type: 'text' }>, scale: number): LayoutBlock | null {
  const read = block.lines.flatMap((line) => {
    const layoutLine = lineOf(line, scale);
    return layoutLine ? [{ layoutLine, baseline: line.y === undefined ? layoutLine.box.y1 : line.y / scale }] : [];
  });
  const lines = joinBaselines(
    read.map((entry) => entry.layoutLine),
    read.map((entry) => entry.baseline),
  );
  if (lines.length === 0) return null;
  return {
    text: joinLines(lines.map((line) => line.text)),
    lines,
    box: boxOf(block.bbox, scale),
    role: 'body',
    column: 0,
  };
}

/**
 * The blocks and image boxes of MuPDF's structured text of a page, lines cleaned and joined; `scale` is the one
 * the JSON was written at (STEXT_SCALE).
 */
export function rawPageOf(stext: StextPage, scale = 1): RawPage {
  const blocks: LayoutBlock[] = [];
  const images: Box[] = [];
  for (const block of stext.blocks) {
    if (block.type === 'image') images.push(boxOf(block.bbox, scale));
    else if (block.type === 'text') {
      const read = blockOf(block, scale);
      if (read) blocks.push(read);
    }
  }
  return { blocks, images };
}
