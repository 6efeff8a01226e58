import type { CslEntry, CslName } from '@citation-js/core';
import { normaliseArxivId, normaliseDoi, type PaperRecord, plainAbstract } from '../search/paper-record';
import { cleanName, displayName, type PersonName, parseName } from './names';

/** Crossref's work types (a record's `kind`) → CSL item types. */
const CSL_TYPES: Record<string, string> = {
  'journal-article': 'article-journal',
  article: 'article-journal',
  review: 'article-journal',
  'proceedings-article': 'paper-conference',
  'book-chapter': 'chapter',
  book: 'book',
  monograph: 'book',
  'edited-book': 'book',
  preprint: 'article',
  'posted-content': 'article',
  dataset: 'dataset',
  dissertation: 'thesis',
  report: 'report',
  'reference-entry': 'entry-encyclopedia',
  webpage: 'webpage',
};
/** CSL item types → the record's kind; types Quire has no kind for keep their CSL name. */
const KINDS: Record<string, string> = {
  'article-journal': 'journal-article',
  'paper-conference': 'proceedings-article',
  chapter: 'book-chapter',
  book: 'book',
  article: 'preprint',
  dataset: 'dataset',
  thesis: 'dissertation',
  report: 'report',
  'entry-encyclopedia': 'reference-entry',
  webpage: 'webpage',
};

/** The CSL item type of a record. */
export function cslTypeOf(record: Pick<PaperRecord, 'kind' | 'venue'>): string {
  return CSL_TYPES[record.kind ?? ''] ?? (record.kind && KINDS[record.kind] ? record.kind : 'article-journal');
}

/**
 * The structured names for display strings: the stored ones while they still match the strings (a user
 * may have edited the authors since), else the strings parsed.
 */
export function namesFor(structured: readonly PersonName[] | undefined, display: readonly string[]): CslName[] {
  const shown = display.map((text) => text.trim()).filter(Boolean);
  const matches =
    structured !== undefined &&
    structured.length === shown.length &&
    structured.every((name, index) => displayName(name) === shown[index]);
  return matches ? [...structured] : shown.map(parseName);
}

/** A record as a CSL-JSON item: the one mapping every export and every rendered reference uses. */
export function recordToCsl(id: string, record: PaperRecord): CslEntry {
  const type = cslTypeOf(record);
  const url = record.url ?? record.pdfUrl;
  const entry: CslEntry = { id, type, title: record.titleMarkup ?? record.title };
  const author = namesFor(record.authorNames, record.authors);
  if (author.length > 0) entry.author = author;
  if (record.editors && record.editors.length > 0) entry.editor = [...record.editors];
  const issued = dateParts(record.issuedDate) ?? (record.year ? [record.year] : null);
  if (issued) entry.issued = { 'date-parts': [issued] };
  const accessed = dateParts(record.accessed);
  if (accessed) entry.accessed = { 'date-parts': [accessed] };
  const fields: [string, string | null | undefined][] = [
    ['container-title', record.venue],
    ['volume', record.volume],
    ['issue', record.issue],
    ['page', record.pages?.replace(/\s*[–—]\s*/, '-')],
    ['number', record.articleNumber],
    ['publisher', record.publisher],
    ['publisher-place', record.place],
    ['edition', record.edition],
    ['ISBN', record.isbn],
    ['ISSN', record.issn],
    ['language', record.language],
    ['DOI', record.doi],
    ['URL', url],
    ['abstract', record.abstract],
  ];
  for (const [field, value] of fields) if (value) entry[field] = value;
  return entry;
}

/** A CSL-JSON item (from any imported format) as a record; null without a title. */
export function cslToRecord(entry: CslEntry): PaperRecord | null {
  const rawTitle = typeof entry.title === 'string' ? entry.title : '';
  const title = plainAbstract(rawTitle);
  if (!title) return null;
  const authorNames = cleanNames(entry.author);
  const editors = cleanNames(entry.editor);
  const issued = entry.issued?.['date-parts']?.[0] ?? [];
  const year = Number(issued[0]);
  const url = field(entry.URL);
  const doi = normaliseDoi(field(entry.DOI));
  const venue = field(entry['container-title']);
  const pdf = url && /\.pdf(\?|#|$)/i.test(url);
  return {
    title,
    authors: authorNames.map(displayName),
    authorNames,
    ...(editors.length > 0 ? { editors } : {}),
    ...(/<span class="nocase">/.test(rawTitle) ? { titleMarkup: rawTitle.trim() } : {}),
    year: Number.isInteger(year) && year > 0 ? year : null,
    issuedDate: isoDate(issued),
    venue,
    doi,
    arxivId: doi?.startsWith('10.48550/arxiv.') ? normaliseArxivId(doi) : null,
    openalexId: null,
    s2Id: null,
    abstract: plainAbstract(field(entry.abstract)),
    openAccess: false,
    pdfUrl: pdf ? url : null,
    url: pdf ? null : url,
    citationCount: null,
    citationPercentile: null,
    pages: field(entry.page)?.replace(/-+/, '–') ?? null,
    articleNumber: field(entry.number),
    volume: field(entry.volume),
    issue: field(entry.issue),
    publisher: field(entry.publisher),
    place: field(entry['publisher-place']),
    edition: field(entry.edition),
    isbn: field(entry.ISBN),
    issn: field(entry.ISSN),
    language: field(entry.language),
    accessed: isoDate(entry.accessed?.['date-parts']?.[0] ?? []),
    kind: KINDS[entry.type ?? ''] ?? entry.type ?? null,
    preprint: entry.type === 'article' && !venue,
    retracted: false,
    catalogues: [],
  };
}

function cleanNames(names: CslName[] | undefined): PersonName[] {
  return (names ?? []).flatMap((name) => {
    const kept = cleanName(name);
    return kept ? [kept] : [];
  });
}

function field(value: unknown): string | null {
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value.trim() ? value.replace(/\s+/g, ' ').trim() : null;
}

/** "2024-05-17" → [2024, 5, 17]; "2024-05" → [2024, 5]. */
function dateParts(value: string | null | undefined): number[] | null {
  const match = value ? /^(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?/.exec(value) : null;
  if (!match) return null;
  return match.slice(1).filter(Boolean).map(Number);
}

/** Date parts with at least a month → "YYYY-MM" or "YYYY-MM-DD"; a year alone or nothing → null. */
function isoDate(parts: readonly (number | string)[]): string | null {
  const [year, month, day] = parts.map(Number);
  if (!year || !month) return null;
  const pad = (value: number) => String(value).padStart(2, '0');
  return day ? `${year}-${pad(month)}-${pad(day)}` : `${year}-${pad(month)}`;
}
