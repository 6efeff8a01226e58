import type { Source } from '@quire/contracts';

/** A source as the document service presents it; a document that is ready unless told otherwise. */
export function aSource(overrides: Partial<Source> = {}): Source {
  return {
    id: 'doc-1',
    name: 'thesis.pdf',
    type: 'document',
    created_at: '2026-03-01T09:00:00Z',
    state: 'usable',
    progress: 100,
    error_code: null,
    bookmarked: false,
    recently_used: false,
    pdf_url: null,
    relevance: null,
    quality: null,
    trustworthiness: null,
    open_access: false,
    author: null,
    year: null,
    pages: null,
    ...overrides,
  };
}
