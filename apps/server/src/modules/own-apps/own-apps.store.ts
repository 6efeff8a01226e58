import { OWN_APP_LIMITS, type OwnAppDefinition, ownAppSlug } from '@quire/contracts';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { isUuid } from '../../db/ids';
import { ownApps, templateFavourites, users } from '../../db/schema';
import { AppError } from '../../http/app-error';

export type OwnAppRow = typeof ownApps.$inferSelect;

/** The user's own applications, newest first. */
export async function listOwnApps(db: Database, userId: string): Promise<OwnAppRow[]> {
  return db.select().from(ownApps).where(eq(ownApps.userId, userId)).orderBy(desc(ownApps.createdAt), desc(ownApps.id));
}

/** One of the user's own applications; null when there is none of that id for this user. */
export async function findOwnApp(db: Database, userId: string, id: string): Promise<OwnAppRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select()
    .from(ownApps)
    .where(and(eq(ownApps.id, id), eq(ownApps.userId, userId)));
  return row ?? null;
}

/**
 * Stores a new application unless the user already has the most allowed (`own_apps_limit`). The user's row is
 * locked while counting, so parallel requests cannot together pass the limit.
 */
export async function insertOwnApp(db: Database, userId: string, definition: OwnAppDefinition): Promise<OwnAppRow> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [existing] = await tx.select({ total: count() }).from(ownApps).where(eq(ownApps.userId, userId));
    if ((existing?.total ?? 0) >= OWN_APP_LIMITS.apps) throw new AppError('own_apps_limit');
    const [row] = await tx
      .insert(ownApps)
      .values({ userId, ...definition })
      .returning();
    if (!row) throw new Error('insert into own_apps returned no row');
    return row;
  });
}

/** Replaces an application's definition; null when there is none of that id for this user. */
export async function updateOwnApp(
  db: Database,
  userId: string,
  id: string,
  definition: OwnAppDefinition,
): Promise<OwnAppRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .update(ownApps)
    .set({ ...definition, updatedAt: new Date() })
    .where(and(eq(ownApps.id, id), eq(ownApps.userId, userId)))
    .returning();
  return row ?? null;
}

/**
 * Deletes an application and the user's favourite choice for it; its results stay in the history. Resolves
 * false when there is none of that id for this user.
 */
export async function deleteOwnApp(db: Database, userId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  return db.transaction(async (tx) => {
    const deleted = await tx
      .delete(ownApps)
      .where(and(eq(ownApps.id, id), eq(ownApps.userId, userId)))
      .returning({ id: ownApps.id });
    if (deleted.length === 0) return false;
    await tx
      .delete(templateFavourites)
      .where(and(eq(templateFavourites.userId, userId), eq(templateFavourites.slug, ownAppSlug(id))));
    return true;
  });
}
