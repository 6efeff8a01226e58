import type { CrossrefWork } from './catalogues/crossref';
import type { OpenAlexWork } from './catalogues/openalex';
import { pageRange, plainAbstract } from './paper-record';

/** What a catalogue knows about one DOI: the bibliographic fields a document's metadata is verified against. */
export type DoiRecord = {
  catalogue: 'crossref' | 'openalex';
  doi: string;
  title: string | null;
  authors: string[];
  year: number | null;
  venue: string | null;
  volume: string | null;
  issue: string | null;
  pages: string | null;
  publisher: string | null;
};

const text = (value: string | null | undefined) => value?.replace(/\s+/g, ' ').trim() || null;

export function crossrefDoiRecord(doi: string, work: CrossrefWork): DoiRecord | null {
  const title = plainAbstract(work.title?.[0]);
  if (!title) return null;
  return {
    catalogue: 'crossref',
    doi,
    title,
    authors: (work.author ?? [])
      .map((author) => (author.name ?? [author.given, author.family].filter(Boolean).join(' ')).trim())
      .filter(Boolean),
    year: work.issued?.['date-parts']?.[0]?.[0] ?? work.published?.['date-parts']?.[0]?.[0] ?? null,
    venue: text(work['container-title']?.[0]),
    volume: text(work.volume),
    issue: text(work.issue),
    pages: work.page ? work.page.replace(/\s*-\s*/, '–') : null,
    publisher: text(work.publisher),
  };
}

export function openAlexDoiRecord(doi: string, work: OpenAlexWork): DoiRecord | null {
  const title = text(work.display_name ?? work.title);
  if (!title) return null;
  return {
    catalogue: 'openalex',
    doi,
    title,
    authors: (work.authorships ?? [])
      .map((authorship) => (authorship.author?.display_name ?? authorship.raw_author_name ?? '').trim())
      .filter(Boolean),
    year: work.publication_year ?? null,
    venue: text(work.primary_location?.source?.display_name),
    volume: text(work.biblio?.volume),
    issue: text(work.biblio?.issue),
    pages: pageRange(work.biblio?.first_page, work.biblio?.last_page),
    publisher: text(work.primary_location?.source?.host_organization_name),
  };
}
