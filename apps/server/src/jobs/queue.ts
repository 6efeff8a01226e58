import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../db/client';
import { jobs } from '../db/schema';
import { InvalidJobPayload, type JobPayloadSchema, type JobRow } from './define-job';

/** Anything that can run queries: the database or a transaction, so a job is enqueued with its data. */
type Queryable = Pick<Database, 'insert' | 'update' | 'execute' | 'delete'>;

/** How long a claimed job is a worker's before another may take it over, unless configured otherwise. */
export const DEFAULT_LEASE_SECONDS = 120;

/** Whose job it is and how big: the queue lets users take turns and runs small work before big (claimJob). */
export type JobOwner = { userId?: string; cost?: number };

/**
 * Queues a job of this definition. A payload its schema refuses is a programming error: it throws
 * InvalidJobPayload and nothing is queued. The payload is stored as the schema parsed it.
 */
export async function enqueueJob<Schema extends JobPayloadSchema>(
  db: Queryable,
  definition: { name: string; payload: Schema },
  payload: z.input<Schema>,
  { userId, cost = 0 }: JobOwner = {},
): Promise<string> {
  const parsed = definition.payload.safeParse(payload);
  if (!parsed.success) throw new InvalidJobPayload(definition.name, parsed.error);
  const [row] = await db
    .insert(jobs)
    .values({ kind: definition.name, payload: parsed.data, userId, cost: Math.round(cost) })
    .returning({ id: jobs.id });
  if (!row) throw new Error('enqueueing a job returned no row');
  return row.id;
}

export type ClaimOptions = {
  leaseSeconds?: number;
  /** How many jobs of one user may run at once, on all instances together. */
  perUser?: number;
};

/** A user's jobs run one at a time, so one user's pile of uploads never takes every slot. */
export const DEFAULT_PER_USER = 1;

/** Claims are taken one after another (a transaction-level advisory lock), so the per-user count is exact. */
const CLAIM_LOCK_KEY = 7_307_100_212;

/**
 * Takes the next runnable job: queued and due, or running with an expired lease (its worker died). Fair:
 * a user with `perUser` jobs running waits; the others take turns (each user's first job before anyone's
 * second), and among jobs whose turn it is the smallest (`cost`) runs first, then the oldest.
 */
export async function claimJob(
  db: Database,
  kinds: string[],
  { leaseSeconds = DEFAULT_LEASE_SECONDS, perUser = DEFAULT_PER_USER }: ClaimOptions = {},
): Promise<JobRow | undefined> {
  if (kinds.length === 0) return undefined;
  const kindList = sql.join(
    kinds.map((kind) => sql`${kind}`),
    sql`, `,
  );
  const runnable = (row: string) =>
    sql.raw(`((${row}.state = 'queued' and ${row}.run_after <= now()) or
      (${row}.state = 'running' and ${row}.locked_until < now()))`);
  const id = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CLAIM_LOCK_KEY})`);
    // Both drivers answer raw queries with `{ rows }`.
    const result = (await tx.execute(sql`
      with busy as (
        select user_id, count(*) as running from jobs
        where state = 'running' and locked_until >= now() and user_id is not null
        group by user_id
      ),
      due as (
        select j.id, j.cost, j.run_after,
          row_number() over (partition by coalesce(j.user_id, j.id) order by j.cost, j.run_after) as turn
        from jobs j left join busy on busy.user_id = j.user_id
        where j.kind in (${kindList}) and ${runnable('j')} and coalesce(busy.running, 0) < ${perUser}
      )
      update jobs set state = 'running', attempts = attempts + 1, started_at = now(),
        locked_until = now() + make_interval(secs => ${leaseSeconds})
      where id = (
        select candidate.id from jobs candidate join due on due.id = candidate.id
        where ${runnable('candidate')}
        order by due.turn, due.cost, due.run_after
        limit 1
        for update of candidate skip locked
      )
      returning id`)) as unknown as { rows: { id: string }[] };
    return result.rows[0]?.id;
  });
  if (!id) return undefined;
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  return row;
}

/**
 * Renews the leases of jobs this worker runs, each at the attempt it claimed. Resolves the ids it still holds:
 * a job missing from the answer was deleted (cancelled) or taken over by another instance.
 */
export async function renewLeases(
  db: Database,
  held: { id: string; attempts: number }[],
  leaseSeconds = DEFAULT_LEASE_SECONDS,
): Promise<Set<string>> {
  if (held.length === 0) return new Set();
  const rows = await db
    .update(jobs)
    .set({ lockedUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
    .where(
      and(
        eq(jobs.state, 'running'),
        inArray(
          jobs.id,
          held.map((job) => job.id),
        ),
      ),
    )
    .returning({ id: jobs.id, attempts: jobs.attempts });
  const attempts = new Map(held.map((job) => [job.id, job.attempts]));
  return new Set(rows.filter((row) => attempts.get(row.id) === row.attempts).map((row) => row.id));
}

/** Puts a job its worker stopped before it ended back in the queue, as if this attempt had not been made. */
export async function releaseJob(db: Database, job: JobRow): Promise<void> {
  await db
    .update(jobs)
    .set({ state: 'queued', lockedUntil: null, startedAt: null, attempts: sql`greatest(${jobs.attempts} - 1, 0)` })
    .where(and(eq(jobs.id, job.id), eq(jobs.attempts, job.attempts)));
}

export async function completeJob(db: Database, jobId: string): Promise<void> {
  await db.update(jobs).set({ state: 'done', lockedUntil: null, finishedAt: sql`now()` }).where(eq(jobs.id, jobId));
}

/**
 * Schedules another attempt with backoff, or marks the job failed after its last one (or at once when
 * `retry` is false: another attempt would fail the same way). Resolves whether it is final.
 */
export async function failJob(db: Database, job: JobRow, error: unknown, { retry = true } = {}): Promise<boolean> {
  const final = !retry || job.attempts >= job.maxAttempts;
  const message = error instanceof Error ? error.message : String(error);
  await db
    .update(jobs)
    .set(
      final
        ? { state: 'failed', lockedUntil: null, lastError: message, finishedAt: sql`now()` }
        : {
            state: 'queued',
            lockedUntil: null,
            lastError: message,
            runAfter: sql`now() + make_interval(secs => ${2 ** job.attempts})`,
          },
    )
    .where(eq(jobs.id, job.id));
  return final;
}
