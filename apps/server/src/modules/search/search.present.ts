import type { Paper, Rating } from '@quire/contracts';
import type { Translate } from '../../http/i18n';
import type { PaperRecord } from './paper-record';
import type { RatingDraft } from './ratings';

export type PaperRatings = { relevance: RatingDraft; quality: RatingDraft; trustworthiness: RatingDraft };

/** A search result as the client sees it, its ratings' reasons in the request's language. */
export function presentPaper(
  id: string,
  record: PaperRecord,
  ratings: PaperRatings,
  bookmarked: boolean,
  t: Translate,
): Paper {
  const rating = (draft: RatingDraft): Rating => ({
    level: draft.level,
    reason: t(`search:${draft.reason}`, draft.params),
  });
  return {
    id,
    bookmarked,
    title: record.title,
    authors: record.authors,
    year: record.year,
    venue: record.venue,
    doi: record.doi,
    abstract: record.abstract,
    open_access: record.openAccess,
    pdf_url: record.pdfUrl,
    citation_count: record.citationCount,
    pages: record.pages,
    kind: record.kind,
    relevance: rating(ratings.relevance),
    quality: rating(ratings.quality),
    trustworthiness: rating(ratings.trustworthiness),
  };
}
