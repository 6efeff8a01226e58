import type { Source } from '@quire/contracts';
import type { SourceRow } from './source-row';
import type { FileLinks } from './sources.links';

/** How long after its last use a source still counts as "recently used". */
const RECENT_DAYS = 7;

/** Spec §3 Source, from a row; `pdfUrl` is a signed link when the source has a stored PDF. */
export function presentSource(row: SourceRow, pdfUrl: string | null, now = Date.now()): Source {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    created_at: row.createdAt.toISOString(),
    state: row.state,
    progress: row.progress,
    error_code: (row.errorCode as Source['error_code']) ?? null,
    bookmarked: row.bookmarked,
    recently_used: row.lastUsedAt !== null && now - row.lastUsedAt.getTime() < RECENT_DAYS * 86_400_000,
    pdf_url: pdfUrl,
    relevance: null,
    quality: null,
    trustworthiness: null,
    // A paper added from search keeps what its catalogue said: open access and its page range in the venue.
    open_access: row.paper?.openAccess === true,
    author: row.authors.length > 0 ? row.authors.join(', ') : null,
    year: row.year,
    pages: paperPages(row) ?? (row.pageCount ? (row.pageCount === 1 ? '1' : `1–${row.pageCount}`) : null),
  };
}

function paperPages(row: SourceRow): string | null {
  const pages = row.paper?.pages;
  return typeof pages === 'string' && pages.trim() ? pages.trim() : null;
}

/** Presents rows with a fresh signed link to their PDF, the same way in lists and live updates. */
export function sourcePresenter(fileLinks: FileLinks): (row: SourceRow) => Source {
  return (row) => presentSource(row, row.blobKey ? fileLinks.sign(row.id) : null);
}
