import type { GenerationSlug } from '@quire/contracts';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { planWordLimit } from '../accounts/plans';
import { findCurrentSubscription } from '../accounts/subscriptions.store';

/**
 * The word quota (spec §6): words_used may never pass the plan's monthly limit plus the user's extra words.
 * A run first reserves what it will probably write with one conditional UPDATE, so parallel runs cannot
 * together pass the maximum; when it is done the reservation is settled to the words it really wrote
 * (the last run before the limit may write a little more than was left: it is charged up to the limit),
 * and a failed or cancelled run gives its reservation back.
 */

/** Enough of a database or a transaction to update a user's words. */
type Queryable = Pick<Database, 'update' | 'execute'>;

export type Reservation = { userId: string; planLimit: number; words: number };

/** Paragraphs per length (spec §9) and a paragraph's usual words, for the tools written by length. */
const PARAGRAPHS = { short: 4, normal: 6, long: 8 } as const;
const PARAGRAPH_WORDS = 120;
/** An essay is several chapters' worth of paragraphs. */
const LENGTH_MULTIPLIER: Partial<Record<GenerationSlug, number>> = {
  'write-introduction': 1,
  'write-chapter': 1,
  'write-essay': 2,
};
/** The other tools write about this much. */
const TYPICAL_WORDS = { 'find-topic': 150, 'write-outline': 250, freestyle: 600, summary: 300 } as const;

/** What a run of this tool will probably write, reserved before it starts. */
export function estimateWords(slug: GenerationSlug, inputs: Record<string, unknown>): number {
  const multiplier = LENGTH_MULTIPLIER[slug];
  if (multiplier)
    return PARAGRAPHS[(inputs.length as keyof typeof PARAGRAPHS) ?? 'normal'] * PARAGRAPH_WORDS * multiplier;
  if (slug === 'find-topic' || slug === 'write-outline' || slug === 'freestyle') return TYPICAL_WORDS[slug];
  return TYPICAL_WORDS.summary;
}

/** The monthly limit of the plan in force (free without one), as the profile shows it. */
export async function currentPlanLimit(db: Database, config: Pick<Config, 'trial'>, userId: string): Promise<number> {
  const subscription = await findCurrentSubscription(db, userId);
  return planWordLimit(subscription?.planSlug ?? 'free', config);
}

/**
 * Reserves up to `estimate` words, as many as are left; fails with `word_limit_reached` when none are. The
 * row lock taken in the subquery makes the read and the write one step for parallel runs.
 */
export async function reserveWords(
  db: Database,
  { userId, planLimit, estimate }: { userId: string; planLimit: number; estimate: number },
): Promise<Reservation> {
  const result = (await db.execute(sql`
    update ${users} set words_used = ${users.wordsUsed}
      + least(${estimate}::int, ${planLimit}::int + ${users.wordsExtra} - ${users.wordsUsed})
    from (select id, words_used as before from ${users} where id = ${userId} for update) as locked
    where ${users.id} = locked.id and ${users.wordsUsed} < ${planLimit}::int + ${users.wordsExtra}
    returning ${users.wordsUsed} - locked.before as reserved`)) as unknown as { rows: { reserved: number }[] };
  const [row] = result.rows;
  if (!row) throw new AppError('word_limit_reached');
  return { userId, planLimit, words: Number(row.reserved) };
}

/** Replaces the reservation with the words really written, never past the maximum. */
export async function settleWords(db: Queryable, reservation: Reservation, words: number): Promise<void> {
  await db
    .update(users)
    .set({
      wordsUsed: sql`least(greatest(${users.wordsUsed} - ${reservation.words}::int + ${words}::int, 0),
        ${reservation.planLimit}::int + ${users.wordsExtra})`,
    })
    .where(sql`${users.id} = ${reservation.userId}`);
}

/** Gives a reservation back: a failed or cancelled run costs nothing. */
export async function refundWords(db: Database, reservation: Reservation): Promise<void> {
  await db
    .update(users)
    .set({ wordsUsed: sql`greatest(${users.wordsUsed} - ${reservation.words}::int, 0)` })
    .where(sql`${users.id} = ${reservation.userId}`);
}
