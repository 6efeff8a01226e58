import type { GenerationSlug } from '@quire/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { jobs, users } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { defineJob } from '../../jobs/define-job';
import { DEFAULT_LEASE_SECONDS } from '../../jobs/queue';

/**
 * The word quota (spec §6): words_used may never pass the plan's monthly limit plus the user's extra words.
 * A run first reserves what it will probably write with one conditional UPDATE, so parallel runs cannot
 * together pass the maximum; when it is done the reservation is settled to the words it really wrote
 * (the last run before the limit may write a little more than was left: it is charged up to the limit),
 * and a failed or cancelled run gives its reservation back.
 *
 * A process killed mid-run can do neither, so every reservation is also held as a queued job due when the
 * hold runs out: settling or refunding deletes that job in the same statement, and if it is still there when
 * it falls due (nobody came back for it) a worker of any instance gives the words back. Whichever comes
 * first wins: settling subtracts the reservation only when it deleted the queued hold, so words are never
 * given back twice.
 */

/** Enough of a database or a transaction to update a user's words. */
type Queryable = Pick<Database, 'update' | 'execute'>;

export type Reservation = {
  userId: string;
  planLimit: number;
  words: number;
  /** The queued job that gives the words back if the run never settles them. */
  holdId: string;
};

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

/**
 * Reserves up to `estimate` words, as many as are left; fails with `word_limit_reached` when none are. The
 * database function reserve_words (migration 0015) locks the user's row, so the read and the write are one
 * step for parallel runs. The hold that gives the words back falls due after `holdSeconds` unless
 * `keepHolding` pushes it on.
 */
export async function reserveWords(
  db: Database,
  {
    userId,
    planLimit,
    estimate,
    holdSeconds = DEFAULT_LEASE_SECONDS,
  }: { userId: string; planLimit: number; estimate: number; holdSeconds?: number },
): Promise<Reservation> {
  const result = (await db.execute(sql`
    select reserved, hold_id
    from reserve_words(${userId}::uuid, ${planLimit}::int, ${estimate}::int, ${holdSeconds}::int)`)) as unknown as {
    rows: { reserved: number; hold_id: string }[];
  };
  const [row] = result.rows;
  if (!row) throw new AppError('word_limit_reached');
  return { userId, planLimit, words: Number(row.reserved), holdId: row.hold_id };
}

/** Pushes a running reservation's hold on, so a long run keeps its words reserved while it is alive. */
export async function keepHolding(db: Database, reservation: Reservation, holdSeconds: number): Promise<void> {
  await db
    .update(jobs)
    .set({ runAfter: sql`now() + make_interval(secs => ${holdSeconds})` })
    .where(and(eq(jobs.id, reservation.holdId), eq(jobs.state, 'queued')));
}

/**
 * The two steps of settling, as CTEs for one statement: delete the reservation's hold, then replace the
 * reservation with the words really written (never past the maximum). The reservation is subtracted only
 * when the hold was still queued; a hold already taken by the release job gives the words back itself.
 */
export function settlementSteps(db: Database, reservation: Reservation, words: number) {
  const released = db.$with('released').as(
    db
      .delete(jobs)
      .where(and(eq(jobs.id, reservation.holdId), eq(jobs.state, 'queued')))
      .returning({ id: jobs.id }),
  );
  const settled = db.$with('settled').as(
    db
      .update(users)
      .set({
        wordsUsed: sql`least(greatest(${users.wordsUsed}
          - (select count(*) from ${released})::int * ${reservation.words}::int + ${words}::int, 0),
          ${reservation.planLimit}::int + ${users.wordsExtra})`,
      })
      .where(eq(users.id, reservation.userId))
      .returning({ id: users.id }),
  );
  return [released, settled] as const;
}

/** Settles a reservation on its own, for a caller that stores its result in a transaction around it. */
export async function settleWords(db: Queryable, reservation: Reservation, words: number): Promise<void> {
  await db.execute(sql`
    with released as (
      delete from ${jobs} where id = ${reservation.holdId} and state = 'queued' returning id
    )
    update ${users} set words_used = least(greatest(${users.wordsUsed}
        - (select count(*) from released)::int * ${reservation.words}::int + ${words}::int, 0),
      ${reservation.planLimit}::int + ${users.wordsExtra})
    where ${users.id} = ${reservation.userId}`);
}

/** Gives a reservation back: a failed or cancelled run costs nothing. */
export async function refundWords(db: Queryable, reservation: Reservation): Promise<void> {
  await db.execute(sql`
    with released as (
      delete from ${jobs} where id = ${reservation.holdId} and state = 'queued' returning id
    )
    update ${users} set words_used = greatest(${users.wordsUsed} - ${reservation.words}::int, 0)
    where ${users.id} = ${reservation.userId} and exists (select 1 from released)`);
}

/**
 * Gives back the words of a run that never settled them (its process died). The database functions
 * reserve_words and start_generation (migrations 0014 and 0015) queue it with its payload. Deleting the
 * hold and refunding are one statement, so a retried job cannot refund twice.
 */
export const RELEASE_WORDS_JOB = defineJob({
  name: 'generation.release-words',
  payload: z.object({ userId: z.guid(), words: z.number().int().nonnegative() }),
  run: async (payload, { db, job, logger }) => {
    // The hold's stored payload is read again in the statement that deletes it, so a settlement that
    // deleted it first leaves nothing to give back.
    const result = (await db.execute(sql`
      with released as (delete from ${jobs} where id = ${job.id} returning payload)
      update ${users} set words_used = greatest(${users.wordsUsed} - (released.payload->>'words')::int, 0)
      from released
      where ${users.id} = (released.payload->>'userId')::uuid
      returning ${users.id}`)) as unknown as { rows: unknown[] };
    if (result.rows.length > 0) logger.warn({ payload }, 'gave back the words of a run that never ended');
  },
});
