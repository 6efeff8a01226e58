import type { StructureSentence } from '@quire/contracts';
import type { LayoutLine } from '../pdf-layout/layout.types';
import {
  AFFILIATION,
  DOCUMENT_KIND,
  INSTITUTION_LINE,
  JOURNAL_FURNITURE,
  NON_AUTHOR_ROLE,
  NOT_AUTHOR_LINE,
} from './labels';
import { AUTHOR_LABEL, looksLikeName, namesOnLine, SUPERVISOR_LABEL } from './names';
import { placeRun } from './sentences';
import { joinLines, type PlacedBlock, tidy } from './text-lines';

/** A front-matter line with its place among the front matter's lines. */
type FrontLine = LayoutLine & { page: number; order?: number; index: number };

export type FrontMatter = {
  title: string | null;
  authors: string[];
  affiliations: string[];
  sentences: StructureSentence[];
  /** The reading-order numbers of the lines read as title, authors or affiliations. */
  used: Set<number>;
};

/** The title sits in the top part of its page; lower down it would be a figure's or a section's lettering. */
const TITLE_ZONE = 0.72;

/**
 * Title, authors and affiliations from the blocks before the abstract (or the title page). The title is
 * the largest type in the top part that is not journal furniture; the authors are the name lines below it;
 * affiliations are the lines that name an institution or an address.
 */
export function readFrontMatter(blocks: PlacedBlock[], pageHeight: number): FrontMatter {
  const lines = blocks.flatMap((block) => block.lines.map((line) => ({ ...line, page: block.page })));
  const ordered: FrontLine[] = lines.map((line, index) => ({ ...line, index }));
  const titleLines = findTitle(ordered, pageHeight);
  const title = titleLines.length > 0 ? tidy(joinLines(titleLines).text).replace(/[∗*†‡⋆✩☆]+$/u, '') : null;
  const side = sideColumn(ordered, titleLines);
  const below = ordered.filter(
    (line) => !titleLines.includes(line) && isBelowTitle(line, titleLines) && !side.some((s) => sameColumn(s, line)),
  );
  const letters = affiliationLetters(below);
  const affiliationLines = below.filter(isAffiliation);
  const wrapped = below.filter((line, index) => index > 0 && wrapsOn(below[index - 1] as FrontLine, line));
  const authors = readAuthors(
    below.filter((line) => !affiliationLines.includes(line) && !wrapped.includes(line)),
    letters,
  );
  const sentences = [
    ...(titleLines.length > 0 ? placeRun(joinLines(titleLines), 'title') : []),
    ...authors.flatMap(({ line, name }) => placeRun(joinLines([line]), 'author', name)),
    ...affiliationLines.flatMap((line) => placeRun(joinLines([line]), 'affiliation')),
  ];
  const used = [...titleLines, ...authors.map(({ line }) => line), ...affiliationLines];
  return {
    used: new Set(used.map((line) => line.order ?? -1)),
    title: title || null,
    authors: [...new Set(authors.map(({ name }) => name))],
    affiliations: affiliationLines.flatMap((line) => splitAffiliations(tidy(line.text))),
    sentences,
  };
}

/** A line that may be (part of) the title; the first line needs some words, a continuation may be one. */
function titleCandidate(line: FrontLine, pageHeight: number, minLetters = 8): boolean {
  const text = tidy(line.text);
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  return (
    line.box.y0 < pageHeight * TITLE_ZONE &&
    letters >= minLetters &&
    !JOURNAL_FURNITURE.test(text) &&
    !DOCUMENT_KIND.test(text.replace(/[.:]$/u, '')) &&
    !INSTITUTION_LINE.test(text) &&
    !NOT_AUTHOR_LINE.test(text) &&
    !/\S+@\S+/u.test(text)
  );
}

/**
 * The largest-type candidate line with no author line above it, and the lines right after it in the same
 * size and style: a title set over lines. A line of names ends it (a scan's OCR layer may set both alike),
 * and so does a change of weight or slant (a translated title set under the original in the same size).
 */
