import type {
  AddPaperRequest,
  ExportPapersRequest,
  ImportResult,
  Paper,
  SearchRequest,
  SearchResult,
  Source,
} from '@quire/contracts';
import {
  api,
  buildUrl,
  parsePayload,
  requestHeaders,
  sendWithSession,
  unreachable,
  unwrapAnswer,
} from '../../api/client';
import { searchParams } from './search-form';

type Options = { signal?: AbortSignal };

/** GET /gen/papers?…: the catalogues' answer to a search, with how each catalogue fared. */
export function searchPapers(request: SearchRequest, options: Options = {}): Promise<SearchResult> {
  return api.get<SearchResult>('/papers', { ...options, service: 'gen', query: searchParams(request) });
}

/** POST /gen/papers/add: a paper becomes a source of the library (its open-access PDF, else its metadata). */
export function addPaper(request: AddPaperRequest): Promise<Source> {
  return api.post<Source>('/papers/add', request, { service: 'gen' });
}

/** GET /gen/bookmarked: the papers the user bookmarked. */
export function fetchBookmarked(options: Options = {}): Promise<Paper[]> {
  return api.get<Paper[]>('/bookmarked', { ...options, service: 'gen' });
}

/** POST /gen/papers/import (multipart `file`): a BibTeX or RIS file into the library. */
export function importCitations(file: File): Promise<ImportResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.post<ImportResult>('/papers/import', form, { service: 'gen' });
}

export type ExportedFile = { blob: Blob; filename: string };

const EXPORT_TYPES: Record<ExportPapersRequest['format'], string> = {
  bibtex: 'application/x-bibtex',
  ris: 'application/x-research-info-systems',
};

const FALLBACK_NAMES: Record<ExportPapersRequest['format'], string> = {
  bibtex: 'sources.bib',
  ris: 'sources.ris',
};

/**
 * POST /gen/papers/export: the selected papers as a BibTeX or RIS file. The answer is the file itself, not
 * JSON, so this sends through the session directly; a failure is the server's `{ error }` as an ApiError.
 */
export async function exportPapers(request: ExportPapersRequest): Promise<ExportedFile> {
  const response = await sendWithSession(async (token) => {
    const headers = requestHeaders(token, { 'Content-Type': 'application/json' });
    // The file is wanted; an error still comes as JSON.
    headers.set('Accept', `${EXPORT_TYPES[request.format]}, application/json;q=0.5`);
    try {
      return await fetch(buildUrl('gen', '/papers/export'), {
        method: 'POST',
        headers,
        body: JSON.stringify(request),
      });
    } catch (error) {
      throw unreachable(error);
    }
  });
  if (!response.ok) unwrapAnswer(response.status, parsePayload(await response.text()));
  const filename = attachmentName(response.headers.get('Content-Disposition')) ?? FALLBACK_NAMES[request.format];
  return { blob: await response.blob(), filename };
}

/** The file name of a `Content-Disposition: attachment` header (RFC 6266, either form); null without one. */
export function attachmentName(header: string | null): string | null {
  if (!header) return null;
  const encoded = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // A malformed encoded name: the plain one below, if any, still names the file.
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/.exec(header);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name || null;
}
