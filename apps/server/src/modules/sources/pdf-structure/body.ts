import type { StructureCaption, StructureHeading, StructureSentence } from '@quire/contracts';
import { captionStart, headingOf } from './headings';
import {
  ABSTRACT_LABEL,
  APPENDIX_LABEL,
  CONTENTS_LABEL,
  KEYWORDS_LABEL,
  OTHER_FRONT_LABEL,
  REFERENCES_LABEL,
  STRUCTURED_ABSTRACT_PART,
} from './labels';
import { placeRun, placeSentences } from './sentences';
import { blockRun, type PlacedBlock, type TextRun, tidy } from './text-lines';

type Mode = 'abstract' | 'keywords' | 'note' | 'body' | 'references';

/** What the walk over the body collects; the reader turns it into the structure. */
export type BodyParts = {
  abstracts: TextRun[];
  keywords: TextRun[];
  headings: StructureHeading[];
  paragraphs: TextRun[];
  captions: (StructureCaption & { run: TextRun })[];
  notes: TextRun[];
  referenceBlocks: PlacedBlock[];
  sentences: StructureSentence[];
};

type Walk = BodyParts & { mode: Mode; bodySize: number; language: string; seenHeading: boolean; open: PlacedBlock[] };

/** A block with some of its first lines taken off (a label line, a heading set in the same block). */
function remainder(block: PlacedBlock, from: number, firstLineText?: string): PlacedBlock | null {
  const lines = block.lines.slice(from);
  if (firstLineText?.trim()) {
    const first = block.lines[from - 1];
    if (first) lines.unshift({ ...first, text: firstLineText });
  }
  return lines.length > 0 ? { ...block, lines, text: lines.map((line) => line.text).join(' ') } : null;
}

/**
 * Walks the blocks after the title and authors in reading order: abstracts and keywords (by their labels),
 * headings, captions, paragraphs, and the reference list from its heading to the end or an appendix.
 */
export function walkBody(blocks: PlacedBlock[], bodySize: number, language: string): BodyParts {
  const contents = contentsPages(blocks);
  const walk: Walk = {
    abstracts: [],
    keywords: [],
    headings: [],
    paragraphs: [],
    captions: [],
    notes: [],
    referenceBlocks: [],
    sentences: [],
    mode: 'body',
    bodySize,
    language,
    seenHeading: false,
    open: [],
  };
  // A table of contents repeats headings, "Literatur" among them: read as such, it would start the references.
  for (const block of blocks) if (!contents.has(block.page)) visit(walk, block);
  closeParagraph(walk);
  return walk;
}

/** Pages of a table of contents: the one under its heading, and the ones after it that still end lines in page numbers. */
function contentsPages(blocks: PlacedBlock[]): Set<number> {
  const pages = new Set<number>();
  const start = blocks.find((block) => CONTENTS_LABEL.test(tidy(block.lines[0]?.text ?? '')));
  if (!start) return pages;
  pages.add(start.page);
  for (let page = start.page + 1; ; page += 1) {
    const lines = blocks.filter((block) => block.page === page).flatMap((block) => block.lines);
    // An entry's page number ends its line, or stands as a line of its own beside it.
    const numbered = lines.filter((line) =>
      /(?:\.\s?){3,}\s*\d+$|(?:^|\s)\d{1,4}$|^\d+(?:\.\d+)*$/u.test(tidy(line.text)),
    );
    if (lines.length === 0 || numbered.length < lines.length / 2) return pages;
    pages.add(page);
  }
}

function visit(walk: Walk, block: PlacedBlock): void {
  const first = block.lines[0];
  if (!first) return;
  const text = tidy(first.text);
  if (walk.mode === 'references') visitReference(walk, block, text);
  else if (REFERENCES_LABEL.test(text)) startReferences(walk, block, text);
  else if (!walk.seenHeading && block.page <= 2 && labelled(walk, block, text)) return;
  else visitContent(walk, block, first, text);
}

/** A block of the body proper: a heading (perhaps with its paragraph), a caption, or running text. */
function visitContent(walk: Walk, block: PlacedBlock, first: PlacedBlock['lines'][number], text: string): void {
  const heading = headingOf(first, walk.bodySize, block.lines.length === 1 || standsAlone(block), block.page);
  if (heading && !(walk.mode === 'abstract' && STRUCTURED_ABSTRACT_PART.test(text))) {
    addHeading(walk, heading, block);
    const rest = remainder(block, 1);
    if (rest) visit(walk, rest);
    return;
  }
  const caption = captionStart(first, walk.bodySize);
  if (caption) addCaption(walk, caption, block);
  else if (walk.mode === 'abstract' && continuesAbstract(walk, block)) appendTo(walk.abstracts, block);
  else if (walk.mode === 'note' && !walk.seenHeading) appendTo(walk.notes, block);
  else if (
    walk.mode === 'keywords' &&
    block.lines.length <= 3 &&
    walk.keywords[walk.keywords.length - 1]?.text === ''
  ) {
    walk.mode = 'body';
    appendTo(walk.keywords, block);
  } else {
    walk.mode = 'body';
    addBodyBlock(walk, block);
  }
}

/** A first line in a style the rest of its block does not share (bold or larger): a heading set in the block. */
function standsAlone(block: PlacedBlock): boolean {
  const [first, ...rest] = block.lines;
  if (!first || rest.length === 0) return true;
  return rest.every((line) => line.bold !== first.bold || line.fontSize + 0.8 <= first.fontSize);
}

