import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { jobs } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { takeUserRateLimit } from '../../http/user-rate-limit';
import { RELEASE_WORDS_JOB, type Reservation } from './generation.quota';

/**
 * How much model work one user may start: guards against a script or a client caught in a loop, far above
 * what a person does (a run takes seconds to minutes, and is read before the next). Counted in the database,
 * so they hold across all instances. The app's options raise them for benchmarks and load tests.
 */
export type GenerationLimits = {
  /** Runs (a batch counts once) and source-chat questions, each, that one user may start in a minute. */
  startsPerMinute: number;
  /** Runs of one user under way at the same time. */
  running: number;
};

export const GENERATION_LIMITS: GenerationLimits = { startsPerMinute: 20, running: 4 };

/** A run under way ends within seconds to minutes; this is when a refused client is told to try again. */
const RUNNING_RETRY_AFTER_SECONDS = 10;

/**
 * Counts a start of the user's and refuses it (429 `rate_limited`) past either limit, else `reserve`s its
 * words, all in one transaction: a refused start costs nothing and is not counted. The window row's lock
 * makes parallel starts of one user take turns, so the runs counted include every earlier start's.
 */
export async function reserveWithinLimits(
  db: Database,
  { userId, limits }: { userId: string; limits: GenerationLimits },
  reserve: (tx: Database) => Promise<Reservation>,
): Promise<Reservation> {
  return db.transaction(async (tx) => {
    await takeUserRateLimit(tx, userId, { action: 'generation', limit: limits.startsPerMinute, windowSeconds: 60 });
    if ((await runsUnderWay(tx, userId)) >= limits.running) {
      throw new AppError('rate_limited', { retryAfterSeconds: RUNNING_RETRY_AFTER_SECONDS });
    }
    return reserve(tx);
  });
}

/** The other calls that put a model (or the built-in engine's CPU) to work; each has its own window. */
export type ModelCall = 'source-chat' | 'flashcards' | 'ai-detector' | 'proofreading-rewrites';

/**
 * Counts one model call of the user (a source-chat question, a generated deck, a detector run, proofreading
 * with rewrites): `startsPerMinute` of each kind a minute; throws 429 `rate_limited` when none are left.
 */
export async function takeModelCall(
  db: Database,
  userId: string,
  call: ModelCall,
  limits: GenerationLimits,
): Promise<void> {
  await takeUserRateLimit(db, userId, { action: call, limit: limits.startsPerMinute, windowSeconds: 60 });
}

/**
 * Each run under way holds its reserved words with a queued job until it settles them (generation.quota.ts),
 * on whichever instance it runs; a run whose process died stops counting when its hold falls due. The kind is
 * written out, not a parameter, so that the partial index jobs_word_holds_idx serves the count.
 */
async function runsUnderWay(db: Database, userId: string): Promise<number> {
  const result = (await db.execute(sql`
    select count(*)::int as running from ${jobs}
    where ${jobs.kind} = ${sql.raw(`'${RELEASE_WORDS_JOB}'`)} and ${jobs.state} = 'queued'
      and ${jobs.payload}->>'userId' = ${userId}`)) as unknown as { rows: { running: number }[] };
  return Number(result.rows[0]?.running ?? 0);
}
