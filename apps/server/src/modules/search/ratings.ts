import type { RatingLevel } from '@quire/contracts';
import type { PaperRecord } from './paper-record';

/** A rating before translation: its level and the reason's catalogue key (`search:rating.…`) with parameters. */
export type RatingDraft = { level: RatingLevel; reason: string; params: Record<string, string | number> };

/** A paper's stemmed words (title words count twice) and its length in words, as indexed for relevance. */
export type IndexedTerms = { terms: Record<string, number>; length: number };
/** Stemmed words of the query, the study subject or the interests, with how much each part counts. */
export type WeightedTerms = { lexemes: string[]; weight: number };

const BM25 = { k1: 1.2, b: 0.75 } as const;
const LEVEL_ORDER: Record<RatingLevel, number> = { low: 0, normal: 1, high: 2 };

export type RelevanceScore = { score: number; matched: number; total: number };

/**
 * BM25 of the query (and, weighted lower, subject and interests) against each paper's title and abstract,
 * with document frequencies taken over the result set itself. `matched`/`total` count the query's own terms.
 */
export function relevanceScores(parts: WeightedTerms[], papers: IndexedTerms[]): RelevanceScore[] {
  const averageLength = papers.reduce((sum, paper) => sum + paper.length, 0) / Math.max(1, papers.length) || 1;
  const frequency = (lexeme: string) => papers.filter((paper) => (paper.terms[lexeme] ?? 0) > 0).length;
  const idf = new Map<string, number>();
  for (const lexeme of new Set(parts.flatMap((part) => part.lexemes))) {
    const df = frequency(lexeme);
    idf.set(lexeme, Math.log(1 + (papers.length - df + 0.5) / (df + 0.5)));
  }
  const queryTerms = [...new Set(parts[0]?.lexemes ?? [])];
  return papers.map((paper) => {
    let score = 0;
    for (const part of parts) {
      for (const lexeme of new Set(part.lexemes)) {
        const tf = paper.terms[lexeme] ?? 0;
        if (tf === 0) continue;
        const norm = tf + BM25.k1 * (1 - BM25.b + (BM25.b * paper.length) / averageLength);
        score += part.weight * (idf.get(lexeme) ?? 0) * ((tf * (BM25.k1 + 1)) / norm);
      }
    }
    const matched = queryTerms.filter((lexeme) => (paper.terms[lexeme] ?? 0) > 0).length;
    return { score, matched, total: queryTerms.length };
  });
}

/**
 * Relevance within the result set: the best paper sets the scale. High needs a strong score and most of
 * the query's terms; a paper that has half of them is at least normal.
 */
export function rateRelevance(score: RelevanceScore, bestScore: number): RatingDraft {
  const share = bestScore > 0 ? score.score / bestScore : 0;
  const coverage = score.total > 0 ? score.matched / score.total : 0;
  const params = { matched: score.matched, total: score.total };
  if (share >= 0.6 && coverage >= 0.5) return { level: 'high', reason: 'rating.relevance.high', params };
  if (share >= 0.25 || coverage >= 0.5) return { level: 'normal', reason: 'rating.relevance.normal', params };
  return { level: 'low', reason: 'rating.relevance.low', params };
}

/** Until a paper is this many calendar years old, few citations say little about it. */
const YOUNG_YEARS = 2;

/**
 * Quality from how often a paper is cited for its age: OpenAlex's field- and year-normalised citation
 * percentile when known, else citations per year since publication; a known venue lifts a young or
 * moderately cited paper.
 */
export function rateQuality(paper: PaperRecord, currentYear = new Date().getFullYear()): RatingDraft {
  if (paper.citationPercentile !== null) {
    const percent = Math.round(paper.citationPercentile * 100);
    const level: RatingLevel = percent >= 90 ? 'high' : percent >= 50 ? 'normal' : 'low';
    return { level, reason: `rating.quality.percentile_${level}`, params: { percent } };
  }
  if (paper.citationCount === null || paper.year === null) {
    return paper.venue && !paper.preprint
      ? { level: 'normal', reason: 'rating.quality.venue_only', params: { venue: paper.venue } }
      : { level: 'low', reason: 'rating.quality.unknown', params: {} };
  }
  const age = Math.max(1, currentYear - paper.year + 1);
  const perYear = Math.round((paper.citationCount / age) * 10) / 10;
  const knownVenue = Boolean(paper.venue) && !paper.preprint;
  const params = { perYear, count: paper.citationCount };
  if (perYear >= 10 || (perYear >= 5 && knownVenue))
    return { level: 'high', reason: 'rating.quality.cited_high', params };
  if (perYear >= 1) return { level: 'normal', reason: 'rating.quality.cited_normal', params };
  if (age <= YOUNG_YEARS && knownVenue)
    return { level: 'normal', reason: 'rating.quality.recent', params: { venue: paper.venue ?? '' } };
  return { level: 'low', reason: 'rating.quality.cited_low', params };
}

/** Kinds that go through peer review (Crossref's vocabulary, plus OpenAlex's generic "article"). */
const PEER_REVIEWED = new Set(['journal-article', 'proceedings-article', 'article', 'review']);

/** Trustworthiness from retraction, preprint status, peer-reviewed publication and a DOI. */
export function rateTrust(paper: PaperRecord): RatingDraft {
  if (paper.retracted) return { level: 'low', reason: 'rating.trust.retracted', params: {} };
  if (paper.preprint) return { level: 'low', reason: 'rating.trust.preprint', params: {} };
  if (paper.kind && PEER_REVIEWED.has(paper.kind) && paper.doi)
    return { level: 'high', reason: 'rating.trust.peer_reviewed', params: {} };
  if (paper.doi || paper.venue) return { level: 'normal', reason: 'rating.trust.registered', params: {} };
  return { level: 'low', reason: 'rating.trust.unverified', params: {} };
}

export function meetsMinimum(levels: RatingLevel[], minimum: RatingLevel | undefined): boolean {
  return !minimum || levels.every((level) => LEVEL_ORDER[level] >= LEVEL_ORDER[minimum]);
}
