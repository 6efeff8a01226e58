import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sourceChunks } from '../../db/schema';
import { countWords, createChunker, type PageSegment, type Passage } from '../../text/chunking';
import { detectLanguage, LANGUAGE_SAMPLE_CHARACTERS, searchConfigFor } from '../../text/language';
import type { SourceRow } from './source-row';

export type PassageIndexer = {
  /**
   * Takes the next page's text (pages must come in order), as segments where some are indexed but not to be
   * quoted; indexing runs behind, in the background.
   */
  page: (number: number, text: string | readonly PageSegment[]) => void;
  /**
   * Takes the reference list's entries, indexed after the body as passages of their own (section `references`):
   * retrieval leaves them out unless a question asks about what the paper cites.
   */
  references: (entries: readonly { page: number; text: string }[]) => void;
  /** Indexes what is left and resolves with the language and the words seen; rejects if an insert failed. */
  finish: () => Promise<{ language: string | null; searchConfig: string; words: number }>;
  /** Removes whatever was indexed (a source that turned out unusable). */
  discard: () => Promise<void>;
};

/**
 * Passages inserted per statement. Each statement holds the thread that serves requests while PGlite computes
 * the search vectors; smaller batches hold it for less time but cost the ingest more CPU in all, and did not
 * make the load's answers faster.
 */
const BATCH = 100;

/**
 * Chunks and indexes a document's pages while later pages are still being read, so reading (in worker
 * threads) and indexing (here, or in PostgreSQL) overlap instead of following each other. The language —
 * and with it the search configuration — is taken from the same first characters a whole-document
 * detection would read, so the result is the same as indexing at the end. Passages are written outside a
 * transaction: a source is used only once it is marked usable, and a retried job starts by deleting them.
 */
export async function createPassageIndexer(
  db: Database,
  source: Pick<SourceRow, 'id' | 'userId'>,
): Promise<PassageIndexer> {
  await db.delete(sourceChunks).where(eq(sourceChunks.sourceId, source.id));
  const chunker = createChunker();
  let sample = '';
  let sampled = false;
  let language: string | null = null;
  let searchConfig = 'simple';
  let waiting: Passage[] = [];
  let words = 0;
  let referenceEntries: readonly { page: number; text: string }[] = [];
  let bodyPassages = 0;
  const count = (passages: Passage[]) => {
    bodyPassages += passages.length;
    return passages;
  };
  let writing = Promise.resolve();
  let failure: unknown = null;

  const write = (passages: Passage[], section: PassageSection = 'body') => {
    writing = writing
      .then(() => insertPassages(db, source, passages, searchConfig, section))
      .catch((error: unknown) => {
        failure ??= error;
      });
  };
  const settleLanguage = () => {
    sampled = true;
    language = detectLanguage(sample);
    searchConfig = searchConfigFor(language);
  };
  const flush = (final: boolean) => {
    while (waiting.length >= BATCH || (final && waiting.length > 0)) write(waiting.splice(0, BATCH));
  };

  return {
    page: (number, segments) => {
      const text = typeof segments === 'string' ? segments : segments.map((segment) => segment.text).join(' ');
      if (!sampled) {
        // The same characters `detectLanguage(pages.join('\n'))` would look at.
        sample = number === 1 ? text : `${sample}\n${text}`;
        if (sample.length >= LANGUAGE_SAMPLE_CHARACTERS) settleLanguage();
      }
      words += countWords(text);
      waiting = waiting.concat(count(chunker.push(number, segments)));
      if (sampled) flush(false);
    },
    references: (entries) => {
      referenceEntries = entries;
    },
    finish: async () => {
      if (!sampled) settleLanguage();
      waiting = waiting.concat(count(chunker.finish()));
      flush(true);
      write(referencePassages(referenceEntries, bodyPassages), 'references');
      await writing;
      if (failure) throw failure;
      return { language, searchConfig, words };
    },
    discard: async () => {
      await writing;
      await db.delete(sourceChunks).where(eq(sourceChunks.sourceId, source.id));
    },
  };
}

/** Reference entries as passages numbered after the body's, each entry whole within one passage where it fits. */
function referencePassages(entries: readonly { page: number; text: string }[], firstOrdinal: number): Passage[] {
  const chunker = createChunker();
  const passages = [...entries.flatMap((entry) => chunker.push(entry.page, entry.text)), ...chunker.finish()];
  return passages.map((passage) => ({ ...passage, ordinal: passage.ordinal + firstOrdinal }));
}

export type PassageSection = 'body' | 'references';

/** One statement per batch, the rows as one JSON parameter; PostgreSQL computes the search vectors. */
export async function insertPassages(
  db: Pick<Database, 'execute'>,
  source: Pick<SourceRow, 'id' | 'userId'>,
  passages: Passage[],
  searchConfig: string,
  section: PassageSection = 'body',
): Promise<void> {
  if (passages.length === 0) return;
  const rows = passages.map(({ ordinal, pageStart, pageEnd, pageBreaks, unquotable, text }) => ({
    ordinal,
    pageStart,
    pageEnd,
    pageBreaks,
    unquotable,
    // PostgreSQL text cannot hold NUL, which broken PDFs do produce.
    text: text.replaceAll('\u0000', ''),
  }));
  await db.execute(sql`
    insert into source_chunks
      (source_id, user_id, ordinal, page_start, page_end, page_breaks, unquotable, section, text, search_config, search_vector)
    select ${source.id}::uuid, ${source.userId}::uuid, row.ordinal, row."pageStart", row."pageEnd", row."pageBreaks", row.unquotable,
      ${section}, row.text,
      ${searchConfig}, to_tsvector(${searchConfig}::regconfig, row.text)
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as row(ordinal int, "pageStart" int, "pageEnd" int, "pageBreaks" int[], unquotable int[], text text)`);
}
