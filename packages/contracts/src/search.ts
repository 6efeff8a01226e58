import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { Paper, RatingLevel, Source } from './sources';

/**
 * Academic search (spec §1 "find sources with ratings"): papers from the catalogues, their import and
 * export, and the bookmarks of papers and library sources. The calls are `searchEndpoints`.
 */

/** Catalogues queried in parallel; each reports how it fared so the UI can say which could not be reached. */
export const SearchCatalogue = z.enum(['openalex', 'crossref', 'arxiv', 'semanticscholar']);
export type SearchCatalogue = z.infer<typeof SearchCatalogue>;

export const CatalogueStatus = z.object({
  catalogue: SearchCatalogue,
  /** skipped: not configured (e.g. OpenAlex without an API key). */
  status: z.enum(['ok', 'failed', 'timeout', 'rate_limited', 'skipped']),
  count: z.number().int().min(0),
});
export type CatalogueStatus = z.infer<typeof CatalogueStatus>;

export const SEARCH_SORTS = ['relevance', 'year'] as const;
export const SEARCH_QUERY_MAX = 300;

const optionalYear = z.coerce.number().int().min(1000).max(3000).optional();
const queryFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1')
  .optional();

export const SearchRequest = z
  .object({
    query: z.string().trim().min(2).max(SEARCH_QUERY_MAX),
    /** The user's study subject and interests sharpen relevance when given. */
    subject: z.string().trim().max(200).optional(),
    interests: z.string().trim().max(300).optional(),
    year_from: optionalYear,
    year_to: optionalYear,
    open_access: queryFlag,
    /** Keeps papers none of whose three ratings is below this level. */
    min_rating: RatingLevel.optional(),
    sort: z.enum(SEARCH_SORTS).default('relevance'),
  })
  .refine((request) => !request.year_from || !request.year_to || request.year_from <= request.year_to, {
    path: ['year_to'],
    message: 'year_to must not be before year_from',
  });
export type SearchRequest = z.infer<typeof SearchRequest>;

export const SearchResult = z.object({
  papers: z.array(Paper),
  catalogues: z.array(CatalogueStatus),
  /** No catalogue answered: the papers come from the user's own library. */
  offline: z.boolean(),
  /** Served from the database cache. */
  cached: z.boolean(),
});
export type SearchResult = z.infer<typeof SearchResult>;

export const AddPaperRequest = z.object({ paper_id: z.string().min(1).max(300) });
export type AddPaperRequest = z.infer<typeof AddPaperRequest>;

export const EXPORT_FORMATS = ['bibtex', 'biblatex', 'ris', 'csl-json'] as const;
export const ExportFormat = z.enum(EXPORT_FORMATS);
export type ExportFormat = z.infer<typeof ExportFormat>;
export const ExportPapersRequest = z.object({
  paper_ids: z.array(z.string().min(1).max(300)).min(1).max(500),
  format: ExportFormat,
});
export type ExportPapersRequest = z.infer<typeof ExportPapersRequest>;

/** Largest BibTeX, BibLaTeX, RIS or CSL-JSON file accepted for import. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

/** One entry of an imported file as it landed in the library: the new source's id and what identifies it. */
export const ImportedEntry = z.object({
  source_id: z.string(),
  title: z.string(),
  authors: z.array(z.string()),
  year: z.number().int().nullable(),
});
export type ImportedEntry = z.infer<typeof ImportedEntry>;

export const ImportResult = z.object({
  imported: z.number().int().min(0),
  skipped: z.number().int().min(0),
  /** The imported entries in file order (entries already in the library are skipped, not listed). */
  entries: z.array(ImportedEntry),
});
export type ImportResult = z.infer<typeof ImportResult>;

export const BookmarkResult = z.object({ bookmarked: z.boolean() });
export type BookmarkResult = z.infer<typeof BookmarkResult>;

/** Fewer results than this and a search answers `no_snippets_found_error`. */
export const SEARCH_MIN_RESULTS = 1;

/** The automatic research's stages (spec §4 generation stages), reported as they start. */
export const RESEARCH_STAGES = ['searching_sources', 'filtering_sources', 'processing_sources'] as const;
export const ResearchStage = z.enum(RESEARCH_STAGES);
export type ResearchStage = z.infer<typeof ResearchStage>;

/** Find sources (spec §1, §7): search, adding results to the library, bookmarks, export and import. */
export const searchEndpoints = {
  /** The catalogues' answer, with how each catalogue fared. */
  search: defineEndpoint({
    method: 'GET',
    service: 'gen',
    path: '/papers',
    query: SearchRequest,
    response: SearchResult,
  }),
  /** A paper becomes a source of the library (its open-access PDF, else its metadata). */
  add: defineEndpoint({
    method: 'POST',
    service: 'gen',
    path: '/papers/add',
    body: AddPaperRequest,
    response: Source,
    status: 201,
  }),
  /** The selected papers as a BibTeX or RIS file. */
  export: defineEndpoint({
    method: 'POST',
    service: 'gen',
    path: '/papers/export',
    body: ExportPapersRequest,
    response: 'file',
  }),
  /** A BibTeX or RIS file (multipart `file`) into the library. */
  import: defineEndpoint({
    method: 'POST',
    service: 'gen',
    path: '/papers/import',
    body: 'multipart',
    response: ImportResult,
    status: 201,
  }),
  /** Toggles the bookmark of a library source or a paper; answers whether it is bookmarked now. */
  bookmark: defineEndpoint({
    method: 'POST',
    service: 'gen',
    path: '/bookmark',
    query: z.object({ source_id: z.string().trim().min(1).max(300) }),
    response: BookmarkResult,
  }),
  bookmarked: defineEndpoint({ method: 'GET', service: 'gen', path: '/bookmarked', response: z.array(Paper) }),
};
