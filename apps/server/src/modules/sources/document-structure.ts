import type { DocumentStructure, SentenceKind } from '@quire/contracts';
import pino, { type Logger } from 'pino';
import type { Database } from '../../db/client';
import type { PageSegment } from '../../text/chunking';
import { createPassageIndexer, type PassageIndexer } from './passage-indexer';
import { extractPdf } from './pdf-extract';
import type { LayoutPage } from './pdf-layout/layout.types';
import { type DoiLookup, verifiedMetadata } from './pdf-structure/metadata';
import type { PdfTextPool } from './pdf-text-pool';
import type { SourceRow } from './source-row';
import { saveStructure } from './source-structure.store';
import { readStructureInThread } from './structure-thread';

/**
 * What retrieval and the built-in engines read: the paper's own text (abstract, sections with their headings,
 * captions, footnotes), never its title lines, author list, affiliations, running heads or reference list.
 */
const INDEXED: ReadonlySet<SentenceKind> = new Set(['abstract', 'keywords', 'heading', 'body', 'caption', 'footnote']);

/** What of it the built-in engines may quote: the paper's prose, not its headings, captions, footnotes or keywords. */
const QUOTABLE: ReadonlySet<SentenceKind> = new Set(['abstract', 'body']);

export type StructuredDocument = {
  /** Each page's text to index: its INDEXED sentences (the page as read where the structure found none). */
  pages: (string | PageSegment[])[];
  /** The reference list's entries, indexed apart (passage-indexer.ts). */
  references: { page: number; text: string }[];
  /** Title, authors and year from the DOI's catalogue record, else from the first page; null fields unknown. */
  header: { title: string | null; authors: string[]; year: number | null };
};

/**
 * Reads a document's structure from its page layouts and keeps it; says what of it to index and what the
 * document is called. A structure that cannot be read (a layout no rule fits) leaves the pages as read.
 */
export async function structureDocument({
  db,
  logger,
  source,
  layouts,
  pageTexts,
  metadataDoi,
  lookupDoi,
  signal,
}: {
  db: Database;
  logger: Logger;
  source: Pick<SourceRow, 'id' | 'userId'>;
  layouts: LayoutPage[];
  pageTexts: string[];
  /** The DOI the file's XMP metadata names: preferred to one printed on its pages, which may be a cited work's. */
  metadataDoi?: string | null;
  lookupDoi?: DoiLookup;
  /** Ends the structure's thread at once (the job stopped). */
  signal?: AbortSignal;
}): Promise<StructuredDocument> {
  let structure: DocumentStructure;
  try {
    structure = await readStructureInThread(layouts, signal);
    if (metadataDoi) structure = { ...structure, doi: metadataDoi };
  } catch (error) {
    signal?.throwIfAborted();
    logger.warn({ err: error, sourceId: source.id }, 'the structure of the document could not be read');
    return { pages: pageTexts, references: [], header: { title: null, authors: [], year: null } };
  }
  await saveStructure(db, source, structure);
  const metadata = await verifiedMetadata(structure, lookupDoi ?? (async () => null));
  return {
    pages: indexedPages(structure, pageTexts),
    references: structure.references.map((reference) => ({ page: reference.page, text: reference.text })),
    header: { title: metadata.title.value, authors: metadata.authors.value, year: metadata.year.value },
  };
}

/**
 * Reads the structure (structureDocument) and indexes what of it answers questions: the pages' text, then the
 * reference list apart. The same for an upload and for the retrieval evaluation.
 */
export async function indexStructured(
  indexer: PassageIndexer,
  document: Parameters<typeof structureDocument>[0],
): Promise<{ indexed: Awaited<ReturnType<PassageIndexer['finish']>>; header: StructuredDocument['header'] }> {
  const structured = await structureDocument(document);
  // A job stopped while the structure was read (its source deleted, a bound passed) indexes nothing.
  document.signal?.throwIfAborted();
  for (const [index, text] of structured.pages.entries()) indexer.page(index + 1, text);
  indexer.references(structured.references);
  return { indexed: await indexer.finish(), header: structured.header };
}

/**
 * The sentences to index, page by page, each marked quotable or not. A page the structure found nothing on at
 * all (a scan read by OCR without a layout, say) keeps its text as read, so no page's words are lost.
 */
export function indexedPages(structure: DocumentStructure, pageTexts: string[]): (string | PageSegment[])[] {
  const indexed = pageTexts.map(() => [] as PageSegment[]);
  const seen = new Set<number>();
  for (const sentence of structure.sentences) {
    seen.add(sentence.page);
    if (INDEXED.has(sentence.kind)) {
      indexed[sentence.page - 1]?.push({ text: sentence.text, quotable: QUOTABLE.has(sentence.kind) });
    }
  }
  return pageTexts.map((text, index) => (seen.has(index + 1) ? (indexed[index] ?? []) : text));
}

/**
 * An upload's reading without its job around it (no progress, OCR or bounds): the PDF read, its structure stored
 * and its passages indexed, as the retrieval evaluation and the ingest benchmark measure it.
 */
export async function readAndIndexPdf(
  db: Database,
  source: Pick<SourceRow, 'id' | 'userId'>,
  bytes: Uint8Array,
  options: { textPool?: PdfTextPool } = {},
): Promise<{ pageCount: number; language: string | null }> {
  const pdf = await extractPdf(bytes, options);
  const indexer = await createPassageIndexer(db, source);
  const { indexed } = await indexStructured(indexer, {
    db,
    logger: SILENT,
    source,
    layouts: pdf.layouts,
    pageTexts: pdf.pages,
    metadataDoi: pdf.doi,
  });
  return { pageCount: pdf.pageCount, language: indexed.language };
}
const SILENT = pino({ level: 'silent' });
