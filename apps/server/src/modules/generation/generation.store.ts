import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { isUuid } from '../../db/ids';
import { generations } from '../../db/schema';
import { type GenerationRow, resultColumns } from './generation-row';

export type NewGeneration = typeof generations.$inferInsert;

/** A history length no one scrolls past; older results stay stored. */
const HISTORY_LIMIT = 200;

/** The user's results of one tool, newest first. */
export async function listHistory(db: Database, userId: string, slug: string): Promise<GenerationRow[]> {
  return db
    .select(resultColumns)
    .from(generations)
    .where(and(eq(generations.userId, userId), eq(generations.slug, slug)))
    .orderBy(desc(generations.createdAt), desc(generations.id))
    .limit(HISTORY_LIMIT);
}

/** Deletes one of the user's results; resolves false when there is none of that id for this user. */
export async function deleteHistoryItem(db: Database, userId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const deleted = await db
    .delete(generations)
    .where(and(eq(generations.id, id), eq(generations.userId, userId)))
    .returning({ id: generations.id });
  return deleted.length > 0;
}
