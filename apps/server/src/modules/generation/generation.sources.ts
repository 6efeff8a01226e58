import type { LocaleCode } from '@quire/contracts';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { isUuid } from '../../db/ids';
import { sourceChunks, sources } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { PaperRecord } from '../search/paper-record';
import { type ResearchDependencies, researchTopic } from '../search/research.service';
import { retrievePassages } from '../sources/sources.retrieval';
import type { SourceRow } from '../sources/sources.service';
import type { GenerationStage, SourcePassage, ToolSource } from './engine-types';

/** Passages retrieved per source for a writing task. */
const PASSAGES_PER_SOURCE = 6;
/** A source whose passages do not match the task still contributes its opening ones. */
const OPENING_PASSAGES = 2;
/** A whole source given to summarize-source, up to this many passages (about 50,000 words). */
const WHOLE_SOURCE_PASSAGES = 400;
/** A tool that reads recent sources by default (find-topic, own applications) looks at this many. */
const RECENT_SOURCES = 10;
/** How much of an outline goes into the retrieval question. */
const OUTLINE_QUESTION_CHARS = 500;

export type ResolveSourcesOptions = {
  db: Database;
  research: ResearchDependencies;
  userId: string;
  inputs: Record<string, unknown>;
  /** Without sources chosen in the inputs, read the user's most recently added usable sources. */
  recentByDefault: boolean;
  /** What the passages should be about; by default the inputs' topic, focus, prompt and outline. */
  question?: string;
  locale: LocaleCode;
  signal: AbortSignal;
  stage: (stage: GenerationStage) => void;
};

/**
 * The sources a tool writes from (spec §4), with the passages retrieved for its task: automatic research
 * for source type `quality` (its stages are streamed), else the user's chosen sources. Only usable sources
 * are used; an id that is not one of the user's sources is not found, so others' ids do not leak.
 */
export async function resolveToolSources(options: ResolveSourcesOptions): Promise<ToolSource[]> {
  const { db, inputs, signal } = options;
  const rows = await chooseSources(options);
  if (rows.length === 0) return [];
  if (options.inputs.source_type !== 'quality') options.stage('processing_sources');
  const question = options.question ?? taskQuestion(inputs);
  const wholeSource = typeof inputs.source_id === 'string';
  const built: ToolSource[] = [];
  for (const row of rows) {
    signal.throwIfAborted();
    const passages = wholeSource ? await allPassages(db, row) : await taskPassages(db, row, question);
    built.push(toolSource(row, passages));
  }
  return built;
}

/** Fails with `not_found` when a chosen source is not one of the user's, before anything runs or streams. */
export async function checkChosenSources(db: Database, userId: string, inputs: Record<string, unknown>): Promise<void> {
  const ids = typeof inputs.source_id === 'string' ? [inputs.source_id] : inputs.source_ids;
  if (inputs.source_type !== 'quality' && Array.isArray(ids) && ids.length > 0)
    await ownSources(db, userId, ids.map(String));
}

async function chooseSources(options: ResolveSourcesOptions): Promise<SourceRow[]> {
  const { db, userId, inputs } = options;
  if (inputs.source_type === 'quality') {
    const ids = await researchTopic(options.research, {
      userId,
      topic: String(inputs.topic ?? ''),
      locale: options.locale,
      signal: options.signal,
      onStage: options.stage,
    });
    return usable(await ownSources(db, userId, ids));
  }
  if (typeof inputs.source_id === 'string') {
    const [source] = await ownSources(db, userId, [inputs.source_id]);
    if (source?.state !== 'usable') throw new AppError('source_not_ready');
    return [source];
  }
  const ids = Array.isArray(inputs.source_ids) ? inputs.source_ids.map(String) : [];
  if (ids.length > 0) return usable(await ownSources(db, userId, ids));
  if (options.recentByDefault) return recentUsableSources(db, userId);
  return [];
}

/** The user's sources of these ids, in the order given; any id that is not one of them is not found. */
async function ownSources(db: Database, userId: string, ids: string[]): Promise<SourceRow[]> {
  const wanted = [...new Set(ids)];
  if (!wanted.every(isUuid)) throw new AppError('not_found');
  const rows = await db
    .select()
    .from(sources)
    .where(and(eq(sources.userId, userId), inArray(sources.id, wanted)));
  if (rows.length !== wanted.length) throw new AppError('not_found');
  return wanted.map((id) => rows.find((row) => row.id === id) as SourceRow);
}

