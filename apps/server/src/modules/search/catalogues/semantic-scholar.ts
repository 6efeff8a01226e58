import { emptyRecord, normaliseArxivId, normaliseDoi, type PaperRecord, pageRange } from '../paper-record';
import type { SearchConfig } from '../search.config';
import { fetchCatalogue, readText } from './catalogue-http';
import type { CatalogueQuery, Connector } from './connector';

/** The fields asked for (Graph API `fields`); without them the API answers only paperId and title. */
export const S2_FIELDS = [
  'title',
  'authors',
  'year',
  'venue',
  'externalIds',
  'abstract',
  'isOpenAccess',
  'openAccessPdf',
  'citationCount',
  'publicationTypes',
  'journal',
].join(',');

const KINDS: Record<string, string> = {
  JournalArticle: 'journal-article',
  Review: 'journal-article',
  Conference: 'proceedings-article',
  Book: 'book',
  BookSection: 'book-chapter',
  Dataset: 'dataset',
};

export type S2Paper = {
  paperId?: string;
  title?: string | null;
  authors?: { name?: string | null }[];
  year?: number | null;
  venue?: string | null;
  externalIds?: Record<string, string | number> | null;
  abstract?: string | null;
  isOpenAccess?: boolean | null;
  openAccessPdf?: { url?: string | null; status?: string | null } | null;
  citationCount?: number | null;
  publicationTypes?: string[] | null;
  journal?: { name?: string | null; pages?: string | null; volume?: string | null } | null;
};

/** Semantic Scholar Graph API `/graph/v1/paper/search`; the key (optional) lifts the shared pool's throttle. */
export function semanticScholarConnector(config: SearchConfig): Connector {
  return {
    catalogue: 'semanticscholar',
    enabled: true,
    search: async (query, call) => {
      const headers: Record<string, string> = config.semanticScholarApiKey
        ? { 'x-api-key': config.semanticScholarApiKey }
        : {};
      const response = await fetchCatalogue(s2Url(config, query), { ...call, headers });
      const body = JSON.parse(await readText(response, call.signal)) as { data?: S2Paper[] };
      return parseS2Papers(body);
    },
  };
}

function s2Url(config: SearchConfig, query: CatalogueQuery): URL {
  const url = new URL(`${config.semanticScholarUrl.replace(/\/$/, '')}/graph/v1/paper/search`);
  url.searchParams.set('query', query.query);
  url.searchParams.set('fields', S2_FIELDS);
  url.searchParams.set('limit', String(query.limit));
  if (query.yearFrom || query.yearTo) url.searchParams.set('year', `${query.yearFrom ?? ''}-${query.yearTo ?? ''}`);
  if (query.openAccess) url.searchParams.set('openAccessPdf', '');
  return url;
}

/** The search page `{ total, offset, next?, data[] }` → records. */
export function parseS2Papers(body: { data?: S2Paper[] }): PaperRecord[] {
  return (body.data ?? []).flatMap((paper) => {
    const record = parseS2Paper(paper);
    return record ? [record] : [];
  });
}

export function parseS2Paper(paper: S2Paper): PaperRecord | null {
  const title = paper.title?.trim();
  if (!title) return null;
  const record = emptyRecord('semanticscholar', title);
  const ids = paper.externalIds ?? {};
  const types = paper.publicationTypes ?? [];
  const pdf = paper.openAccessPdf?.url || null;
  record.s2Id = paper.paperId ?? null;
  record.doi = normaliseDoi(ids.DOI === undefined ? null : String(ids.DOI));
  record.arxivId = ids.ArXiv === undefined ? null : normaliseArxivId(String(ids.ArXiv));
  record.authors = (paper.authors ?? []).map((author) => (author.name ?? '').trim()).filter(Boolean);
  record.year = paper.year ?? null;
  record.venue = paper.journal?.name || paper.venue || null;
  record.abstract = paper.abstract?.trim() || null;
  // S2 marks some arXiv links "CLOSED"; a PDF it links to with another status is readable.
  record.openAccess = paper.isOpenAccess === true || (pdf !== null && paper.openAccessPdf?.status !== 'CLOSED');
  record.pdfUrl = record.openAccess ? pdf : null;
  record.citationCount = paper.citationCount ?? null;
  record.pages = paper.journal?.pages ? pageRange(...splitPages(paper.journal.pages)) : null;
  record.volume = paper.journal?.volume?.trim() || null;
  const kind = types.map((type) => KINDS[type]).find(Boolean);
  record.preprint = types.length === 0 && record.arxivId !== null && !record.venue;
  record.kind = kind ?? (record.preprint ? 'preprint' : null);
  return record;
}

function splitPages(pages: string): [string, string | null] {
  const [first, last] = pages.split(/\s*[-–]\s*/);
  return [first ?? pages, last ?? null];
}