/** Abstract and keyword labels on the first pages open their sections; other front labels close them. */
function labelled(walk: Walk, block: PlacedBlock, text: string): boolean {
  if (ABSTRACT_LABEL.test(text)) {
    closeParagraph(walk);
    walk.mode = 'abstract';
    walk.abstracts.push({ text: '', lines: [] });
    const rest = remainder(block, 1, text.replace(ABSTRACT_LABEL, ''));
    if (rest) appendTo(walk.abstracts, rest);
    return true;
  }
  if (KEYWORDS_LABEL.test(text) || OTHER_FRONT_LABEL.test(text)) {
    closeParagraph(walk);
    const keywords = KEYWORDS_LABEL.test(text);
    // Subject classes, reference formats and the like run to the next label or heading: front notes.
    walk.mode = keywords ? 'keywords' : 'note';
    const runs = keywords ? walk.keywords : walk.notes;
    runs.push({ text: '', lines: [] });
    const rest = remainder(block, 1, keywords ? text.replace(KEYWORDS_LABEL, '') : text);
    if (rest) appendTo(runs, rest);
    return true;
  }
  return false;
}

/** An abstract runs on in its own type size and on its own page; the body after it starts a new page or size. */
function continuesAbstract(walk: Walk, block: PlacedBlock): boolean {
  const current = walk.abstracts[walk.abstracts.length - 1];
  const last = current?.lines[current.lines.length - 1];
  const first = block.lines[0];
  if (!last || !first) return Boolean(current);
  return last.page === block.page && Math.abs(last.fontSize - first.fontSize) <= 1;
}

function appendTo(runs: TextRun[], block: PlacedBlock): void {
  const current = runs[runs.length - 1];
  const added = blockRun([block]);
  if (!current || current.lines.length === 0) {
    runs[runs.length > 0 ? runs.length - 1 : 0] = added;
    return;
  }
  const offset = current.text.length + 1;
  current.text = `${current.text} ${added.text}`;
  current.lines.push(...added.lines.map((line) => ({ ...line, start: line.start + offset, end: line.end + offset })));
}

function addHeading(walk: Walk, heading: StructureHeading, block: PlacedBlock): void {
  closeParagraph(walk);
  walk.mode = 'body';
  walk.seenHeading = true;
  walk.headings.push(heading);
  const line = block.lines[0];
  if (line) walk.sentences.push(...placeRun(blockRun([{ ...block, lines: [line] }]), 'heading'));
}

/** A caption does not close the paragraph around it: floats interrupt a paragraph that then goes on. */
function addCaption(walk: Walk, caption: { label: string; kind: 'figure' | 'table' }, block: PlacedBlock): void {
  const run = blockRun([block]);
  walk.captions.push({ ...caption, text: run.text, page: block.page, run });
  walk.sentences.push(...placeSentences(run, 'caption', walk.language));
}

function startReferences(walk: Walk, block: PlacedBlock, text: string): void {
  closeParagraph(walk);
  walk.mode = 'references';
  walk.seenHeading = true;
  const line = block.lines[0];
  walk.headings.push({
    text: text.replace(/^\d+\.?\s+/u, ''),
    number: /^\d+/.exec(text)?.[0] ?? null,
    level: 1,
    page: block.page,
  });
  if (line) walk.sentences.push(...placeRun(blockRun([{ ...block, lines: [line] }]), 'heading'));
  const rest = remainder(block, 1);
  if (rest) walk.referenceBlocks.push(rest);
}

/** References run to the end, or to an appendix or a numbered section after them. */
function visitReference(walk: Walk, block: PlacedBlock, text: string): void {
  const heading = headingOf(
    block.lines[0] as PlacedBlock['lines'][number],
    walk.bodySize,
    block.lines.length === 1,
    block.page,
  );
  if (APPENDIX_LABEL.test(text) || (heading && heading.number !== null && (block.lines[0]?.bold ?? false))) {
    walk.mode = 'body';
    visit(walk, block);
  } else walk.referenceBlocks.push(block);
}

/**
 * Body blocks make paragraphs; a block that starts in lower case after one that did not end a sentence
 * continues it (over a column or page break). Small type on the first page is a note, not body.
 */
function addBodyBlock(walk: Walk, block: PlacedBlock): void {
  const text = tidy(block.text || block.lines.map((line) => line.text).join(' '));
  const size = block.lines[0]?.fontSize ?? walk.bodySize;
  if (block.page === 1 && !walk.seenHeading && size < walk.bodySize - 0.8) {
    closeParagraph(walk);
    walk.notes.push(blockRun([block]));
    return;
  }
  if (!proseLike(text)) return;
  const previous = walk.open[walk.open.length - 1];
  const continues = previous && !/[.!?:)"”»]$/u.test(tidy(previous.text)) && /^\p{Ll}/u.test(text);
  if (!continues) closeParagraph(walk);
  walk.open.push(block);
}

/** Prose has words: figure lettering, formulas and table cells do not. */
function proseLike(text: string): boolean {
  const words = text.split(/\s+/).filter((word) => /\p{L}{2}/u.test(word));
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  return words.length >= 4 && letters >= text.length * 0.5;
}

function closeParagraph(walk: Walk): void {
  if (walk.open.length === 0) return;
  const run = blockRun(walk.open);
  walk.open = [];
  walk.paragraphs.push(run);
  walk.sentences.push(...placeSentences(run, 'body', walk.language));
}
