import { eq } from 'drizzle-orm';
import type { Database } from './client';
import { appSecrets } from './schema';

/**
 * A secret generated once and kept in the database, so every instance and every restart uses the same.
 * Two instances starting together may both generate; the first insert wins and both read it back.
 */
export async function loadOrCreateSecret<T>(db: Database, name: string, create: () => Promise<T> | T): Promise<T> {
  const existing = await read(db, name);
  if (existing !== undefined) return existing as T;
  await db
    .insert(appSecrets)
    .values({ name, value: await create() })
    .onConflictDoNothing();
  return (await read(db, name)) as T;
}

async function read(db: Database, name: string): Promise<unknown> {
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, name));
  return row?.value;
}
