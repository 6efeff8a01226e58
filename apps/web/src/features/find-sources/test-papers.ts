import type { Paper, SearchResult } from '@quire/contracts';

/** A paper as GET /gen/papers presents it (tests only); tests change only what they are about. */
export function aPaper(overrides: Partial<Paper> = {}): Paper {
  return {
    id: 'doi:10.1000/soil',
    bookmarked: false,
    title: 'Soil erosion in vineyards',
    authors: ['Ada Lovelace'],
    year: 2021,
    venue: 'Journal of Soils',
    doi: '10.1000/soil',
    abstract: 'Vineyards on slopes lose soil.',
    open_access: false,
    pdf_url: null,
    citation_count: 12,
    pages: '1–12',
    kind: 'article',
    relevance: { level: 'high', reason: 'All query words in the title.' },
    quality: { level: 'normal', reason: 'Cited about as often as papers of its field and age.' },
    trustworthiness: { level: 'low', reason: 'A preprint, not peer-reviewed.' },
    ...overrides,
  };
}

/** A search answer with every catalogue answering unless told otherwise. */
export function aResult(papers: Paper[], overrides: Partial<SearchResult> = {}): SearchResult {
  return {
    papers,
    catalogues: [
      { catalogue: 'openalex', status: 'ok', count: papers.length },
      { catalogue: 'crossref', status: 'ok', count: 0 },
      { catalogue: 'arxiv', status: 'timeout', count: 0 },
      { catalogue: 'semanticscholar', status: 'skipped', count: 0 },
    ],
    offline: false,
    cached: false,
    ...overrides,
  };
}
