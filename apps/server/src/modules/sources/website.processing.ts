import { defineJob } from '../../jobs/define-job';
import { chunkPages, countWords } from '../../text/chunking';
import { detectLanguage, searchConfigFor } from '../../text/language';
import {
  failureCode,
  type LinkReaders,
  MIN_USABLE_WORDS,
  processFetchedPdf,
  SourceJobPayload,
} from './sources.processing';
import { findSource, storePassages, updateSource } from './sources.store';
import { fetchWebsiteSource } from './website/ingest-website';
import { WebsiteFetchError } from './website/safe-fetch';

/**
 * Fetches a user's link through the SSRF-safe fetcher: an article is reduced to its text and indexed;
 * a link that serves a PDF is stored and processed like an upload. A link that cannot be fetched or holds
 * no article fails at once with `upload_error_url` (retrying would not change the answer).
 */
export const PROCESS_WEBSITE_JOB = defineJob({
  name: 'process-website',
  payload: SourceJobPayload,
  run: async ({ sourceId }, { db, logger, signal }, { publicUrl, allowLoopback, ...readers }: LinkReaders) => {
    const source = await findSource(db, sourceId);
    if (!source?.url) return;
    let fetched: Awaited<ReturnType<typeof fetchWebsiteSource>>;
    try {
      fetched = await fetchWebsiteSource(source.url, { publicUrl, allowLoopback, signal });
    } catch (error) {
      if (!(error instanceof WebsiteFetchError)) throw error;
      logger.info(
        { sourceId, link: source.url, reason: error.reason, status: error.status, err: error.cause },
        'link refused',
      );
      await updateSource(db, sourceId, { state: 'failed', errorCode: 'upload_error_url', progress: 100 });
      return;
    }
    await updateSource(db, sourceId, { progress: 30 });

    if (fetched.kind === 'pdf') {
      await processFetchedPdf({ db, logger, signal, source, bytes: fetched.bytes }, readers);
      return;
    }

    const { article } = fetched;
    if (countWords(article.text) < MIN_USABLE_WORDS) {
      await updateSource(db, sourceId, { state: 'failed', errorCode: 'upload_error_high_no_content', progress: 100 });
      return;
    }
    const language = article.lang ?? detectLanguage(article.text);
    // A web page has no pages: the whole article counts as page 1.
    await storePassages(db, source, chunkPages([article.paragraphs.join('\n')]), searchConfigFor(language), {
      name: article.title || source.name,
      title: article.title,
      authors: article.byline ? [article.byline] : [],
      year: article.publishedYear,
      language,
      pageCount: null,
    });
  },
  onGiveUp: async ({ sourceId }, { db }, error) => {
    await updateSource(db, sourceId, { state: 'failed', errorCode: failureCode(error, 'upload_error_url') });
  },
});
