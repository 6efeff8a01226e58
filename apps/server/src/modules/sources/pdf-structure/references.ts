import type { StructureReference } from '@quire/contracts';
import { joinLines, type PlacedBlock, type TextRun } from './text-lines';

type Line = PlacedBlock['lines'][number] & { page: number; column: number };

/** "[12] …", "12. …", "12 …": a numbered entry's start and its label. */
const NUMBERED_START = /^\s*(?:\[(\d{1,4})\]|(\d{1,4})\.(?=\s)|(\d{1,4})\s+(?=\p{Lu}))/u;
/** "Smith, J.", "Smith J", "van der Berg, A.", "SMITH, J.": how author–year entries begin. */
const AUTHOR_START =
  /^(?:(?:van|von|de|der|den|del|della|di|da|dos|du|la|le|ten|ter)\s+)*\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+)?,?\s+(?:\p{Lu}\.|\p{Lu}{1,3}\b|\p{Lu}\p{Ll}+)/u;

/**
 * The reference list's lines cut into entries. Numbered lists start an entry at each label; author–year
 * lists at each line set out to the column's left edge (hanging indent), or, when entries are set flush,
 * at a line that starts like an author list after a line that ended a sentence.
 */
export function splitEntries(blocks: PlacedBlock[]): TextRun[] {
  const lines: Line[] = blocks.flatMap((block) =>
    block.lines.map((line) => ({ ...line, page: block.page, column: block.column })),
  );
  const numbered = lines.filter((line) => NUMBERED_START.test(line.text)).length >= Math.max(2, lines.length / 6);
  const starts = numbered ? lines.map((line) => NUMBERED_START.test(line.text)) : authorYearStarts(lines, blocks);
  const entries: Line[][] = [];
  lines.forEach((line, index) => {
    if (starts[index] || entries.length === 0) entries.push([line]);
    else entries[entries.length - 1]?.push(line);
  });
  return entries.map((entry) => joinLines(entry)).filter((run) => run.text.length > 10);
}

function authorYearStarts(lines: Line[], blocks: PlacedBlock[]): boolean[] {
  const leftEdge = new Map<string, number>();
  for (const line of lines) {
    const key = `${line.page}:${line.column}`;
    leftEdge.set(key, Math.min(leftEdge.get(key) ?? Number.POSITIVE_INFINITY, line.box.x0));
  }
  const indented = lines.filter((line) => line.box.x0 > (leftEdge.get(`${line.page}:${line.column}`) ?? 0) + 3);
  const hanging = indented.length >= lines.length / 4;
  const blockStarts = new Set(blocks.map((block) => block.lines[0]));
  const entryPerBlock = blocks.length >= 3 && blocks.every((block) => block.lines.length <= 6);
  return lines.map((line, index) => {
    const flushLeft = line.box.x0 <= (leftEdge.get(`${line.page}:${line.column}`) ?? 0) + 3;
    if (hanging) return flushLeft;
    if (entryPerBlock) return blockStarts.has(lines[index]);
    const previous = lines[index - 1]?.text.trim() ?? '';
    return AUTHOR_START.test(line.text) && /[.)]$/.test(previous);
  });
}

const YEAR_IN_ENTRY = /\((\d{4})[a-z]?\)|\b((?:19|20)\d{2})[a-z]?\b/u;
const DOI_IN_ENTRY = /\b10\.\d{4,9}\/[^\s"<>]+/u;

/** One entry parsed into label, authors, year, title and venue where its style allows. */
export function parseReference(run: TextRun): StructureReference {
  const text = run.text.replace(/\s+/g, ' ').trim();
  const labelMatch = NUMBERED_START.exec(text);
  const label = labelMatch ? (labelMatch[1] ?? labelMatch[2] ?? labelMatch[3] ?? null) : null;
  const body = labelMatch ? text.slice(labelMatch[0].length).trim() : text;
  const yearMatch = YEAR_IN_ENTRY.exec(body);
  const year = yearMatch ? Number(yearMatch[1] ?? yearMatch[2]) : null;
  const { authorsText, afterAuthors } = splitAuthors(body, yearMatch);
  const { title, venue } = titleAndVenue(afterAuthors);
  return {
    label,
    text,
    authors: parseAuthorList(authorsText),
    year,
    title,
    venue,
    doi:
      DOI_IN_ENTRY.exec(body)?.[0]
        .replace(/[.,;)]+$/u, '')
        .toLowerCase() ?? null,
    page: run.lines[0]?.page ?? 1,
  };
}

