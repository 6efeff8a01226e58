import type { Logger } from 'pino';
import type { Database } from '../db/client';
import { claimJob, completeJob, DEFAULT_LEASE_SECONDS, extendLease, failJob, type JobRow } from './queue';

export type JobContext = {
  job: JobRow;
  db: Database;
  logger: Logger;
  /** Keeps the job's lease while it works. */
  heartbeat: () => Promise<void>;
};
export type JobHandler = {
  run: (payload: unknown, context: JobContext) => Promise<void>;
  /** Called once when the last attempt failed, to leave the job's subject in a clean state. */
  onGiveUp?: (payload: unknown, context: JobContext, error: unknown) => Promise<void>;
};

export type JobWorker = {
  /** Runs every job that is due now, one after another; for tests and for start-up. */
  drain: () => Promise<number>;
  /** Wakes the worker at once (a job was just enqueued). */
  poke: () => void;
  stop: () => Promise<void>;
};

const IDLE_POLL_MS = 1_000;

/** Polls the jobs table and runs the handlers; one job at a time per instance keeps the 2-core budget. */
export function startJobWorker({
  db,
  logger,
  handlers,
  pollMs = IDLE_POLL_MS,
  autostart = true,
  leaseSeconds = DEFAULT_LEASE_SECONDS,
}: {
  db: Database;
  logger: Logger;
  handlers: Record<string, JobHandler>;
  pollMs?: number;
  autostart?: boolean;
  leaseSeconds?: number;
}): JobWorker {
  const kinds = Object.keys(handlers);
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();

  const runOne = async (): Promise<boolean> => {
    const job = await claimJob(db, kinds, leaseSeconds);
    if (!job) return false;
    const handler = handlers[job.kind];
    const context: JobContext = {
      job,
      db,
      logger: logger.child({ jobId: job.id, kind: job.kind }),
      heartbeat: () => extendLease(db, job.id, leaseSeconds),
    };
    try {
      await handler?.run(job.payload, context);
      await completeJob(db, job.id);
    } catch (error) {
      const final = await failJob(db, job, error);
      context.logger.warn({ err: error, attempt: job.attempts, final }, 'job failed');
      if (final) await handler?.onGiveUp?.(job.payload, context, error);
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
