import type { DocumentStructure, StructureFootnote, StructureSentence } from '@quire/contracts';
import { detectLanguage } from '../../../text/language';
import type { LayoutPage } from '../pdf-layout/layout.types';
import { walkBody } from './body';
import { readFrontMatter } from './front-matter';
import { headingOf } from './headings';
import { ABSTRACT_LABEL, AFFILIATION, KEYWORDS_LABEL, SECTION_WORD } from './labels';
import { findDoi, findYear } from './publication';
import { parseReference, splitEntries } from './references';
import { inReadingOrder, placeRun, placeSentences } from './sentences';
import { blockRun, bodyFontSize, type PlacedBlock, placedBlocks, type TextRun, tidy } from './text-lines';

/**
 * A paper's structure from its pages' layout: front matter (title, authors, affiliations, abstract,
 * keywords), headings, paragraphs, captions, footnotes and the reference list, and every sentence with its
 * page and box. Pure: the same pages always give the same structure.
 */
export function readStructure(pages: LayoutPage[]): DocumentStructure {
  const blocks = placedBlocks(pages);
  const bodySize = bodyFontSize(blocks.filter((block) => block.role === 'body'));
  const body = blocks.filter((block) => block.role === 'body' || largeOnFirstPage(block, bodySize));
  const language = detectLanguage(body.map((block) => block.text).join('\n')) ?? 'en';
  const frontEnd = frontMatterEnd(body, bodySize);
  const front = readFrontMatter(body.slice(0, frontEnd), pages[0]?.height ?? 842);
  const leftOver = body.slice(0, frontEnd).filter((block) => isUnusedProse(block, front.used));
  const parts = walkBody([...leftOver, ...body.slice(frontEnd)], bodySize, language);
  const footnoteRuns = [
    ...parts.notes,
    ...blocks.filter((block) => block.role === 'footnote').map((b) => blockRun([b])),
  ];
  const entries = splitEntries(parts.referenceBlocks);
  const sentences: StructureSentence[] = inReadingOrder([
    ...front.sentences,
    ...parts.abstracts.flatMap((run) => placeSentences(run, 'abstract', language)),
    ...parts.keywords.flatMap((run) => placeRun(run, 'keywords')),
    ...parts.sentences,
    ...footnoteRuns.flatMap((run) => placeSentences(run, 'footnote', language)),
    ...entries.flatMap((run) => placeRun(run, 'reference')),
  ]);
  return {
    title: front.title,
    authors: front.authors,
    affiliations: front.affiliations,
    abstract: parts.abstracts.map((run) => tidy(run.text)).find(Boolean) ?? null,
    keywords: splitKeywords(parts.keywords[0]?.text ?? ''),
    doi: findDoi(pages),
    year: findYear(pages),
    language: language || null,
    headings: parts.headings,
    paragraphs: parts.paragraphs.map((run) => paragraphOf(run)),
    captions: parts.captions.map(({ run: _run, ...caption }) => caption),
    footnotes: footnoteRuns.map(footnoteOf),
    references: entries.map(parseReference),
    sentences,
  };
}

/**
 * A journal sets its running head in small type; large type at the top of the first page is the title even
 * when it repeats as a running head later on (a layout reader may have marked it a header).
 */
function largeOnFirstPage(block: PlacedBlock, bodySize: number): boolean {
  return block.role === 'header' && block.page === 1 && block.lines.some((line) => line.fontSize >= bodySize + 3);
}

/** Running text on a page without an abstract or heading, that is no title, author or affiliation: body. */
function isUnusedProse(block: PlacedBlock, used: Set<number>): boolean {
  return block.lines.length >= 3 && block.lines.every((line) => !used.has(line.order ?? -1));
}

/**
 * Where the front matter ends: at the first block of page 1 that opens the abstract or keywords, or a
 * numbered or usual section heading; a page 1 without any is a title page, read whole.
 */
function frontMatterEnd(body: PlacedBlock[], bodySize: number): number {
  const firstPage = body[0]?.page ?? 1;
  const index = body.findIndex((block) => {
    if (block.page !== firstPage) return true;
    const line = block.lines[0];
    if (!line) return false;
    const text = tidy(line.text);
    if (ABSTRACT_LABEL.test(text) || KEYWORDS_LABEL.test(text)) return true;
    const heading = headingOf(line, bodySize, block.lines.length === 1, block.page);
    const section = heading !== null && (heading.number !== null || SECTION_WORD.test(heading.text));
    return section && !AFFILIATION.test(text);
  });
  return index < 0 ? body.length : index;
}

function paragraphOf(run: TextRun) {
  const first = run.lines[0]?.page ?? 1;
  return { text: tidy(run.text), page: first, pageEnd: run.lines[run.lines.length - 1]?.page ?? first };
}

function footnoteOf(run: TextRun): StructureFootnote {
  const text = tidy(run.text);
  const marker = /^([\d]{1,3}|[*∗†‡§¶⋆]+)\s*(?=\S)/u.exec(text);
  return {
    marker: marker?.[1] ?? null,
    text: marker ? text.slice(marker[0].length) : text,
    page: run.lines[0]?.page ?? 1,
  };
}

/** Keywords are separated by semicolons, commas, middle dots or, in some journals, full stops. */
function splitKeywords(text: string): string[] {
  const separator = /[;·•]/u.test(text) ? /\s*[;·•]\s*/u : /,/.test(text) ? /\s*,\s*/u : /\.\s+/u;
  return text
    .split(separator)
    .map((keyword) => keyword.replace(/[.\s]+$/u, '').trim())
    .filter((keyword) => keyword.length > 1);
}
