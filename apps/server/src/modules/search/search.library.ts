import type { LocaleCode, Paper, RatingLevel } from '@quire/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { sources } from '../../db/schema';
import { translator } from '../../http/i18n';
import type { PaperRecord } from './paper-record';
import { type RatingDraft, rateQuality, rateTrust } from './ratings';
import type { SearchDependencies } from './search.dependencies';
import { presentPaper } from './search.present';
import { searchLibrary } from './search.store';

/** Longest passage shown in place of an abstract. */
const PREVIEW_CHARACTERS = 600;

/**
 * The user's own sources that match the query, shaped as search results: what search answers when no
 * catalogue can be reached. Their id is the source's id, so bookmarking one marks the library source.
 */
export async function searchLibraryPapers(
  { db, fileLinks }: Pick<SearchDependencies, 'db' | 'fileLinks'>,
  { userId, query, locale }: { userId: string; query: string; locale: LocaleCode },
): Promise<Paper[]> {
  const hits = await searchLibrary(db, userId, query);
  if (hits.length === 0) return [];
  const rows = await db
    .select()
    .from(sources)
    .where(
      and(
        eq(sources.userId, userId),
        inArray(
          sources.id,
          hits.map((hit) => hit.sourceId),
        ),
      ),
    );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const best = hits[0]?.rank ?? 1;
  const t = translator(locale);
  const own: RatingDraft = { level: 'normal', reason: 'rating.library', params: {} };
  return hits.flatMap((hit) => {
    const row = byId.get(hit.sourceId);
    if (!row) return [];
    const known = row.paper as PaperRecord | null;
    const record: PaperRecord = {
      ...(known ?? {}),
      title: row.title ?? row.name,
      authors: row.authors,
      year: row.year,
      venue: known?.venue ?? null,
      doi: known?.doi ?? null,
      arxivId: known?.arxivId ?? null,
      openalexId: known?.openalexId ?? null,
      s2Id: known?.s2Id ?? null,
      abstract: known?.abstract ?? hit.passage.slice(0, PREVIEW_CHARACTERS),
      openAccess: known?.openAccess ?? false,
      pdfUrl: row.blobKey ? fileLinks.sign(row.id) : null,
      citationCount: known?.citationCount ?? null,
      citationPercentile: known?.citationPercentile ?? null,
      pages: known?.pages ?? (row.pageCount ? `1–${row.pageCount}` : null),
      kind: known?.kind ?? row.type,
      preprint: known?.preprint ?? false,
      retracted: known?.retracted ?? false,
      catalogues: known?.catalogues ?? [],
    };
    const share = best > 0 ? hit.rank / best : 0;
    const level: RatingLevel = share >= 0.6 ? 'high' : share >= 0.25 ? 'normal' : 'low';
    return [
      presentPaper(
        row.id,
        record,
        {
          relevance: { level, reason: 'rating.relevance.library', params: {} },
          quality: known ? rateQuality(known) : own,
          trustworthiness: known ? rateTrust(known) : own,
        },
        row.bookmarked,
        t,
      ),
    ];
  });
}
