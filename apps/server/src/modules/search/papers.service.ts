import type { ImportResult, LocaleCode, Paper } from '@quire/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { isUuid } from '../../db/ids';
import { sources } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { translator } from '../../http/i18n';
import { enqueueJob } from '../../jobs/queue';
import type { JobWorker } from '../../jobs/worker';
import type { SourceRow } from '../sources/sources.service';
import { type CitationFormat, formatCitations, parseCitations } from './citations';
import { type PaperRecord, paperIdOf } from './paper-record';
import { storeAbstract } from './papers.abstract';
import { PROCESS_PAPER_JOB } from './papers.processing';
import { rateQuality, rateTrust } from './ratings';
import { presentPaper } from './search.present';
import {
  findPapers,
  listPaperBookmarks,
  type StoredPaper,
  togglePaperBookmark,
  toggleSourceBookmark,
} from './search.store';

/** Entries of one imported file beyond this many are skipped (a whole Zotero library would tie up the server). */
export const IMPORT_MAX_ENTRIES = 500;

/**
 * Adds a search result to the user's library: an open-access PDF is fetched and processed by the document
 * service's job queue; any other paper becomes usable at once from its metadata and abstract. Adding the
 * same paper again answers the source it already has.
 */
export async function addPaper({
  db,
  jobs,
  userId,
  paperId,
}: {
  db: Database;
  jobs: JobWorker;
  userId: string;
  paperId: string;
}): Promise<SourceRow> {
  const existing = await findPaperSource(db, userId, paperId);
  if (existing) return existing;
  const [paper] = await findPapers(db, [paperId]);
  if (!paper) throw new AppError('not_found');
  const fullText = paper.record.openAccess ? paper.record.pdfUrl : null;
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(sources)
      .values(paperSource(userId, paper.id, paper.record, fullText))
      .onConflictDoNothing()
      .returning();
    if (inserted && fullText) await enqueueJob(tx, PROCESS_PAPER_JOB, { sourceId: inserted.id }, { userId });
    return inserted;
  });
  // Added by a concurrent request a moment ago.
  if (!row) return (await findPaperSource(db, userId, paperId)) as SourceRow;
  if (fullText) {
    jobs.poke();
    return row;
  }
  await storeAbstract(db, row, paper.record);
  return (await findPaperSource(db, userId, paperId)) as SourceRow;
}

/**
 * Toggles a bookmark (spec §7 `POST /bookmark?source_id=`): a paper id marks a search result, the id of one
 * of the user's library sources marks that source. Anything else is not found.
 */
export async function toggleBookmark({
  db,
  userId,
  id,
}: {
  db: Database;
  userId: string;
  id: string;
}): Promise<boolean> {
  if (isUuid(id)) {
    const bookmarked = await toggleSourceBookmark(db, userId, id);
    if (bookmarked === undefined) throw new AppError('not_found');
    return bookmarked;
  }
  const [paper] = await findPapers(db, [id]);
  if (!paper) throw new AppError('not_found');
  return togglePaperBookmark(db, userId, paper);
}

/** The user's bookmarked papers, rated as when they were bookmarked (relevance) and now (quality, trust). */
export async function bookmarkedPapers({
  db,
  userId,
  locale,
}: {
  db: Database;
  userId: string;
  locale: LocaleCode;
}): Promise<Paper[]> {
  const t = translator(locale);
  return (await listPaperBookmarks(db, userId)).map((paper) =>
    presentPaper(
      paper.id,
      paper.record,
      { relevance: paper.relevance, quality: rateQuality(paper.record), trustworthiness: rateTrust(paper.record) },
      true,
      t,
    ),
  );
}

