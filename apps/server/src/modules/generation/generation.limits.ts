import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { AppError } from '../../http/app-error';
import { takeUserRateLimit } from '../../http/user-rate-limit';
import type { Reservation } from './generation.quota';

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

/** What a start needs besides the limits: the words to reserve and how long their hold outlives a lost run. */
export type StartRequest = {
  userId: string;
  limits: GenerationLimits;
  planLimit: number;
  estimate: number;
  holdSeconds: number;
};

/**
 * Counts a start of the user's and reserves its words (through reserve_words, as `reserveWords` does), or
 * refuses it: 429 `rate_limited` past either limit, 402 `word_limit_reached` without words left. One call of
 * the database function start_generation (migrations 0014 and 0015), which writes nothing for a refused start
 * and makes parallel starts of one user take turns, on every instance; being one statement, it needs no
 * transaction and is prepared once per database.
 */
export async function reserveWithinLimits(
  db: Database,
  { userId, limits, planLimit, estimate, holdSeconds }: StartRequest,
): Promise<Reservation> {
  const [row] = await startGeneration(db).execute({
    userId,
    startsPerMinute: limits.startsPerMinute,
    running: limits.running,
    planLimit,
    estimate,
    holdSeconds,
  });
  if (!row) throw new Error('start_generation returned no row');
  if (row.refusal === 'rate_limited')
    throw new AppError('rate_limited', { retryAfterSeconds: Number(row.retryAfterSeconds) });
  if (row.refusal === 'running') throw new AppError('rate_limited', { retryAfterSeconds: RUNNING_RETRY_AFTER_SECONDS });
  if (row.refusal === 'word_limit_reached' || !row.holdId) throw new AppError('word_limit_reached');
  return { userId, planLimit, words: Number(row.reserved), holdId: row.holdId };
}

const startGeneration = preparedPerDatabase((db) => {
  const value = (name: string) => sql`${sql.placeholder(name)}::integer`;
  return db
    .select({
      refusal: sql<'rate_limited' | 'running' | 'word_limit_reached' | null>`refusal`,
      retryAfterSeconds: sql<number>`retry_after_seconds`,
      reserved: sql<number>`reserved`,
      holdId: sql<string | null>`hold_id`,
    })
    .from(
      sql`start_generation(${sql.placeholder('userId')}::uuid, ${value('startsPerMinute')}, ${value('running')},
        ${value('planLimit')}, ${value('estimate')}, ${value('holdSeconds')})`,
    )
    .prepare('start_generation');
});

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
