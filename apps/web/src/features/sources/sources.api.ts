import {
  type BookmarkResult,
  type Source,
  searchEndpoints,
  sourcesEndpoints,
  type UploadWebsiteRequest,
} from '@quire/contracts';
import { call } from '../../api/call';

type Options = { signal?: AbortSignal };

/** The user's uploaded PDFs, newest first. */
export function fetchDocuments(options: Options = {}): Promise<Source[]> {
  return call(sourcesEndpoints.documents, {}, options);
}

/** The user's web articles, newest first. */
export function fetchWebsites(options: Options = {}): Promise<Source[]> {
  return call(sourcesEndpoints.websites, {}, options);
}

/** Adds a web page; it is fetched and read in the background (state 'processing'). */
export function uploadWebsite(request: UploadWebsiteRequest): Promise<Source> {
  return call(sourcesEndpoints.uploadWebsite, { body: request });
}

/** Removes a document or a website with its file. */
export async function deleteSource(id: string): Promise<void> {
  await call(sourcesEndpoints.delete, { params: { id } });
}

/**
 * Toggles the bookmark of a library source or a paper (spec §7);
 * resolves with whether it is bookmarked now.
 */
export async function toggleBookmark(id: string): Promise<boolean> {
  const answer: BookmarkResult = await call(searchEndpoints.bookmark, { query: { source_id: id } });
  return answer.bookmarked;
}
