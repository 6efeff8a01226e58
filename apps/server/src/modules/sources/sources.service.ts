import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { DocumentOutline } from '@quire/contracts';
import type { BlobStore } from '../../blobs/blob-store';
import type { Database } from '../../db/client';
import { sources } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { enqueueJob } from '../../jobs/queue';
import type { JobWorker } from '../../jobs/worker';
import type { Passage } from '../../text/chunking';
import type { SourceRow } from './source-row';
import { findStructure } from './source-structure.store';
import { PROCESS_SOURCE_JOB, sourceBlobKey } from './sources.processing';
import * as store from './sources.store';
import { displayName, requirePdfMagic } from './sources.upload';
import { PROCESS_WEBSITE_JOB } from './website.processing';

export type { SourceRow } from './source-row';

type Library = { db: Database; jobs: JobWorker };

/**
 * Stores an uploaded PDF and queues its processing. The file is stored first, so a row never points at
 * nothing; a stream that is no PDF fails with `upload_not_pdf` before anything is kept.
 */
export async function createDocumentSource({
  db,
  blobs,
  jobs,
  userId,
  filename,
  content,
}: Library & {
  blobs: BlobStore;
  userId: string;
  filename: string | undefined;
  content: Readable;
}): Promise<SourceRow> {
  const sourceId = randomUUID();
  const blobKey = sourceBlobKey(userId, sourceId);
  const bytes = await blobs.put(blobKey, content, requirePdfMagic());
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(sources)
      .values({ id: sourceId, userId, type: 'document', name: displayName(filename), blobKey, bytes })
      .returning();
    await enqueueJob(tx, PROCESS_SOURCE_JOB, { sourceId }, { userId, cost: bytes });
    return inserted;
  });
  if (!row) throw new Error('inserting the source returned no row');
  jobs.poke();
  return row;
}

/** Adds a web page to the user's library and queues its fetching. */
export async function createWebsiteSource({
  db,
  jobs,
  userId,
  link,
}: Library & { userId: string; link: string }): Promise<SourceRow> {
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(sources)
      .values({ userId, type: 'website', name: linkName(link), url: link })
      .returning();
    if (inserted) await enqueueJob(tx, PROCESS_WEBSITE_JOB, { sourceId: inserted.id }, { userId });
    return inserted;
  });
  if (!row) throw new Error('inserting the source returned no row');
  jobs.poke();
  return row;
}

/** The user's documents or websites, newest first. */
export function listUserSources(db: Database, userId: string, type: SourceRow['type']): Promise<SourceRow[]> {
  return store.listSources(db, userId, type);
}

/**
 * Deletes one of the user's sources with its passages, jobs and stored file; `not_found` if not theirs. A job
 * processing it stops: at once on this instance, within a second on another.
 */
export async function deleteSource({
  db,
  blobs,
  jobs,
  userId,
  sourceId,
}: Library & {
  blobs: BlobStore;
  userId: string;
  sourceId: string;
}): Promise<{ id: string }> {
  const row = await store.deleteUserSource(db, userId, sourceId);
  if (!row) throw new AppError('not_found');
  jobs.poke();
  if (row.blobKey) await blobs.remove(row.blobKey);
  return { id: row.id };
}

/** A stored PDF by source id with its display name, for a signed link; `not_found` if there is none. */
export async function openSourceFile(
  db: Database,
  blobs: BlobStore,
  sourceId: string,
): Promise<{ name: string; content: Readable }> {
  const row = await store.findSource(db, sourceId);
  if (!row?.blobKey) throw new AppError('not_found');
  return { name: row.name, content: await blobs.stream(row.blobKey) };
}

/** A source of this user; another user's id answers undefined exactly like a missing one. */
export function findUserSource(db: Database, userId: string, sourceId: string): Promise<SourceRow | undefined> {
  return store.findUserSource(db, userId, sourceId);
}

/** A source by id, whoever owns it: for background work that was handed the id. */
export function findSource(db: Database, sourceId: string): Promise<SourceRow | undefined> {
  return store.findSource(db, sourceId);
}

/** Records what background work learnt about a source (progress, bibliographic details). */
export function updateSource(db: Database, sourceId: string, changes: Partial<SourceRow>): Promise<void> {
  return store.updateSource(db, sourceId, changes);
}

/** Replaces a source's passages and marks it usable, in one transaction. */
export function storePassages(
  db: Database,
  source: Pick<SourceRow, 'id' | 'userId'>,
  passages: Passage[],
  searchConfig: string,
  details: Partial<SourceRow>,
): Promise<void> {
  return store.storePassages(db, source, passages, searchConfig, details);
}

/** The structure of a user's document (null until it has been read); `not_found` for anyone else's. */
export async function documentStructure(
  db: Database,
  userId: string,
  sourceId: string,
): Promise<DocumentOutline | null> {
  const row = await store.findUserSource(db, userId, sourceId);
  if (!row || row.type === 'website') throw new AppError('not_found');
  const structure = await findStructure(db, userId, sourceId);
  if (!structure) return null;
  const { paragraphs: _paragraphs, sentences: _sentences, ...outline } = structure;
  return outline;
}

/** What a link is called until its page's title is known: host and path, without the scheme. */
function linkName(link: string): string {
  const url = new URL(link);
  return `${url.host}${url.pathname === '/' ? '' : url.pathname}`.slice(0, 200);
}
