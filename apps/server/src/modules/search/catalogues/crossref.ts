import { cleanName, displayName, type PersonName } from '../../citations/names';
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
  'volume',
  'issue',
  'article-number',
  'publisher',
  'publisher-location',
  'editor',
  'ISBN',
  'ISSN',
  'URL',
].join(',');

/** Crossref's open licences: a work under one of them may be read and its PDF fetched. */
const OPEN_LICENCE = /creativecommons\.org|opensource\.org/i;

type DateParts = { 'date-parts'?: (number | null)[][] } | null | undefined;

/** A contributor: a person (given, family, suffix) or an organisation (name). */
export type CrossrefPerson = { given?: string; family?: string; suffix?: string; name?: string };

export type CrossrefWork = {
  DOI?: string;
  title?: string[];
  author?: CrossrefPerson[];
  editor?: CrossrefPerson[];
  'article-number'?: string;
  'publisher-location'?: string;
  'edition-number'?: string;
  ISBN?: string[];
  ISSN?: string[];
  language?: string;
  URL?: string;
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
  record.authorNames = crossrefNames(work.author);
  record.authors = record.authorNames.map(displayName);
  record.editors = crossrefNames(work.editor);
  record.year = work.issued?.['date-parts']?.[0]?.[0] ?? work.published?.['date-parts']?.[0]?.[0] ?? null;
  record.issuedDate = isoDate(work.issued?.['date-parts']?.[0] ?? work.published?.['date-parts']?.[0]);
  record.volume = text(work.volume);
  record.issue = text(work.issue);
  record.articleNumber = text(work['article-number']);
  record.publisher = text(work.publisher);
  record.place = text(work['publisher-location']);
  record.edition = text(work['edition-number']);
  record.isbn = text(work.ISBN?.[0]);
  record.issn = text(work.ISSN?.[0]);
  record.language = text(work.language);
  record.url = text(work.URL);
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

/** Crossref's contributors in the one name model; an organisation (`name`) stays whole. */
export function crossrefNames(people: CrossrefPerson[] | undefined): PersonName[] {
  return (people ?? []).flatMap((person) => {
    const name = cleanName(
      person.name ? { literal: person.name } : { given: person.given, family: person.family, suffix: person.suffix },
    );
    return name ? [name] : [];
  });
}

const text = (value: string | null | undefined) => value?.replace(/\s+/g, ' ').trim() || null;

/** Date parts with a month ([2024, 5] or [2024, 5, 17]) as "2024-05" / "2024-05-17"; a year alone is `year`. */
export function isoDate(parts: (number | null)[] | undefined): string | null {
  const [year, month, day] = parts ?? [];
  if (!year || !month) return null;
  const pad = (value: number) => String(value).padStart(2, '0');
  return day ? `${year}-${pad(month)}-${pad(day)}` : `${year}-${pad(month)}`;
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
