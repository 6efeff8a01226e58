import { defineJob } from '../../jobs/define-job';
import { type LinkReaders, processFetchedPdf, SourceJobPayload } from '../sources/sources.processing';
import { findSource, updateSource } from '../sources/sources.service';
import { fetchWebsiteSource } from '../sources/website/ingest-website';
import { WebsiteFetchError } from '../sources/website/safe-fetch';
import type { PaperRecord } from './paper-record';
import { storeAbstract } from './papers.abstract';

/**
 * Fetches an added paper's open-access PDF through the SSRF-safe fetcher and processes it like an upload.
 * When the link gives no readable PDF (a landing page, a refusal, a scan without text) the paper still
 * becomes usable from its metadata and abstract; the catalogue's title, authors and year are kept.
 */
export const PROCESS_PAPER_JOB = defineJob({
  name: 'process-paper',
  payload: SourceJobPayload,
  run: async ({ sourceId }, { db, logger, signal }, { publicUrl, allowLoopback, ...readers }: LinkReaders) => {
    const source = await findSource(db, sourceId);
    const record = source?.paper as PaperRecord | null | undefined;
    if (!source?.url || !record) return;
    let fetched: Awaited<ReturnType<typeof fetchWebsiteSource>>;
    try {
      fetched = await fetchWebsiteSource(source.url, { publicUrl, allowLoopback, signal });
    } catch (error) {
      if (!(error instanceof WebsiteFetchError)) throw error;
      logger.info(
        { sourceId, link: source.url, reason: error.reason },
        'open-access PDF not readable; using the abstract',
      );
      await storeAbstract(db, source, record);
      return;
    }
    if (fetched.kind !== 'pdf') {
      logger.info({ sourceId, link: source.url }, 'open-access link is no PDF; using the abstract');
      await storeAbstract(db, source, record);
      return;
    }
    await updateSource(db, sourceId, { progress: 30 });
    await processFetchedPdf({ db, logger, signal, source, bytes: fetched.bytes }, readers);
    const processed = await findSource(db, sourceId);
    if (processed?.state === 'failed') await storeAbstract(db, source, record);
    else await updateSource(db, sourceId, { title: record.title, authors: record.authors, year: record.year });
  },
  onGiveUp: async ({ sourceId }, { db }) => {
    const source = await findSource(db, sourceId);
    const record = source?.paper as PaperRecord | null | undefined;
    if (source && record) await storeAbstract(db, source, record);
  },
});
