import type { Logger } from 'pino';
import type { Database } from '../db/client';
import type { JobContext, PreparedJob, RegisteredJob } from './define-job';
import { claimJob, completeJob, DEFAULT_LEASE_SECONDS, extendLease, failJob } from './queue';

export type JobWorker = {
  /** Runs every job that is due now, one after another; for tests and for start-up. */
  drain: () => Promise<number>;
  /** Wakes the worker at once (a job was just enqueued). */
  poke: () => void;
  stop: () => Promise<void>;
};

const IDLE_POLL_MS = 1_000;

/** A failing clean-up is logged; it must not stop the jobs behind it. */
async function giveUp(prepared: Extract<PreparedJob, { valid: true }>, context: JobContext, error: unknown) {
  await prepared
    .giveUp(context, error)
    .catch((cleanUpError: unknown) =>
      context.logger.error({ err: cleanUpError }, 'cleaning up after a failed job failed'),
    );
}

/** Polls the jobs table and runs the handlers; one job at a time per instance keeps the 2-core budget. */
export function startJobWorker({
  db,
  logger,
  jobs,
  pollMs = IDLE_POLL_MS,
  autostart = true,
  leaseSeconds = DEFAULT_LEASE_SECONDS,
}: {
  db: Database;
  logger: Logger;
  /** The jobs this instance runs, each registered with its dependencies (registerJob). */
  jobs: RegisteredJob[];
  pollMs?: number;
  autostart?: boolean;
  leaseSeconds?: number;
}): JobWorker {
  const registered = new Map(jobs.map((job) => [job.name, job]));
  if (registered.size !== jobs.length) throw new Error('two registered jobs share a name');
  const kinds = [...registered.keys()];
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();

  const runOne = async (): Promise<boolean> => {
    const job = await claimJob(db, kinds, leaseSeconds);
    if (!job) return false;
    const context: JobContext = {
      job,
      db,
      logger: logger.child({ jobId: job.id, kind: job.kind }),
      heartbeat: () => extendLease(db, job.id, leaseSeconds),
    };
    // Only registered kinds are claimed.
    const prepared = (registered.get(job.kind) as RegisteredJob).prepare(job.payload);
    if (!prepared.valid) {
      // Another attempt would read the same payload: the job fails at once, and the queue goes on.
      await failJob(db, job, prepared.error, { retry: false });
      context.logger.error({ err: prepared.error, payload: job.payload }, 'job failed: its stored payload is invalid');
      return true;
    }
    try {
      await prepared.run(context);
      await completeJob(db, job.id);
    } catch (error) {
      const final = await failJob(db, job, error);
      context.logger.warn({ err: error, attempt: job.attempts, final }, 'job failed');
      if (final) await giveUp(prepared, context, error);
    }
    return true;
  };

  const drain = async () => {
    let count = 0;
    while (!stopped && (await runOne())) count += 1;
    return count;
  };

  const schedule = (delay: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      running = drain()
        .catch((error) => logger.error({ err: error }, 'job worker loop failed'))
        .finally(() => schedule(pollMs));
    }, delay);
    timer.unref();
  };
  if (autostart) schedule(0);

  return {
    drain: () => {
      const next = running.then(drain);
      running = next.catch(() => undefined);
      return next;
    },
    poke: () => {
      if (autostart) schedule(0);
    },
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
