import { Readable } from 'node:stream';
import type { Source } from '@quire/contracts';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { BlobStore } from '../../blobs/blob-store';
import type { Database } from '../../db/client';
import { defineJob } from '../../jobs/define-job';
import { exceededLimit } from '../../jobs/stop-reasons';
import { indexStructured } from './document-structure';
import type { OcrEngine } from './ocr';
import { createPassageIndexer } from './passage-indexer';
import { extractPdf, firstLineTitle, isTooManyPages, isUnreadablePdf } from './pdf-extract';
import type { DoiLookup } from './pdf-structure/metadata';
import type { PdfTextPool } from './pdf-text-pool';
import type { SourceRow } from './source-row';
import { findSource, updateSource } from './sources.store';

/** Fewer words than this and a source cannot ground any writing (a scan without text, an empty page). */
export const MIN_USABLE_WORDS = 50;
/** Progress is written at most this often, to keep the database quiet on long documents. */
const PROGRESS_STEP = 5;

type SourceErrorCode = NonNullable<Source['error_code']>;

/** The payload of the jobs that process one source. */
export const SourceJobPayload = z.object({ sourceId: z.guid() });

/**
 * Extract (OCR for pages without a text layer) → detect language → chunk with page spans → index;
 * the job is durable and safe to retry.
 */
export const PROCESS_SOURCE_JOB = defineJob({
  name: 'process-source',
  payload: SourceJobPayload,
  run: async ({ sourceId }, { db, logger, signal }, { blobs, ocr, textPool, maxPages, lookupDoi }: PdfReaders) => {
    const source = await findSource(db, sourceId);
    // Deleted while it waited: nothing to do.
    if (!source?.blobKey) return;
    await processPdf({
      db,
      logger,
      blobs,
      sourceId,
      blobKey: source.blobKey,
      userId: source.userId,
      name: source.name,
      signal,
      ocr,
      textPool,
      maxPages,
      lookupDoi,
    });
  },
  onGiveUp: async ({ sourceId }, { db }, error) => {
    await updateSource(db, sourceId, { state: 'failed', errorCode: failureCode(error, 'upload_error_generic') });
  },
});

/** A source's error code after its job failed: the bound it ran past, or the job's own code for any other failure. */
export function failureCode(error: unknown, otherwise: SourceErrorCode): SourceErrorCode {
  const limit = exceededLimit(error);
  if (limit === 'time') return 'upload_error_time_limit';
  if (limit === 'memory') return 'upload_error_memory_limit';
  return otherwise;
}

/** Where a source's PDF lives in the blob store, whether uploaded or fetched from a link. */
export function sourceBlobKey(userId: string, sourceId: string): string {
  return `sources/${userId}/${sourceId}.pdf`;
}

/** What a job needs to store a PDF and read it: the blob store and the optional readers. */
export type PdfReaders = {
  blobs: BlobStore;
  /** Scanned pages are read by OCR; without it they stay empty. */
  ocr?: OcrEngine;
  /** Pages are read in threads of their own (every core for a long document); without it, the job's own thread reads. */
  textPool?: PdfTextPool;
  /** MAX_PDF_PAGES: a PDF with more pages is refused before any page is read; without it, the default. */
  maxPages?: number;
  /** Looks up the DOI a paper prints in the catalogues; without it, the paper's own pages say what it is. */
  lookupDoi?: DoiLookup;
};

/** What a job needs to fetch a link through the SSRF-safe fetcher and read the PDF it may serve. */
export type LinkReaders = PdfReaders & { publicUrl: string; allowLoopback: boolean };

/** A PDF a link served (a website or an open-access paper): stored under the source and processed like an upload. */
export async function processFetchedPdf(
  {
    db,
    logger,
    signal,
    source,
    bytes,
  }: {
    db: Database;
    logger: Logger;
    signal: AbortSignal;
    source: Pick<SourceRow, 'id' | 'userId' | 'name'>;
    bytes: Buffer;
  },
  { blobs, ocr, textPool, maxPages, lookupDoi }: PdfReaders,
): Promise<void> {
  const blobKey = sourceBlobKey(source.userId, source.id);
  const stored = await blobs.put(blobKey, Readable.from(bytes));
  await updateSource(db, source.id, { blobKey, bytes: stored });
  await processPdf({
    db,
    logger,
    blobs,
    sourceId: source.id,
    blobKey,
    userId: source.userId,
    name: source.name,
    signal,
    ocr,
    textPool,
    maxPages,
    lookupDoi,
  });
}

