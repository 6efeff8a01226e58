import type { LocaleCode } from '@quire/contracts';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { personalWords } from '../../db/schema';

export type PersonalWordRow = typeof personalWords.$inferSelect;

/** Enough for any writer's names and terms; a bound on what every check loads. */
export const PERSONAL_WORDS_LIMIT = 5_000;

/** The user's words, in one language or all, alphabetically. */
export async function listPersonalWords(
  db: Database,
  userId: string,
  language?: LocaleCode,
): Promise<PersonalWordRow[]> {
  const mine = eq(personalWords.userId, userId);
  return db
    .select()
    .from(personalWords)
    .where(language ? and(mine, eq(personalWords.language, language)) : mine)
    .orderBy(asc(personalWords.language), asc(personalWords.word));
}

/** The words the spell checker accepts for this user in this language. */
export async function personalWordSet(db: Database, userId: string, language: LocaleCode): Promise<Set<string>> {
  const rows = await db
    .select({ word: personalWords.word })
    .from(personalWords)
    .where(and(eq(personalWords.userId, userId), eq(personalWords.language, language)));
  return new Set(rows.map((row) => row.word));
}

export type AddResult = { row: PersonalWordRow; created: boolean } | { full: true };

/**
 * Adds a word unless the user already has it (then the existing one is returned) or already has the most
 * words allowed in that language.
 */
export async function addPersonalWord(
  db: Database,
  userId: string,
  language: LocaleCode,
  word: string,
): Promise<AddResult> {
  const key = and(eq(personalWords.userId, userId), eq(personalWords.language, language));
  const [existing] = await db
    .select()
    .from(personalWords)
    .where(and(key, eq(personalWords.word, word)));
  if (existing) return { row: existing, created: false };
  const [counted] = await db.select({ words: count() }).from(personalWords).where(key);
  if ((counted?.words ?? 0) >= PERSONAL_WORDS_LIMIT) return { full: true };
  const [inserted] = await db
    .insert(personalWords)
    .values({ userId, language, word })
    .onConflictDoNothing()
    .returning();
  if (inserted) return { row: inserted, created: true };
  // Added by a concurrent request between the two statements.
  const [concurrent] = await db
    .select()
    .from(personalWords)
    .where(and(key, eq(personalWords.word, word)));
  if (!concurrent) throw new Error('personal word neither inserted nor found');
  return { row: concurrent, created: false };
}

/** Removes one of the user's words; false when the user has no such word. */
export async function deletePersonalWord(
  db: Database,
  userId: string,
  language: LocaleCode,
  word: string,
): Promise<boolean> {
  const deleted = await db
    .delete(personalWords)
    .where(and(eq(personalWords.userId, userId), eq(personalWords.language, language), eq(personalWords.word, word)))
    .returning({ word: personalWords.word });
  return deleted.length > 0;
}
