import {
  emptyRecord,
  normaliseArxivId,
  normaliseDoi,
  type PaperRecord,
  pageRange,
  plainAbstract,
} from '../paper-record';
import type { SearchConfig } from '../search.config';
import { fetchCatalogue, readText } from './catalogue-http';
import type { CatalogueQuery, Connector, ConnectorCall } from './connector';

/** Only the fields the search reads; OpenAlex's `select` keeps answers small. */
const SELECT = [
  'id',
  'doi',
  'display_name',
  'publication_year',
  'ids',
  'primary_location',
  'best_oa_location',
  'open_access',
  'authorships',
  'cited_by_count',
  'citation_normalized_percentile',
  'biblio',
  'is_retracted',
  'type',
  'type_crossref',
  'abstract_inverted_index',
  'language',
].join(',');

type Location = {
  pdf_url?: string | null;
  landing_page_url?: string | null;
  version?: string | null;
  source?: {
    display_name?: string | null;
    type?: string | null;
    host_organization_name?: string | null;
    issn_l?: string | null;
  } | null;
} | null;

export type OpenAlexWork = {
  id?: string;
  doi?: string | null;
  title?: string | null;
  display_name?: string | null;
  publication_year?: number | null;
  ids?: Record<string, string> | null;
  primary_location?: Location;
  best_oa_location?: Location;
  locations?: Location[];
  open_access?: { is_oa?: boolean; oa_url?: string | null } | null;
  authorships?: { author?: { display_name?: string | null }; raw_author_name?: string | null }[];
  cited_by_count?: number | null;
  citation_normalized_percentile?: { value?: number | null } | null;
  biblio?: {
    volume?: string | null;
    issue?: string | null;
    first_page?: string | null;
    last_page?: string | null;
  } | null;
  is_retracted?: boolean | null;
  language?: string | null;
  type?: string | null;
  type_crossref?: string | null;
  abstract_inverted_index?: Record<string, number[]> | null;
};

/** OpenAlex `/works?search=` (docs.openalex.org "Search works"); without an API key it is skipped. */
export function openAlexConnector(config: SearchConfig): Connector {
  return {
    catalogue: 'openalex',
    enabled: Boolean(config.openalexApiKey),
    search: async (query, call) => {
      const response = await fetchCatalogue(openAlexUrl(config, query), call);
      const body = JSON.parse(await readText(response, call.signal)) as { results?: OpenAlexWork[] };
      return parseOpenAlexWorks(body);
    },
  };
}

function openAlexUrl(config: SearchConfig, query: CatalogueQuery): URL {
  const url = new URL(`${config.openalexUrl.replace(/\/$/, '')}/works`);
  url.searchParams.set('search', query.query);
  url.searchParams.set('per_page', String(query.limit));
  url.searchParams.set('select', SELECT);
  const filters: string[] = [];
  if (query.yearFrom) filters.push(`from_publication_date:${query.yearFrom}-01-01`);
  if (query.yearTo) filters.push(`to_publication_date:${query.yearTo}-12-31`);
  if (query.openAccess) filters.push('is_oa:true');
  if (filters.length > 0) url.searchParams.set('filter', filters.join(','));
  if (config.openalexApiKey) url.searchParams.set('api_key', config.openalexApiKey);
  if (config.contactEmail) url.searchParams.set('mailto', config.contactEmail);
  return url;
}

/** The list envelope `{ meta, results[] }` → records. */
export function parseOpenAlexWorks(body: { results?: OpenAlexWork[] }): PaperRecord[] {
  return (body.results ?? []).flatMap((work) => {
    const record = parseOpenAlexWork(work);
    return record ? [record] : [];
  });
}

export function parseOpenAlexWork(work: OpenAlexWork): PaperRecord | null {
  const title = (work.display_name ?? work.title ?? '').trim();
  if (!title) return null;
  const record = emptyRecord('openalex', title);
  const doi = normaliseDoi(work.doi ?? work.ids?.doi);
  const repository = work.primary_location?.source?.type === 'repository';
  const pdfUrl = work.best_oa_location?.pdf_url ?? work.primary_location?.pdf_url ?? null;
  record.doi = doi;
  record.arxivId = doi?.startsWith('10.48550/arxiv.') ? normaliseArxivId(doi) : null;
  record.openalexId = work.id?.replace(/^https?:\/\/openalex\.org\//, '') ?? null;
  record.authors = (work.authorships ?? [])
    .map((authorship) => (authorship.author?.display_name ?? authorship.raw_author_name ?? '').trim())
    .filter(Boolean);
  record.year = work.publication_year ?? null;
  record.venue = work.primary_location?.source?.display_name ?? null;
  record.abstract = plainAbstract(rebuildAbstract(work.abstract_inverted_index));
  record.openAccess = work.open_access?.is_oa === true;
  record.pdfUrl = record.openAccess ? pdfUrl : null;
  record.citationCount = work.cited_by_count ?? null;
  record.citationPercentile = work.citation_normalized_percentile?.value ?? null;
  record.pages = pageRange(work.biblio?.first_page, work.biblio?.last_page);
  record.volume = work.biblio?.volume?.trim() || null;
  record.issue = work.biblio?.issue?.trim() || null;
  record.publisher = work.primary_location?.source?.host_organization_name?.trim() || null;
  record.issn = work.primary_location?.source?.issn_l?.trim() || null;
  record.language = work.language?.trim() || null;
  record.url = work.primary_location?.landing_page_url?.trim() || null;
  record.preprint = work.type === 'preprint' || (repository && work.primary_location?.version === 'submittedVersion');
  record.kind = record.preprint ? 'preprint' : (work.type_crossref ?? work.type ?? null);
  record.retracted = work.is_retracted === true;
  return record;
}

/** OpenAlex ships abstracts as word → positions (for licensing reasons); this puts the words back in order. */
export function rebuildAbstract(index: Record<string, number[]> | null | undefined): string | null {
  if (!index) return null;
  const words: string[] = [];
  for (const [word, positions] of Object.entries(index)) {
    for (const position of positions) words[position] = word;
  }
  const text = words.filter((word) => word !== undefined).join(' ');
  return text || null;
}

/**
 * OpenAlex's record of one DOI (`GET /works/doi:{doi}`, a single Work), or null when OpenAlex does not know
 * it (404, answered as an HTML page). Skipped (null) without an API key, as the search skips OpenAlex.
 */
export async function openAlexWorkByDoi(
  config: SearchConfig,
  doi: string,
  call: ConnectorCall,
): Promise<OpenAlexWork | null> {
  if (!config.openalexApiKey) return null;
  const url = new URL(`${config.openalexUrl.replace(/\/$/, '')}/works/doi:${encodeURIComponent(doi)}`);
  url.searchParams.set('select', 'id,doi,display_name,publication_year,primary_location,authorships,biblio');
  url.searchParams.set('api_key', config.openalexApiKey);
  if (config.contactEmail) url.searchParams.set('mailto', config.contactEmail);
  const response = await fetchCatalogue(url, { ...call, missing: 404 });
  if (!response) return null;
  return JSON.parse(await readText(response, call.signal)) as OpenAlexWork;
}
