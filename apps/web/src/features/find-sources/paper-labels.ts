import type { CatalogueStatus, ErrorCode, Paper, RatingLevel } from '@quire/contracts';
import { ApiError } from '../../api/client';
import type { Translate } from '../../i18n/translate';

/** Authors shown by name before "et al.". */
export const AUTHORS_SHOWN = 3;

/** "A, B, C et al." after three names; the unknown-author fallback when there is none (spec §3). */
export function formatAuthors(t: Translate, authors: readonly string[]): string {
  const named = authors.map((author) => author.trim()).filter(Boolean);
  if (named.length === 0) return t('sources.unknownAuthor');
  const shown = named.slice(0, AUTHORS_SHOWN).join(', ');
  return named.length > AUTHORS_SHOWN ? t('findSources.card.etAl', { authors: shown }) : shown;
}

export const RATING_KINDS = ['relevance', 'quality', 'trustworthiness'] as const;
export type RatingKind = (typeof RATING_KINDS)[number];

/** "Relevance: high". */
export function ratingLabel(t: Translate, kind: RatingKind, level: RatingLevel): string {
  return t('findSources.rating.badge', {
    kind: t(`findSources.rating.kinds.${kind}`),
    level: t(`findSources.rating.levels.${level}`),
  });
}

/**
 * Which catalogues answered and which did not, in one line: "OpenAlex: 12 · Crossref: 8 · arXiv: timed out".
 * Empty when no catalogue reported.
 */
export function catalogueSummary(t: Translate, catalogues: readonly CatalogueStatus[]): string {
  return catalogues
    .map(({ catalogue, status, count }) =>
      t(`findSources.catalogues.status.${status}`, { name: t(`findSources.catalogues.names.${catalogue}`), count }),
    )
    .join(' · ');
}

/** Failures the tool explains itself, with a next step in the user's language. */
const EXPLAINED: readonly ErrorCode[] = ['no_snippets_found_error', 'search_unavailable', 'request_failed'];

export type SearchFailure = { message: string; hint: string | null };

/**
 * What to say when a search failed: too few sources, no catalogue reachable and no answer at all are
 * translated here with what to do next; any other failure is the server's translated message.
 */
export function searchFailure(t: Translate, error: unknown): SearchFailure {
  if (!(error instanceof ApiError)) {
    console.error('Searching for papers failed', error);
    return { message: t('errors:generic_error'), hint: null };
  }
  const code = error.status === 0 ? 'request_failed' : error.code;
  if (EXPLAINED.includes(code)) {
    return { message: t(`errors:${code}`), hint: t(`findSources.errors.hints.${code}`) };
  }
  return { message: error.message, hint: null };
}

/** A paper's year and venue, as far as they are known. */
export function paperFacts(paper: Pick<Paper, 'year' | 'venue'>): string[] {
  return [paper.year === null ? null : String(paper.year), paper.venue?.trim() || null].filter(
    (fact): fact is string => fact !== null,
  );
}