/** Search results (by paper id) or the user's own sources (by source id) as a BibTeX or RIS file. */
export async function exportPapers({
  db,
  userId,
  paperIds,
  format,
}: {
  db: Database;
  userId: string;
  paperIds: string[];
  format: CitationFormat;
}): Promise<string> {
  const ids = [...new Set(paperIds)];
  const found = [
    ...(await findPapers(
      db,
      ids.filter((id) => !isUuid(id)),
    )),
    ...(await librarySources(db, userId, ids)),
  ];
  const byId = new Map(found.map((paper) => [paper.id, paper]));
  const papers = ids.map((id) => byId.get(id));
  if (papers.some((paper) => paper === undefined)) throw new AppError('not_found');
  return formatCitations(papers as StoredPaper[], format);
}

/**
 * Each entry of a BibTeX, BibLaTeX, RIS or CSL-JSON file becomes a usable library source from its metadata
 * and abstract; the answer lists the new sources with their ids.
 */
export async function importPapers({
  db,
  userId,
  text,
}: {
  db: Database;
  userId: string;
  text: string;
}): Promise<ImportResult> {
  let records: PaperRecord[];
  try {
    records = await parseCitations(text);
  } catch (error) {
    throw new AppError('unsupported_media_type', { cause: error });
  }
  if (records.length === 0) throw new AppError('unsupported_media_type');
  const entries: ImportResult['entries'] = [];
  for (const record of records.slice(0, IMPORT_MAX_ENTRIES).map(storableRecord)) {
    const identified = record.doi || record.arxivId ? paperIdOf(record) : null;
    const [row] = await db
      .insert(sources)
      .values(paperSource(userId, identified, record, null))
      .onConflictDoNothing()
      .returning();
    if (!row) continue;
    await storeAbstract(db, row, record);
    entries.push({ source_id: row.id, title: record.title, authors: record.authors, year: record.year });
  }
  return { imported: entries.length, skipped: records.length - entries.length, entries };
}

/**
 * An imported record as PostgreSQL can hold it: text and jsonb cannot hold NUL, which a broken file may carry,
 * and a year is a small integer or unknown.
 */
function storableRecord(record: PaperRecord): PaperRecord {
  const cleaned = withoutNul(record) as PaperRecord;
  const year = cleaned.year;
  return {
    ...cleaned,
    year: typeof year === 'number' && Number.isInteger(year) && year >= 0 && year <= 9999 ? year : null,
  };
}

function withoutNul(value: unknown): unknown {
  if (typeof value === 'string') return value.replaceAll('\u0000', '');
  if (Array.isArray(value)) return value.map(withoutNul);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, withoutNul(entry)]));
  }
  return value;
}

function paperSource(userId: string, paperId: string | null, record: PaperRecord, url: string | null) {
  return {
    userId,
    type: 'paper' as const,
    name: record.title.slice(0, 300),
    url,
    paperId,
    paper: record,
    title: record.title,
    authors: record.authors,
    year: record.year,
  };
}

async function findPaperSource(db: Database, userId: string, paperId: string): Promise<SourceRow | undefined> {
  const [row] = await db
    .select()
    .from(sources)
    .where(and(eq(sources.userId, userId), eq(sources.paperId, paperId)));
  return row;
}

/** The user's own sources among the ids, described for citing. */
async function librarySources(db: Database, userId: string, ids: string[]): Promise<StoredPaper[]> {
  const uuids = ids.filter(isUuid);
  if (uuids.length === 0) return [];
  const rows = await db
    .select()
    .from(sources)
    .where(and(eq(sources.userId, userId), inArray(sources.id, uuids)));
  return rows.map((row) => ({
    id: row.id,
    record: (row.paper as PaperRecord | null) ?? {
      title: row.title ?? row.name,
      authors: row.authors,
      year: row.year,
      venue: null,
      doi: null,
      arxivId: null,
      openalexId: null,
      s2Id: null,
      abstract: null,
      openAccess: false,
      pdfUrl: row.type === 'website' ? row.url : null,
      citationCount: null,
      citationPercentile: null,
      pages: null,
      kind: row.type === 'website' ? 'webpage' : null,
      preprint: false,
      retracted: false,
      catalogues: [],
    },
    relevance: { level: 'normal', reason: 'rating.library', params: {} },
  }));
}
