import {
  type AddPaperRequest,
  type ExportPapersRequest,
  searchEndpoints as endpoints,
  type ImportResult,
  type Paper,
  type SearchRequest,
  type SearchResult,
  type Source,
} from '@quire/contracts';
import type { z } from 'zod';
import { call, endpointPath } from '../../api/call';
import { buildUrl, parsePayload, requestHeaders, sendWithSession, unreachable, unwrapAnswer } from '../../api/client';
import { searchParams } from './search-form';

type Options = { signal?: AbortSignal };

/** The catalogues' answer to a search, with how each catalogue fared. */
export function searchPapers(request: SearchRequest, options: Options = {}): Promise<SearchResult> {
  // The form's query parameters as strings; the server reads them back with the same schema.
  const query = searchParams(request) as z.input<typeof SearchRequest>;
  return call(endpoints.search, { query }, options);
}

/** A paper becomes a source of the library (its open-access PDF, else its metadata). */
export function addPaper(request: AddPaperRequest): Promise<Source> {
  return call(endpoints.add, { body: request });
}

/** The papers the user bookmarked. */
export function fetchBookmarked(options: Options = {}): Promise<Paper[]> {
  return call(endpoints.bookmarked, {}, options);
}

/** (multipart `file`): a BibTeX or RIS file into the library. */
export function importCitations(file: File): Promise<ImportResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  return call(endpoints.import, { body: form });
}

export type ExportedFile = { blob: Blob; filename: string };

const EXPORT_TYPES: Record<ExportPapersRequest['format'], string> = {
  bibtex: 'application/x-bibtex',
  biblatex: 'application/x-bibtex',
  ris: 'application/x-research-info-systems',
  'csl-json': 'application/vnd.citationstyles.csl+json',
};

const FALLBACK_NAMES: Record<ExportPapersRequest['format'], string> = {
  bibtex: 'sources.bib',
  biblatex: 'sources.bib',
  ris: 'sources.ris',
  'csl-json': 'sources.json',
};

/**
 * The selected papers as a BibTeX or RIS file. The answer is the file itself, not
 * JSON, so this sends through the session directly; a failure is the server's `{ error }` as an ApiError.
 */
export async function exportPapers(request: ExportPapersRequest): Promise<ExportedFile> {
  const response = await sendWithSession(async (token) => {
    const headers = requestHeaders(token, { 'Content-Type': 'application/json' });
    // The file is wanted; an error still comes as JSON.
    headers.set('Accept', `${EXPORT_TYPES[request.format]}, application/json;q=0.5`);
    try {
      return await fetch(buildUrl('gen', endpointPath(endpoints.export, {})), {
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
