import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { isUuid } from '../../db/ids';
import { preparedPerDatabase } from '../../db/prepared';
import { users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/** Every signed-in request reads its user. */
const userById = preparedPerDatabase((db) =>
  db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('user_by_id'),
);

export async function findUserById(db: Database, id: string): Promise<UserRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await userById(db).execute({ id });
  return row;
}

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.email, normaliseEmail(email)));
  return row;
}

export async function findUserByExternalSubject(db: Database, subject: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.externalSubject, subject));
  return row;
}

/** Inserts a user; resolves undefined when the e-mail (or external subject) is already taken. */
export async function insertUser(db: Database, user: NewUser): Promise<UserRow | undefined> {
  const [row] = await db
    .insert(users)
    .values({ ...user, email: normaliseEmail(user.email) })
    .onConflictDoNothing()
    .returning();
  return row;
}

/** Updates name or e-mail; resolves undefined when the new e-mail belongs to someone else. */
export async function updateUser(
  db: Database,
  id: string,
  changes: Partial<Pick<UserRow, 'name' | 'email'>>,
): Promise<UserRow | undefined> {
  const values = changes.email ? { ...changes, email: normaliseEmail(changes.email) } : changes;
  try {
    const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) return undefined;
    throw error;
  }
}

/** Records what the user studies Quire for (their choice on first login; an empty list is a choice too). */
export async function setStudyCategories(db: Database, id: string, categories: string[]): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set({ studyCategories: categories }).where(eq(users.id, id)).returning();
  return row;
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

function isUniqueViolation(error: unknown): boolean {
  const candidates = [error, (error as { cause?: unknown })?.cause];
  return candidates.some((candidate) => (candidate as { code?: string } | undefined)?.code === '23505');
}
