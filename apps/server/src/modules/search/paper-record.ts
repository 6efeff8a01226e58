import type { SearchCatalogue } from '@quire/contracts';
import type { PersonName } from '../citations/names';

/** One catalogue's description of a paper; after merging, what all catalogues together know about it. */
export type PaperRecord = {
  title: string;
  authors: string[];
  year: number | null;
  venue: string | null;
  /** Lower-case, without the https://doi.org/ prefix. */
  doi: string | null;
  /** Without its version suffix, e.g. "1605.08386". */
  arxivId: string | null;
  openalexId: string | null;
  s2Id: string | null;
  abstract: string | null;
  openAccess: boolean;
  /** A direct link to the full text as a PDF, when it is open. */
  pdfUrl: string | null;
  citationCount: number | null;
  /** OpenAlex's citation percentile among works of the same field and year (0–1): age and field normalised. */
  citationPercentile: number | null;
  pages: string | null;
  /** Crossref's vocabulary: journal-article, proceedings-article, book-chapter, preprint, … */
  kind: string | null;
  /** Only a posted preprint (no peer-reviewed version known). */
  preprint: boolean;
  retracted: boolean;
  catalogues: SearchCatalogue[];
} & BibliographicFields;

/**
 * What a reference needs beyond the search fields, kept from the catalogue or imported file and stored
 * with the record (records stored before these fields existed simply lack them).
 */
export type BibliographicFields = {
  /** The authors as structured names, in the order of `authors` (their display forms). */
  authorNames?: PersonName[];
  editors?: PersonName[];
  /** The title with CSL markup, e.g. `<span class="nocase">Escherichia coli</span>`, when it has any. */
  titleMarkup?: string | null;
  volume?: string | null;
  issue?: string | null;
  articleNumber?: string | null;
  publisher?: string | null;
  place?: string | null;
  edition?: string | null;
  isbn?: string | null;
  issn?: string | null;
  /** A language tag such as "en" or "de-DE". */
  language?: string | null;
  /** The page the work is read at (a web page, a landing page); `pdfUrl` is its full text. */
  url?: string | null;
  /** The day the URL was read, "YYYY-MM-DD". */
  accessed?: string | null;
  /** The day or month of publication when known, "YYYY-MM" or "YYYY-MM-DD". */
  issuedDate?: string | null;
};

/** The bibliographic fields, for copying from one record into another. */
export const BIBLIOGRAPHIC_FIELDS = [
  'authorNames',
  'editors',
  'titleMarkup',
  'volume',
  'issue',
  'articleNumber',
  'publisher',
  'place',
  'edition',
  'isbn',
  'issn',
  'language',
  'url',
  'accessed',
  'issuedDate',
] as const satisfies readonly (keyof BibliographicFields)[];

/** A record with every optional field empty; connectors fill in what their catalogue knows. */
export function emptyRecord(catalogue: SearchCatalogue, title: string): PaperRecord {
  return {
    title,
    authors: [],
    year: null,
    venue: null,
    doi: null,
    arxivId: null,
    openalexId: null,
    s2Id: null,
    abstract: null,
    openAccess: false,
    pdfUrl: null,
    citationCount: null,
    citationPercentile: null,
    pages: null,
    kind: null,
    preprint: false,
    retracted: false,
    catalogues: [catalogue],
  };
}

const ARXIV_DOI = /^10\.48550\/arxiv\.(.+)$/i;
const ARXIV_VERSION = /v\d+$/;

/** "https://doi.org/10.1000/XYZ" → "10.1000/xyz"; anything that is no DOI → null. */
export function normaliseDoi(value: string | null | undefined): string | null {
  if (!value) return null;
  const doi = value
    .trim()
    .replace(/^https?:\/\/(dx\.)?doi\.org\//i, '')
    .replace(/^doi:/i, '')
    .toLowerCase();
  return /^10\.\d{4,9}\/\S+$/.test(doi) ? doi : null;
}

/** "http://arxiv.org/abs/2202.12139v1" or "2202.12139v1" → "2202.12139"; arXiv's own DOIs name it too. */
export function normaliseArxivId(value: string | null | undefined): string | null {
  if (!value) return null;
  const fromDoi = ARXIV_DOI.exec(value.replace(/^https?:\/\/(dx\.)?doi\.org\//i, ''))?.[1];
  const id = (fromDoi ?? value.replace(/^https?:\/\/(export\.)?arxiv\.org\/(abs|pdf)\//i, '')).trim();
  return id ? id.replace(ARXIV_VERSION, '').toLowerCase() : null;
}

/** Titles compared without case, accents, punctuation or spacing. */
export function normaliseTitle(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The stable, readable id of a paper: its DOI, else its arXiv id, else a catalogue's own id. */
export function paperIdOf(record: PaperRecord): string {
  if (record.doi && !ARXIV_DOI.test(record.doi)) return `doi:${record.doi}`;
  if (record.arxivId) return `arxiv:${record.arxivId}`;
  if (record.doi) return `doi:${record.doi}`;
  if (record.openalexId) return `openalex:${record.openalexId}`;
  if (record.s2Id) return `s2:${record.s2Id}`;
  return `title:${normaliseTitle(record.title).slice(0, 200)}`;
}

/** A page range written with an en dash, e.g. "525–535"; a single page stays as it is. */
export function pageRange(first: string | null | undefined, last?: string | null): string | null {
  const start = first?.trim();
  if (!start) return null;
  const end = last?.trim();
  return end && end !== start ? `${start}–${end}` : start;
}

/** Text of an abstract without markup (Crossref's JATS, stray HTML) or a leading "Abstract" heading. */
export function plainAbstract(value: string | null | undefined): string | null {
  if (!value) return null;
  const text = value
    .replace(/<jats:title>\s*abstract\s*<\/jats:title>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .replace(/^abstract\s*[:.]?\s+/i, '')
    .trim();
  return text || null;
}
