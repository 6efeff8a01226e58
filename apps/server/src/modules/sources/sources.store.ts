import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { isUuid } from '../../db/ids';
import { jobs, sourceChunks, sources } from '../../db/schema';
import type { Passage } from '../../text/chunking';
import { insertPassages } from './passage-indexer';
import type { SourceRow } from './source-row';

export async function listSources(db: Database, userId: string, type: SourceRow['type']): Promise<SourceRow[]> {
  return db
    .select()
    .from(sources)
    .where(and(eq(sources.userId, userId), eq(sources.type, type)))
    .orderBy(desc(sources.createdAt));
}

/** A source of this user; another user's id answers undefined exactly like a missing one. */
export async function findUserSource(db: Database, userId: string, id: string): Promise<SourceRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(sources)
    .where(and(eq(sources.id, id), eq(sources.userId, userId)));
  return row;
}

export async function findSource(db: Database, id: string): Promise<SourceRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(sources).where(eq(sources.id, id));
  return row;
}

export async function updateSource(db: Database, id: string, changes: Partial<SourceRow>): Promise<void> {
  await db.update(sources).set(changes).where(eq(sources.id, id));
}

const PASSAGES_PER_STATEMENT = 500;

/** Replaces a source's passages and marks it usable, in one transaction (a retried job starts clean). */
export async function storePassages(
  db: Database,
  source: Pick<SourceRow, 'id' | 'userId'>,
  passages: Passage[],
  searchConfig: string,
  details: Partial<SourceRow>,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(sourceChunks).where(eq(sourceChunks.sourceId, source.id));
    for (let index = 0; index < passages.length; index += PASSAGES_PER_STATEMENT) {
      await insertPassages(tx, source, passages.slice(index, index + PASSAGES_PER_STATEMENT), searchConfig);
    }
    await tx
      .update(sources)
      .set({ ...details, state: 'usable', progress: 100, errorCode: null })
      .where(eq(sources.id, source.id));
  });
}

/**
 * Deletes a source with its passages and its jobs, resolving the row for blob removal. A queued job never
 * starts; a running one is stopped by its worker, which finds its row gone (jobs/worker.ts).
 */
export async function deleteUserSource(db: Database, userId: string, id: string): Promise<SourceRow | undefined> {
  if (!isUuid(id)) return undefined;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(sources)
      .where(and(eq(sources.id, id), eq(sources.userId, userId)))
      .returning();
    if (row) await tx.delete(jobs).where(sql`${jobs.payload}->>'sourceId' = ${id}`);
    return row;
  });
}
