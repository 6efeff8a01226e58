import type { Logger } from 'pino';
import type { BlobStore } from '../../blobs/blob-store';
import type { Database } from '../../db/client';
import type { JobHandler } from '../../jobs/worker';
import { chunkPages, countWords } from '../../text/chunking';
import { detectLanguage, searchConfigFor } from '../../text/language';
import { extractPdf, firstLineTitle } from './pdf-extract';
import { findSource, storePassages, updateSource } from './sources.store';

export const PROCESS_SOURCE_JOB = 'process-source';

/** Fewer words than this and a source cannot ground any writing (a scan without text, an empty page). */
export const MIN_USABLE_WORDS = 50;
/** Progress is written at most this often, to keep the database quiet on long documents. */
const PROGRESS_STEP = 5;

type Payload = { sourceId: string };

/** Extract → detect language → chunk with page spans → index; the job is durable and safe to retry. */
export function processSourceHandler({ blobs }: { blobs: BlobStore }): JobHandler {
  return {
    run: async (payload, { db, logger, heartbeat }) => {
      const { sourceId } = payload as Payload;
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
        heartbeat,
      });
    },
    onGiveUp: async (payload, { db }) => {
      await updateSource(db, (payload as Payload).sourceId, { state: 'failed', errorCode: 'upload_error_generic' });
    },
  };
}

export async function processPdf({
  db,
  logger,
  blobs,
  sourceId,
  userId,
  blobKey,
  name,
  heartbeat,
}: {
  db: Database;
  logger: Logger;
  blobs: BlobStore;
  sourceId: string;
  userId: string;
  blobKey: string;
  name: string;
  heartbeat: () => Promise<void>;
}): Promise<void> {
  let reported = 0;
  const pdf = await extractPdf(new Uint8Array(await blobs.read(blobKey)), async (done, total) => {
    // Reading pages is most of the work: it moves progress from 5 to 90.
    const progress = 5 + Math.floor((done / total) * 85);
    if (progress - reported < PROGRESS_STEP && done !== total) return;
    reported = progress;
    await updateSource(db, sourceId, { progress });
    await heartbeat();
  });
  if (pdf.failedPages.length > 0)
    logger.warn({ sourceId, failedPages: pdf.failedPages }, 'some pages could not be read');
  const allText = pdf.pages.join('\n');
  if (countWords(allText) < MIN_USABLE_WORDS) {
    await updateSource(db, sourceId, {
      state: 'failed',
      errorCode: 'upload_error_high_no_content',
      pageCount: pdf.pageCount,
      progress: 100,
    });
    return;
  }
  const language = detectLanguage(allText);
  await storePassages(db, { id: sourceId, userId }, chunkPages(pdf.pages), searchConfigFor(language), {
    pageCount: pdf.pageCount,
    language,
    title: pdf.title ?? firstLineTitle(pdf.pages) ?? name,
    authors: pdf.authors,
    year: pdf.year,
  });
}
