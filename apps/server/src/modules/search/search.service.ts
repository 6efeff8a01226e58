import { createHash } from 'node:crypto';
import {
  type CatalogueStatus,
  type LocaleCode,
  SEARCH_MIN_RESULTS,
  type SearchRequest,
  type SearchResult,
} from '@quire/contracts';
import { AppError } from '../../http/app-error';
import { translator } from '../../http/i18n';
import { detectLanguage, searchConfigFor } from '../../text/language';
import { queryCatalogues } from './catalogues/catalogues';
import { mergeRecords } from './merge';
import { type PaperRecord, paperIdOf } from './paper-record';
import { meetsMinimum, rateQuality, rateRelevance, rateTrust, relevanceScores } from './ratings';
import type { SearchDependencies } from './search.dependencies';
import { indexPapers, stemTexts } from './search.index';
import { searchLibraryPapers } from './search.library';
import { type PaperRatings, presentPaper } from './search.present';
import { bookmarkedPaperIds, type CacheEntry, readCache, rememberPapers, writeCache } from './search.store';

/** How many papers each catalogue is asked for. */
export const RESULTS_PER_CATALOGUE = 20;
/** An answer some catalogue failed to give is kept only briefly, so it is asked again soon. */
const PARTIAL_CACHE_SECONDS = 300;
/** The study subject and interests sharpen relevance but count less than the query itself. */
const CONTEXT_WEIGHT = 0.3;

export type RatedPaper = { id: string; record: PaperRecord; ratings: PaperRatings; score: number };

/**
 * Spec §1 "find sources": asks the catalogues (or the cache), merges, rates and filters. Without any
 * catalogue it answers from the user's own library; too few results fail with `no_snippets_found_error`.
 */
export async function searchPapers(
  deps: SearchDependencies,
  {
    userId,
    request,
    locale,
    signal,
  }: { userId: string; request: SearchRequest; locale: LocaleCode; signal?: AbortSignal },
): Promise<SearchResult> {
  // The user's bookmarks are read alongside the search: one wait instead of two on a cache hit.
  const [found, bookmarked] = await Promise.all([
    findRatedPapers(deps, { request, locale, signal }),
    bookmarkedPaperIds(deps.db, userId),
  ]);
  if (found.offline) {
    const papers = await searchLibraryPapers(deps, { userId, query: request.query, locale });
    if (papers.length === 0) throw new AppError('search_unavailable');
    return { papers, catalogues: found.statuses, offline: true, cached: false };
  }
  const papers = filterAndSort(found.papers, request);
  if (papers.length < SEARCH_MIN_RESULTS) throw new AppError('no_snippets_found_error');
  const t = translator(locale);
  return {
    papers: papers.map((paper) => presentPaper(paper.id, paper.record, paper.ratings, bookmarked.has(paper.id), t)),
    catalogues: found.statuses,
    offline: false,
    cached: found.cached,
  };
}

type Found =
  | { offline: false; papers: RatedPaper[]; statuses: CatalogueStatus[]; cached: boolean }
  | { offline: true; statuses: CatalogueStatus[] };

/** The rated, merged papers for a request, before its rating filter and sort; shared with automatic research. */
export async function findRatedPapers(
  deps: SearchDependencies,
  { request, locale, signal }: { request: SearchRequest; locale: LocaleCode; signal?: AbortSignal },
): Promise<Found> {
  const searchConfig = searchConfigFor(
    detectLanguage([request.query, request.subject, request.interests].filter(Boolean).join(' ')) ?? locale,
  );
  const key = cacheKey(request, searchConfig);
  const [cachedEntry, stems] = await Promise.all([
    readCache(deps.db, key),
    stemTexts(deps.db, searchConfig, [request.query, request.subject ?? '', request.interests ?? '']),
  ]);
  let entry = cachedEntry;
  const cached = entry !== undefined;
  if (!entry) {
    const answers = await queryCatalogues(
      deps.catalogues,
      {
        query: request.query,
        yearFrom: request.year_from,
        yearTo: request.year_to,
        openAccess: request.open_access ?? false,
        limit: RESULTS_PER_CATALOGUE,
      },
      { logger: deps.logger, signal },
    );
    if (!answers.statuses.some((status) => status.status === 'ok'))
      return { offline: true, statuses: answers.statuses };
    const merged = mergeRecords(answers.records);
    const index = await indexPapers(deps.db, searchConfig, merged);
    entry = {
      papers: merged.map((record, position) => ({
        id: paperIdOf(record),
        record,
        index: index[position] ?? { terms: {}, length: 0 },
      })),
      statuses: answers.statuses,
    };
    const complete = answers.statuses.every((status) => status.status === 'ok' || status.status === 'skipped');
    await writeCache(
      deps.db,
      key,
      entry,
      complete ? deps.cacheSeconds : Math.min(deps.cacheSeconds, PARTIAL_CACHE_SECONDS),
    );
  }
  const papers = ratePapers(stems, entry);
  if (!cached)
    await rememberPapers(
      deps.db,
      papers.map((paper) => ({ id: paper.id, record: paper.record, relevance: paper.ratings.relevance })),
    );
  return { offline: false, papers, statuses: entry.statuses, cached };
}

/** Relevance against the query (subject and interests count less), quality and trustworthiness of each paper. */
function ratePapers([query = [], subject = [], interests = []]: string[][], entry: CacheEntry): RatedPaper[] {
  const scores = relevanceScores(
    [
      { lexemes: query, weight: 1 },
      { lexemes: subject, weight: CONTEXT_WEIGHT },
      { lexemes: interests, weight: CONTEXT_WEIGHT },
    ],
    entry.papers.map((paper) => paper.index),
  );
  const best = Math.max(0, ...scores.map((score) => score.score));
  return entry.papers.map((paper, position) => {
    const score = scores[position] ?? { score: 0, matched: 0, total: 0 };
    return {
      id: paper.id,
      record: paper.record,
      score: score.score,
      ratings: {
        relevance: rateRelevance(score, best),
        quality: rateQuality(paper.record),
        trustworthiness: rateTrust(paper.record),
      },
    };
  });
}

/** Year range and open access again after merging (a merged paper may carry another version's year), then rating and order. */
export function filterAndSort(papers: RatedPaper[], request: SearchRequest): RatedPaper[] {
  const kept = papers.filter(({ record, ratings }) => {
    if (request.year_from && (record.year === null || record.year < request.year_from)) return false;
    if (request.year_to && (record.year === null || record.year > request.year_to)) return false;
    if (request.open_access && !record.openAccess) return false;
    return meetsMinimum(
      [ratings.relevance.level, ratings.quality.level, ratings.trustworthiness.level],
      request.min_rating,
    );
  });
  const byRelevance = (a: RatedPaper, b: RatedPaper) => b.score - a.score;
  return kept.sort(
    request.sort === 'year'
      ? (a, b) =>
          (b.record.year ?? Number.NEGATIVE_INFINITY) - (a.record.year ?? Number.NEGATIVE_INFINITY) || byRelevance(a, b)
      : byRelevance,
  );
}

/** The request as the catalogues see it: the same words and catalogue filters share one cache entry. */
function cacheKey(request: SearchRequest, searchConfig: string): string {
  const normalised = JSON.stringify([
    request.query.toLowerCase().replace(/\s+/g, ' ').trim(),
    searchConfig,
    request.year_from ?? null,
    request.year_to ?? null,
    request.open_access ?? false,
  ]);
  return createHash('sha256').update(normalised).digest('hex');
}
