import { type BookmarkResult, type Source, searchEndpoints, type UploadWebsiteRequest } from '@quire/contracts';
import { call } from '../../api/call';
import { api } from '../../api/client';

type Options = { signal?: AbortSignal };

/** GET /doc/documents: the user's uploaded PDFs, newest first. */
export function fetchDocuments(options: Options = {}): Promise<Source[]> {
  return api.get<Source[]>('/documents', { ...options, service: 'doc' });
}

/** GET /doc/websites: the user's web articles, newest first. */
export function fetchWebsites(options: Options = {}): Promise<Source[]> {
  return api.get<Source[]>('/websites', { ...options, service: 'doc' });
}

/** POST /doc/upload/website: adds a web page; it is fetched and read in the background (state 'processing'). */
export function uploadWebsite(request: UploadWebsiteRequest): Promise<Source> {
  return api.post<Source>('/upload/website', request, { service: 'doc' });
}

/** DELETE /doc/delete/document/{id}: removes a document or a website with its file. */
export async function deleteSource(id: string): Promise<void> {
  await api.delete<{ id: string }>(`/delete/document/${encodeURIComponent(id)}`, { service: 'doc' });
}

/**
 * Toggles the bookmark of a library source or a paper (spec §7);
 * resolves with whether it is bookmarked now.
 */
export async function toggleBookmark(id: string): Promise<boolean> {
  const answer: BookmarkResult = await call(searchEndpoints.bookmark, { query: { source_id: id } });
  return answer.bookmarked;
}