/** Sources still being processed, or that failed, are never written from (spec §4). */
function usable(rows: SourceRow[]): SourceRow[] {
  return rows.filter((row) => row.state === 'usable');
}

async function recentUsableSources(db: Database, userId: string): Promise<SourceRow[]> {
  return db
    .select()
    .from(sources)
    .where(and(eq(sources.userId, userId), eq(sources.state, 'usable')))
    .orderBy(desc(sources.createdAt))
    .limit(RECENT_SOURCES);
}

/** What the passages should be about: the chapter's focus, the topic, the prompt, the outline's start. */
function taskQuestion(inputs: Record<string, unknown>): string {
  const parts = [inputs.headline, inputs.topic, inputs.prompt, inputs.study_subject, inputs.interests];
  if (typeof inputs.outline === 'string') parts.push(inputs.outline.slice(0, OUTLINE_QUESTION_CHARS));
  return parts.filter((part): part is string => typeof part === 'string' && part.length > 0).join(' ');
}

async function taskPassages(db: Database, row: SourceRow, question: string): Promise<SourcePassage[]> {
  const retrieved = question
    ? await retrievePassages(db, { sourceId: row.id, question, limit: PASSAGES_PER_SOURCE })
    : [];
  if (retrieved.length > 0) {
    const unquotable = await unquotableRanges(
      db,
      retrieved.map((passage) => passage.chunkId),
    );
    return retrieved.map((passage) =>
      withPages(row, { ...passage, unquotable: unquotable.get(passage.chunkId) ?? [] }, passage.score),
    );
  }
  return (await chunksInOrder(db, row.id, OPENING_PASSAGES)).map((chunk) => withPages(row, chunk, 0));
}

async function allPassages(db: Database, row: SourceRow): Promise<SourcePassage[]> {
  return (await chunksInOrder(db, row.id, WHOLE_SOURCE_PASSAGES)).map((chunk) => withPages(row, chunk, 1));
}

async function chunksInOrder(db: Database, sourceId: string, limit: number) {
  return db
    .select({
      text: sourceChunks.text,
      pageStart: sourceChunks.pageStart,
      pageEnd: sourceChunks.pageEnd,
      pageBreaks: sourceChunks.pageBreaks,
      unquotable: sourceChunks.unquotable,
    })
    .from(sourceChunks)
    .where(and(eq(sourceChunks.sourceId, sourceId), eq(sourceChunks.section, 'body')))
    .orderBy(asc(sourceChunks.ordinal))
    .limit(limit);
}

/** The word ranges not to quote (headings, captions, footnotes) of the retrieved passages, by chunk id. */
async function unquotableRanges(db: Database, chunkIds: string[]): Promise<Map<string, number[]>> {
  const rows = await db
    .select({ id: sourceChunks.id, unquotable: sourceChunks.unquotable })
    .from(sourceChunks)
    .where(inArray(sourceChunks.id, chunkIds));
  return new Map(rows.map((row) => [row.id, row.unquotable]));
}

type StoredPassage = { text: string; pageStart: number; pageEnd: number; pageBreaks: number[]; unquotable: number[] };

/** Only PDFs have pages: a web page or a paper known by its abstract is cited without one. */
function withPages(
  row: SourceRow,
  { text, pageStart, pageEnd, pageBreaks, unquotable }: StoredPassage,
  score: number,
): SourcePassage {
  const paged = row.type === 'document' || (row.type === 'paper' && row.blobKey !== null);
  return paged
    ? { text, pageStart, pageEnd, pageBreaks, unquotable, score }
    : { text, pageStart: null, pageEnd: null, unquotable, score };
}

function toolSource(row: SourceRow, passages: SourcePassage[]): ToolSource {
  const paper = (row.paper ?? {}) as { venue?: string | null; doi?: string | null };
  return {
    id: row.id,
    title: row.title ?? row.name,
    authors: row.authors,
    year: row.year,
    venue: paper.venue ?? null,
    doi: paper.doi ?? null,
    url: row.url,
    kind: row.type,
    language: row.language,
    passages,
    paper: (row.paper as PaperRecord | null) ?? null,
  };
}