function findTitle(lines: FrontLine[], pageHeight: number): FrontLine[] {
  const authorLines = lines.filter(isNameLine);
  const candidates = lines.filter(
    (line) =>
      titleCandidate(line, pageHeight) &&
      !authorLines.some((names) => names.fontSize < line.fontSize - 0.5 && names.box.y1 <= line.box.y0),
  );
  const size = Math.max(...candidates.map((line) => line.fontSize));
  const first = candidates.find((line) => line.fontSize >= size - 0.5);
  if (!first) return [];
  const title = [first];
  for (const line of lines.slice(first.index + 1)) {
    const previous = title[title.length - 1] as FrontLine;
    const sameType =
      Math.abs(line.fontSize - first.fontSize) <= 0.6 && line.bold === first.bold && line.italic === first.italic;
    const close = line.page === previous.page && line.box.y0 - previous.box.y1 < first.fontSize * 1.2;
    if (!sameType || !close || isNameLine(line) || !titleCandidate(line, pageHeight, 1)) break;
    title.push(line);
    // Lines running on in the same type past a title's length are a paragraph: the page sets no title apart.
    if (title.length > MAX_TITLE_LINES) return [];
  }
  return title;
}

/**
 * A line that carries on the text of the line above in the same type, after a line that was no name line
 * (a translated title running over two lines): "Health Survey" there is no one's name.
 */
function wrapsOn(above: FrontLine, line: FrontLine): boolean {
  const sameType = above.fontSize === line.fontSize && above.bold === line.bold && above.italic === line.italic;
  const gap = line.box.y0 - above.box.y1;
  const text = tidy(above.text);
  const words = text.split(' ').filter((word) => /\p{L}{2}/u.test(word)).length;
  return (
    sameType &&
    gap > -line.fontSize * 0.3 &&
    gap < line.fontSize * 0.6 &&
    words >= 3 &&
    namesOnLine(text).names.length === 0
  );
}

/** A line of two or more names and nothing else, or of names with affiliation markers: an author line. */
function isNameLine(line: FrontLine): boolean {
  const text = tidy(line.text);
  if (JOURNAL_FURNITURE.test(text) || NOT_AUTHOR_LINE.test(text) || /\d{4}/u.test(text)) return false;
  const { names, rest } = namesOnLine(text);
  const marked = /\p{L}[\d∗*†‡]/u.test(text);
  return rest.length === 0 && (names.length >= 2 || (names.length === 1 && marked));
}

/** Titles are set over a few lines; a long one takes four. */
const MAX_TITLE_LINES = 4;

/** Lines under the title and beside it horizontally: a side column of editorial notes is left out. */
function isBelowTitle(line: FrontLine, title: FrontLine[]): boolean {
  const last = title[title.length - 1];
  if (!last) return true;
  const left = Math.min(...title.map((t) => t.box.x0));
  const right = Math.max(...title.map((t) => t.box.x1));
  const overlaps = line.box.x1 > left - 20 && line.box.x0 < right + 20;
  return line.index > last.index && line.box.y0 >= last.box.y0 && overlaps;
}

/**
 * Lines set beside the title, left or right of it: a side column of editorial notes (editor, funding,
 * dates). Lines under them in the same column belong to it, not to the authors.
 */
function sideColumn(lines: FrontLine[], title: FrontLine[]): FrontLine[] {
  if (title.length === 0) return [];
  const top = Math.min(...title.map((t) => t.box.y0));
  const bottom = Math.max(...title.map((t) => t.box.y1));
  const left = Math.min(...title.map((t) => t.box.x0));
  const right = Math.max(...title.map((t) => t.box.x1));
  return lines.filter(
    (line) => line.box.y0 < bottom && line.box.y1 > top && (line.box.x1 <= left || line.box.x0 >= right),
  );
}

function sameColumn(a: FrontLine, b: FrontLine): boolean {
  return a.box.x0 < b.box.x1 && b.box.x0 < a.box.x1;
}

/** An institution or address line; a line that starts with a name is an author's, even with an affiliation. */
function isAffiliation(line: FrontLine): boolean {
  const text = tidy(line.text);
  if (!AFFILIATION.test(text)) return false;
  const first = namesOnLine(text).names[0];
  return !first || !text.startsWith(first.split(' ')[0] ?? first);
}

