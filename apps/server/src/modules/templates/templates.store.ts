import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { templateFavourites, users } from '../../db/schema';

/** The user's own favourite choices, by tool; tools without a choice are not in the map. */
export async function favouriteChoices(db: Database, userId: string): Promise<Map<string, boolean>> {
  const rows = await db
    .select({ slug: templateFavourites.slug, favourite: templateFavourites.favourite })
    .from(templateFavourites)
    .where(eq(templateFavourites.userId, userId));
  return new Map(rows.map((row) => [row.slug, row.favourite]));
}

/**
 * Flips the user's choice for one tool in one statement, starting from `current` when there is none yet,
 * so two quick clicks toggle twice. Resolves the new state.
 */
export async function flipFavourite(db: Database, userId: string, slug: string, current: boolean): Promise<boolean> {
  const [row] = await db
    .insert(templateFavourites)
    .values({ userId, slug, favourite: !current })
    .onConflictDoUpdate({
      target: [templateFavourites.userId, templateFavourites.slug],
      set: { favourite: sql`not ${templateFavourites.favourite}`, updatedAt: sql`now()` },
    })
    .returning({ favourite: templateFavourites.favourite });
  return row?.favourite ?? !current;
}

/** The study categories the user chose on first login; null before they chose. */
export async function studyCategoriesOf(db: Database, userId: string): Promise<string[] | null> {
  const [row] = await db.select({ categories: users.studyCategories }).from(users).where(eq(users.id, userId));
  return row?.categories ?? null;
}