/**
 * Author–year styles put the year right after the authors ("Smith, J. (2010). Title…"); numbered styles end
 * the author list at the first full stop that does not close an initial ("K. Olsen and T. Baker. Title…").
 */
function splitAuthors(body: string, yearMatch: RegExpExecArray | null) {
  if (yearMatch?.[1] && (yearMatch.index ?? 0) < 200) {
    const afterYear = body.slice((yearMatch.index ?? 0) + yearMatch[0].length).replace(/^[\s.,:;]+/, '');
    return { authorsText: body.slice(0, yearMatch.index).replace(/[\s,;(]+$/, ''), afterAuthors: afterYear };
  }
  const end = authorListEnd(body);
  const quoted = /[“"«]/u.test(body[end] ?? '');
  return { authorsText: body.slice(0, end), afterAuthors: body.slice(quoted ? end : end + 1).trim() };
}

function authorListEnd(body: string): number {
  const quote = body.search(/[“"«]/u);
  for (const match of body.matchAll(/[.:](?=\s)/gu)) {
    const index = match.index ?? 0;
    if (quote >= 0 && index > quote) return quote;
    const word = /(\S+)$/u.exec(body.slice(0, index))?.[1] ?? '';
    if (/^(?:\p{Lu}|\p{Lu}\p{Ll}?|et al|al|Jr|Sr)$/u.test(word.replace(/^.*[.-]/u, ''))) continue;
    return index;
  }
  return quote >= 0 ? quote : 0;
}

function titleAndVenue(rest: string): { title: string | null; venue: string | null } {
  const quoted = /^[“"«]([^”"»]+)[”"»][.,]?\s*(.*)$/u.exec(rest);
  if (quoted) return { title: clean(quoted[1]), venue: venueOf(quoted[2] ?? '') };
  const stop = rest.search(/[.?!](?=\s+\p{Lu}|\s+In\b|\s*$)/u);
  if (stop < 0) return { title: clean(rest), venue: null };
  return { title: clean(rest.slice(0, stop + (rest[stop] === '.' ? 0 : 1))), venue: venueOf(rest.slice(stop + 1)) };
}

/** The venue: what follows the title, without "In", editors, volume, pages, year and identifiers. */
function venueOf(rest: string): string | null {
  const venue = rest
    .replace(/^\s*(?:in|en|em|dans|im)\s*:?\s+/iu, '')
    .split(
      /,\s*(?:vol\.|pp\.|p\.|pages?\b|\d)|\s\d+\s*\(|\s\d+:\d|[.;]\s+(?=\d)|;\s|\.\s*$|\s(?:19|20)\d{2}|\bdoi\b|https?:/iu,
    )[0];
  return clean(venue);
}

function clean(value: string | undefined): string | null {
  const text = value
    ?.replace(/\s+/g, ' ')
    .replace(/^[\s.,;:]+|[\s.,;:]+$/gu, '')
    .trim();
  return text && text.length > 1 ? text : null;
}

/** "Smith, J., Doe, A. and Roe, B." or "J. Smith, A. Doe, and B. Roe" → one string per author. */
export function parseAuthorList(text: string): string[] {
  const list = text
    .replace(/\bet al\.?/gu, '')
    .replace(/\s*(?:,\s*)?(?:\band\b|&|\bund\b|\bet\b|\by\b|\be\b|\ben\b)\s+/gu, '; ');
  const inverted = /^\s*[\p{Lu}][\p{L}'’-]+(?:\s[\p{L}'’-]+)?,\s*(?:\p{Lu}\.|\p{Lu}\p{Ll}+\b)/u.test(list);
  const parts = inverted ? pairInverted(list) : list.split(/\s*[;,]\s*/u);
  return parts.map((part) => part.replace(/^[\s.,;]+|[\s,;]+$/gu, '').trim()).filter((part) => /\p{L}{2}/u.test(part));
}

/** "Smith, J., Doe, A." splits at every comma; pairs surname and initials again. */
function pairInverted(list: string): string[] {
  const pieces = list.split(/\s*[;,]\s*/u).filter(Boolean);
  const authors: string[] = [];
  for (let index = 0; index < pieces.length; index += 1) {
    const surname = pieces[index] ?? '';
    const given = pieces[index + 1] ?? '';
    if (
      (/^(?:\p{Lu}\.?\s?-?)+$|^\p{Lu}\p{Ll}+(?:\s\p{Lu}\.)*$/u.test(given) && !/\s/u.test(surname.trim())) ||
      /^(?:\p{Lu}\.\s?-?)+$/u.test(given)
    ) {
      authors.push(`${surname}, ${given}`);
      index += 1;
    } else authors.push(surname);
  }
  return authors;
}
