import { emptyRecord, normaliseArxivId, normaliseDoi, type PaperRecord, plainAbstract } from '../paper-record';
import type { SearchConfig } from '../search.config';
import { fetchCatalogue, readText } from './catalogue-http';
import type { CatalogueQuery, Connector, ConnectorCall } from './connector';

/** Only the fields the search reads (Crossref REST API `select`). */
const SELECT = [
  'DOI',
  'title',
  'author',
  'issued',
  'published',
  'container-title',
  'abstract',
  'is-referenced-by-count',
  'page',
  'type',
  'license',
  'link',
].join(',');

/** Crossref's open licences: a work under one of them may be read and its PDF fetched. */
const OPEN_LICENCE = /creativecommons\.org|opensource\.org/i;

type DateParts = { 'date-parts'?: (number | null)[][] } | null | undefined;

export type CrossrefWork = {
  DOI?: string;
  title?: string[];
  author?: { given?: string; family?: string; name?: string }[];
  issued?: DateParts;
  published?: DateParts;
  'container-title'?: string[];
  abstract?: string;
  'is-referenced-by-count'?: number;
  page?: string;
  volume?: string;
  issue?: string;
  publisher?: string;
  type?: string;
  license?: { URL?: string }[];
  link?: { URL?: string; 'content-type'?: string }[];
};

/** Crossref `/works?query=` in the polite pool (`mailto`), which gets steadier service. */
export function crossrefConnector(config: SearchConfig): Connector {
  return {
    catalogue: 'crossref',
    enabled: true,
    search: async (query, call) => {
      const response = await fetchCatalogue(crossrefUrl(config, query), call);
      const body = JSON.parse(await readText(response, call.signal)) as { message?: { items?: CrossrefWork[] } };
      return parseCrossrefWorks(body);
    },
  };
}

function crossrefUrl(config: SearchConfig, query: CatalogueQuery): URL {
  const url = new URL(`${config.crossrefUrl.replace(/\/$/, '')}/works`);
  url.searchParams.set('query', query.query);
  url.searchParams.set('rows', String(query.limit));
  url.searchParams.set('select', SELECT);
  const filters: string[] = [];
  if (query.yearFrom) filters.push(`from-pub-date:${query.yearFrom}`);
  if (query.yearTo) filters.push(`until-pub-date:${query.yearTo}`);
  if (filters.length > 0) url.searchParams.set('filter', filters.join(','));
  if (config.contactEmail) url.searchParams.set('mailto', config.contactEmail);
  return url;
}

/** The work-list envelope `{ status, message: { items[] } }` → records. */
export function parseCrossrefWorks(body: { message?: { items?: CrossrefWork[] } }): PaperRecord[] {
  return (body.message?.items ?? []).flatMap((work) => {
    const record = parseCrossrefWork(work);
    return record ? [record] : [];
  });
}

export function parseCrossrefWork(work: CrossrefWork): PaperRecord | null {
  const title = plainAbstract(work.title?.[0]);
  if (!title) return null;
  const record = emptyRecord('crossref', title);
  record.doi = normaliseDoi(work.DOI);
  record.arxivId = record.doi?.startsWith('10.48550/arxiv.') ? normaliseArxivId(record.doi) : null;
  record.authors = (work.author ?? [])
    .map((author) => (author.name ?? [author.given, author.family].filter(Boolean).join(' ')).trim())
    .filter(Boolean);
  record.year = work.issued?.['date-parts']?.[0]?.[0] ?? work.published?.['date-parts']?.[0]?.[0] ?? null;
  record.venue = work['container-title']?.[0] ?? null;
  record.abstract = plainAbstract(work.abstract);
  record.citationCount = work['is-referenced-by-count'] ?? null;
  record.pages = work.page ? work.page.replace(/\s*-\s*/, '–') : null;
  record.openAccess = (work.license ?? []).some((licence) => OPEN_LICENCE.test(licence.URL ?? ''));
  record.pdfUrl = record.openAccess
    ? ((work.link ?? []).find((link) => link['content-type'] === 'application/pdf')?.URL ?? null)
    : null;
  record.preprint = work.type === 'posted-content';
  record.kind = record.preprint ? 'preprint' : (work.type ?? null);
  return record;
}

/** The fields a DOI lookup reads from a single work (`/works/{doi}`). */
const WORK_SELECT = [
  'DOI',
  'title',
  'author',
  'issued',
  'published',
  'container-title',
  'volume',
  'issue',
  'page',
  'publisher',
];

/**
 * Crossref's record of one DOI (`GET /works/{doi}`, the `work` envelope), or null when Crossref does not
 * know it (404 "Resource not found."). Other failures throw a CatalogueError.
 */
export async function crossrefWorkByDoi(
  config: SearchConfig,
  doi: string,
  call: ConnectorCall,
): Promise<CrossrefWork | null> {
  const url = new URL(`${config.crossrefUrl.replace(/\/$/, '')}/works/${encodeURIComponent(doi)}`);
  if (config.contactEmail) url.searchParams.set('mailto', config.contactEmail);
  const response = await fetchCatalogue(url, { ...call, missing: 404 });
  if (!response) return null;
  const body = JSON.parse(await readText(response, call.signal)) as { message?: CrossrefWork };
  return pickFields(body.message ?? null, WORK_SELECT);
}

function pickFields<T extends object>(work: T | null, fields: string[]): T | null {
  if (!work) return null;
  return Object.fromEntries(Object.entries(work).filter(([key]) => fields.includes(key))) as T;
}