/**
 * Letters used as affiliation markers ("a School of …", "bCSIRO …", "… México. bSecretaría …"): they are
 * glued to names too. A lower-case letter glued to a capitalised word is a marker wherever it stands.
 */
function affiliationLetters(lines: FrontLine[]): Set<string> {
  const letters = new Set<string>();
  for (const line of lines) {
    const text = tidy(line.text);
    const spaced = /^([a-h])\s+\p{Lu}/u.exec(text);
    if (spaced?.[1] && AFFILIATION.test(text)) letters.add(spaced[1]);
    if (text.length === 1 && /[a-h]/u.test(text)) letters.add(text);
    for (const glued of text.matchAll(/(?:^|[\s.;,])([a-h])(?=\p{Lu}[\p{L}])/gu)) if (glued[1]) letters.add(glued[1]);
  }
  return letters;
}

/** Several affiliations set on one line, each after its marker ("1Example Lab 2University of Turin"). */
function splitAffiliations(text: string): string[] {
  return text
    .split(/\s+(?=(?:\d{1,2}|[∗*†‡§¶]+)\s?\p{Lu}\p{Ll})/u)
    .map(stripMarker)
    .filter(Boolean);
}

function stripMarker(text: string): string {
  return text.replace(/^(?:[\d∗*†‡§¶#$+⋆]+|[a-h](?=\s*\p{Lu}))\s*/u, '').trim();
}

type Role = 'author' | 'other-role' | 'none';

/** Names after a line's last institution are the town and country of its address ("…, Pok Fu Lam, Hong Kong"). */
function namesBeforeAddress(text: string, names: string[], rest: string[]): string[] {
  const institutions = rest.filter((part) => AFFILIATION.test(part)).map((part) => text.lastIndexOf(part));
  if (institutions.length === 0) return names;
  const last = Math.max(...institutions);
  return names.filter((name) => text.indexOf(name) < last);
}

/**
 * Besides its names, an author line holds only where they work: institutions, or one name followed by its
 * institution and the town and country after it ("ANN LEE, University of X, Springfield, USA").
 */
function onlyAddress(text: string, names: string[], rest: string[]): boolean {
  if (rest.every((part) => AFFILIATION.test(part) || part.length <= 3)) return true;
  const addressAfterName = names.length === 1 && text.startsWith(names[0] ?? '') && AFFILIATION.test(rest[0] ?? '');
  return addressAfterName && rest.every((part) => part.split(/\s+/).length <= 4);
}

/**
 * Names on the lines under the title. On a title page, a label decides: names after "Relatore", "Betreuer",
 * "Promotor" or "supervised by" are not authors; names after "Laureando", "vorgelegt von" or "door" are.
 */
function readAuthors(lines: FrontLine[], letters: Set<string>): { name: string; line: FrontLine }[] {
  const labelled = lines.some((line) => AUTHOR_LABEL.test(tidy(line.text)));
  const found: { name: string; line: FrontLine; role: Role }[] = [];
  let role: Role = 'none';
  for (const line of lines) {
    const text = tidy(line.text);
    if (SUPERVISOR_LABEL.test(text) || NON_AUTHOR_ROLE.test(text)) {
      role = 'other-role';
      continue;
    }
    const authorLabel = AUTHOR_LABEL.exec(text);
    if (authorLabel) role = 'author';
    if (NOT_AUTHOR_LINE.test(text) || JOURNAL_FURNITURE.test(text)) continue;
    const { names, rest } = namesOnLine(authorLabel ? text.replace(AUTHOR_LABEL, ' ') : text, letters);
    if (names.length === 0 || !onlyAddress(text, names, rest)) {
      if (!looksLikeName(text) && role === 'other-role' && names.length === 0) role = 'none';
      continue;
    }
    found.push(...namesBeforeAddress(text, names, rest).map((name) => ({ name, line, role })));
  }
  return found.filter((entry) => (labelled ? entry.role === 'author' : entry.role !== 'other-role'));
}
