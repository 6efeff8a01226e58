import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../db/client';
import { jobs } from '../db/schema';
import { InvalidJobPayload, type JobPayloadSchema, type JobRow } from './define-job';

/** Anything that can run queries: the database or a transaction, so a job is enqueued with its data. */
type Queryable = Pick<Database, 'insert' | 'update' | 'execute' | 'delete'>;

/** How long a claimed job is a worker's before another may take it over, unless configured otherwise. */
export const DEFAULT_LEASE_SECONDS = 120;

/**
 * Queues a job of this definition. A payload its schema refuses is a programming error: it throws
 * InvalidJobPayload and nothing is queued. The payload is stored as the schema parsed it.
 */
export async function enqueueJob<Schema extends JobPayloadSchema>(
  db: Queryable,
  definition: { name: string; payload: Schema },
  payload: z.input<Schema>,
): Promise<string> {
  const parsed = definition.payload.safeParse(payload);
  if (!parsed.success) throw new InvalidJobPayload(definition.name, parsed.error);
  const [row] = await db
    .insert(jobs)
    .values({ kind: definition.name, payload: parsed.data })
    .returning({ id: jobs.id });
  if (!row) throw new Error('enqueueing a job returned no row');
  return row.id;
}

/**
 * Takes the oldest runnable job: queued and due, or running with an expired lease (its worker died).
 * Concurrent workers skip each other's locked rows, so no job runs twice at once.
 */
export async function claimJob(
  db: Database,
  kinds: string[],
  leaseSeconds = DEFAULT_LEASE_SECONDS,
): Promise<JobRow | undefined> {
  if (kinds.length === 0) return undefined;
  const kindList = sql.join(
    kinds.map((kind) => sql`${kind}`),
    sql`, `,
  );
  // Both drivers answer raw queries with `{ rows }`.
  const result = (await db.execute(sql`
    update jobs set state = 'running', attempts = attempts + 1,
      locked_until = now() + make_interval(secs => ${leaseSeconds})
    where id = (
      select id from jobs
      where kind in (${kindList})
        and ((state = 'queued' and run_after <= now()) or (state = 'running' and locked_until < now()))
      order by run_after
      limit 1
      for update skip locked
    )
    returning id`)) as unknown as { rows: { id: string }[] };
  const id = result.rows[0]?.id;
  if (!id) return undefined;
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  return row;
}

/** A long job calls this as it makes progress, so its lease does not run out under it. */
export async function extendLease(db: Database, jobId: string, leaseSeconds = DEFAULT_LEASE_SECONDS): Promise<void> {
  await db
    .update(jobs)
    .set({ lockedUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
    .where(and(eq(jobs.id, jobId), eq(jobs.state, 'running')));
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