export async function processPdf({
  db,
  logger,
  blobs,
  sourceId,
  userId,
  blobKey,
  name,
  signal,
  ocr,
  textPool,
  maxPages,
  lookupDoi,
}: {
  db: Database;
  logger: Logger;
  blobs: BlobStore;
  sourceId: string;
  userId: string;
  blobKey: string;
  name: string;
  /** Fires when the job must stop (time or memory bound, the source deleted): reading stops with it. */
  signal: AbortSignal;
  /** Reads scanned pages; without it they stay empty. */
  ocr?: OcrEngine;
  /** Reads the text layer in threads of its own (every core for a long document); without it, this thread reads. */
  textPool?: PdfTextPool;
  /** MAX_PDF_PAGES. */
  maxPages?: number;
  /** Looks up the DOI a paper prints (Crossref, OpenAlex); without it, the paper's own pages say what it is. */
  lookupDoi?: DoiLookup;
}): Promise<void> {
  let reported = 0;
  const onProgress = async (share: number) => {
    // Every page read here or recognised by OCR passes through here: the job stops at the next one.
    signal.throwIfAborted();
    // Reading pages is most of the work: it moves progress from 5 to 90.
    const progress = 5 + Math.floor(share * 85);
    if (progress - reported < PROGRESS_STEP && share < 1) return;
    reported = progress;
    await updateSource(db, sourceId, { progress });
  };
  const bytes = new Uint8Array(await blobs.read(blobKey));
  // The pages are indexed once the whole document is read: the reference list and the title lines are told
  // from the text only by the document's structure.
  const indexer = await createPassageIndexer(db, { id: sourceId, userId });
  const pdf = await extractPdf(bytes, {
    signal,
    onProgress,
    ocr: ocr && { engine: ocr, logger },
    textPool,
    maxPages,
  }).catch(async (error: unknown) => {
    if (signal.aborted) throw error;
    // No PDF MuPDF can open, too many pages, or a compression bomb: another attempt would read the same bytes the same way.
    if (!isUnreadablePdf(error)) throw error;
    logger.info({ sourceId, reason: (error as Error).message }, 'the PDF cannot be read');
    return isTooManyPages(error) ? 'upload_error_too_many_pages' : 'upload_error_generic';
  });
  if (typeof pdf === 'string' || (pdf.pageCount > 0 && pdf.failedPages.length === pdf.pageCount)) {
    await indexer.discard();
    const errorCode = typeof pdf === 'string' ? pdf : 'upload_error_generic';
    await updateSource(db, sourceId, { state: 'failed', errorCode, progress: 100 });
    return;
  }
  if (pdf.failedPages.length > 0)
    logger.warn({ sourceId, failedPages: pdf.failedPages }, 'some pages could not be read');
  if (pdf.ocrPages.length > 0 || pdf.ocrSkippedPages.length > 0)
    logger.info(
      { sourceId, ocrPages: pdf.ocrPages.length, leftUnread: pdf.ocrSkippedPages.length },
      'scanned pages recognised',
    );
  const { indexed, header } = await indexStructured(indexer, {
    db,
    logger,
    source: { id: sourceId, userId },
    layouts: pdf.layouts,
    pageTexts: pdf.pages,
    metadataDoi: pdf.doi,
    lookupDoi,
    signal,
  });
  if (indexed.words < MIN_USABLE_WORDS) {
    await indexer.discard();
    await updateSource(db, sourceId, {
      state: 'failed',
      errorCode: 'upload_error_high_no_content',
      pageCount: pdf.pageCount,
      progress: 100,
    });
    return;
  }
  await updateSource(db, sourceId, {
    pageCount: pdf.pageCount,
    language: indexed.language,
    // What the pages say first: a producer's information dictionary often names a file or a template.
    title: header.title ?? pdf.title ?? firstLineTitle(pdf.pages) ?? name,
    authors: header.authors.length > 0 ? header.authors : pdf.authors,
    year: header.year ?? pdf.year,
    state: 'usable',
    progress: 100,
    errorCode: null,
  });
}
