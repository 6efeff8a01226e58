import type { Logger } from 'pino';
import type { Database } from '../db/client';
import type { JobContext, JobRow, PreparedJob, RegisteredJob } from './define-job';
import {
  claimJob,
  completeJob,
  DEFAULT_LEASE_SECONDS,
  DEFAULT_PER_USER,
  failJob,
  releaseJob,
  renewLeases,
} from './queue';
import { JobCancelled, JobInterrupted, JobLimitExceeded } from './stop-reasons';

export type JobWorker = {
  /** Runs every job that is due now and resolves, with how many it started, once none is left running. */
  drain: () => Promise<number>;
  /** The jobs table changed (a job was enqueued or deleted): claim what is due, notice what was cancelled. */
  poke: () => void;
  /** Stops every running job (each goes back to the queue) and claims no more. */
  stop: () => Promise<void>;
};

/** The bounds of every job. */
export type JobLimits = {
  /** JOB_TIME_LIMIT_SECONDS, in milliseconds. */
  timeMs: number;
  /** JOB_MEMORY_LIMIT_MB, in bytes: how far the running jobs may grow the process past its size when the oldest started. */
  memoryBytes: number;
};

export const DEFAULT_JOB_LIMITS: JobLimits = { timeMs: 600_000, memoryBytes: 1024 * 1024 * 1024 };

/** How many jobs run at once, and when a running job counts as long. */
export type JobConcurrency = {
  /** Jobs this instance runs at once. */
  perInstance: number;
  /** Jobs of one user that run at once, on all instances together. */
  perUser: number;
  /**
   * A job that has run this long is a long one. A new job starts only while no short one is running, so a
   * long job never makes a small document wait more than this, and short ones do not crowd the cores.
   */
  shortMs: number;
};

export const DEFAULT_CONCURRENCY: JobConcurrency = { perInstance: 3, perUser: DEFAULT_PER_USER, shortMs: 2_000 };

const IDLE_POLL_MS = 1_000;
/** How often running jobs' leases are renewed and deleted ones noticed: a deleted document's job stops within a second. */
const WATCH_MS = 500;
/** How often the process's memory is measured while jobs run. */
const MEMORY_SAMPLE_MS = 250;
/** A job that does not end this long after its signal fired is left to itself, and its slot freed. */
const STOP_GRACE_MS = 5_000;

type Running = {
  job: JobRow;
  controller: AbortController;
  startedAt: number;
  /** Set by its own timer once it has run `shortMs`: a clock read could still fall a millisecond short then. */
  turnedLong: boolean;
  /** The process's resident memory when the job started, in bytes. */
  memoryAtStart: number;
  /** The most the process grew past `memoryAtStart` while the job ran, in bytes. */
  peakGrowth: number;
  done: Promise<void>;
};

/** A failing clean-up is logged; it must not stop the jobs behind it. */
async function giveUp(prepared: Extract<PreparedJob, { valid: true }>, context: JobContext, error: unknown) {
  await prepared
    .giveUp(context, error)
    .catch((cleanUpError: unknown) =>
      context.logger.error({ err: cleanUpError }, 'cleaning up after a failed job failed'),
    );
}

/**
 * The work's outcome, or, once the signal has fired and the work has not ended `graceMs` later, the signal's
 * reason: a job that ignores its signal must not hold its slot for ever.
 */
function settleOrAbandon(work: Promise<void>, signal: AbortSignal, graceMs: number, onAbandon: () => void) {
  return new Promise<void>((resolve, reject) => {
    let timer: NodeJS.Timeout | undefined;
    const abandon = () => {
      timer = setTimeout(() => {
        onAbandon();
        reject(signal.reason);
      }, graceMs);
    };
    if (signal.aborted) abandon();
    else signal.addEventListener('abort', abandon, { once: true });
    work.then(resolve, reject).finally(() => {
      clearTimeout(timer);
      signal.removeEventListener('abort', abandon);
    });
  });
}

/**
 * Claims jobs from the jobs table and runs their handlers, several at once (`concurrency`): users take turns,
 * a long job leaves room for the next, and every job runs under its time and memory bounds with an
 * AbortSignal that also fires when its row is deleted.
 */
export function startJobWorker({
  db,
  logger,
  jobs,
  pollMs = IDLE_POLL_MS,
  autostart = true,
  leaseSeconds = DEFAULT_LEASE_SECONDS,
  limits = DEFAULT_JOB_LIMITS,
  concurrency = DEFAULT_CONCURRENCY,
  memoryUsage = () => process.memoryUsage.rss(),
  graceMs = STOP_GRACE_MS,
}: {
  db: Database;
  logger: Logger;
  /** The jobs this instance runs, each registered with its dependencies (registerJob). */
  jobs: RegisteredJob[];
  pollMs?: number;
  autostart?: boolean;
  leaseSeconds?: number;
  limits?: JobLimits;
  concurrency?: JobConcurrency;
  /** The process's resident memory in bytes; tests pass their own. */
  memoryUsage?: () => number;
  graceMs?: number;
}): JobWorker {
  const registered = new Map(jobs.map((job) => [job.name, job]));
  if (registered.size !== jobs.length) throw new Error('two registered jobs share a name');
  const kinds = [...registered.keys()];
  const running = new Map<string, Running>();
  let stopped = false;
  let started = 0;
  let filling: Promise<void> | null = null;
  let refill = false;
  let idleWaiters: (() => void)[] = [];

  const hasRoom = () => {
    if (running.size >= concurrency.perInstance) return false;
    const now = Date.now();
    return [...running.values()].every((entry) => entry.turnedLong || now - entry.startedAt >= concurrency.shortMs);
  };

  const settleIdle = () => {
    if (running.size > 0 || filling) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const resolve of waiters) resolve();
  };

  const fill = (): Promise<void> => {
    if (filling) {
      refill = true;
      return filling;
    }
    filling = (async () => {
      do {
        refill = false;
        while (!stopped && hasRoom()) {
          const job = await claimJob(db, kinds, { leaseSeconds, perUser: concurrency.perUser });
          if (!job) break;
          // Claimed while the worker was told to stop: straight back to the queue.
          if (stopped) await releaseJob(db, job);
          else launch(job);
        }
      } while (refill && !stopped);
    })()
      .catch((error: unknown) => logger.error({ err: error }, 'job worker loop failed'))
      .finally(() => {
        filling = null;
        // Asked again after the loop's last look: look once more, so no due job waits for the next poll.
        if (refill && !stopped) void fill();
        else settleIdle();
      });
    return filling;
  };

  const watch = async () => {
    const held = [...running.values()].filter((entry) => !entry.controller.signal.aborted);
    if (held.length === 0) return;
    const kept = await renewLeases(
      db,
      held.map(({ job }) => ({ id: job.id, attempts: job.attempts })),
      leaseSeconds,
    );
    for (const entry of held) if (!kept.has(entry.job.id)) entry.controller.abort(new JobCancelled());
  };
  const watchSafely = () =>
    void watch().catch((error: unknown) => logger.warn({ err: error }, 'renewing the running jobs failed'));

  let memoryStopped: Running | null = null;
  /**
   * The running jobs together may grow the process by `limits.memoryBytes` past its size when the oldest of
   * them started; so the measure starts again as jobs end, and a busy server's slow drift is not blamed on one.
   */
  const checkMemory = () => {
    // One job at a time is stopped for memory; the next is judged once its memory is given back.
    if (memoryStopped && running.has(memoryStopped.job.id)) return;
    const resident = memoryUsage();
    if (memoryStopped) {
      // What the stopped job left behind (a heap that has not shrunk yet) is not the others' doing.
      for (const entry of running.values()) entry.memoryAtStart = Math.max(entry.memoryAtStart, resident);
      memoryStopped = null;
    }
    const entries = [...running.values()];
    for (const entry of entries) entry.peakGrowth = Math.max(entry.peakGrowth, resident - entry.memoryAtStart);
    const grown = resident - Math.min(...entries.map((entry) => entry.memoryAtStart));
    if (grown <= limits.memoryBytes) return;
    // The biggest input is the likeliest cause; between equals, the one that has run longest.
    const [heaviest] = entries
      .filter((entry) => !entry.controller.signal.aborted)
      .sort((a, b) => b.job.cost - a.job.cost || a.startedAt - b.startedAt);
    if (!heaviest) return;
    memoryStopped = heaviest;
    heaviest.controller.abort(
      new JobLimitExceeded('memory', `the server grew by ${mb(grown)} MB, over ${mb(limits.memoryBytes)} MB`),
    );
  };

  let watchTimer: NodeJS.Timeout | undefined;
  let memoryTimer: NodeJS.Timeout | undefined;
  const startWatching = () => {
    watchTimer ??= setInterval(watchSafely, WATCH_MS);
    memoryTimer ??= setInterval(checkMemory, MEMORY_SAMPLE_MS);
  };
  const stopWatching = () => {
    clearInterval(watchTimer);
    clearInterval(memoryTimer);
    watchTimer = undefined;
    memoryTimer = undefined;
  };

  const launch = (job: JobRow) => {
    started += 1;
    const controller = new AbortController();
    const timeLimit = setTimeout(
      () => controller.abort(new JobLimitExceeded('time', `${Math.round(limits.timeMs / 1000)} s`)),
      limits.timeMs,
    );
    const entry: Running = {
      job,
      controller,
      startedAt: Date.now(),
      turnedLong: false,
      memoryAtStart: memoryUsage(),
      peakGrowth: 0,
      done: Promise.resolve(),
    };
    running.set(job.id, entry);
    // When it turns long, the next job may start.
    const turnsLong = setTimeout(() => {
      entry.turnedLong = true;
      void fill();
    }, concurrency.shortMs);
    startWatching();
    entry.done = execute(entry)
      .catch((error: unknown) => logger.error({ err: error, jobId: job.id }, 'recording a job’s end failed'))
      .finally(() => {
        clearTimeout(timeLimit);
        clearTimeout(turnsLong);
        running.delete(job.id);
        if (running.size === 0) stopWatching();
        if (!stopped) void fill();
        settleIdle();
      });
  };

  const execute = async (entry: Running) => {
    const { job, controller } = entry;
    const { signal } = controller;
    // What operators tune JOB_TIME_LIMIT_SECONDS and JOB_MEMORY_LIMIT_MB by.
    const effort = () => ({ ms: Date.now() - entry.startedAt, memoryGrowthMb: mb(entry.peakGrowth) });
    const context: JobContext = { job, db, logger: logger.child({ jobId: job.id, kind: job.kind }), signal };
    // Only registered kinds are claimed.
    const prepared = (registered.get(job.kind) as RegisteredJob).prepare(job.payload);
    if (!prepared.valid) {
      // Another attempt would read the same payload: the job fails at once, and the queue goes on.
      await failJob(db, job, prepared.error, { retry: false });
      context.logger.error({ err: prepared.error, payload: job.payload }, 'job failed: its stored payload is invalid');
      return;
    }
    if (job.attempts > job.maxAttempts) {
      // Claimed again after every attempt's lease ran out: each time, the process died with it (a crash, memory).
      const error = new Error(`the job's worker stopped while running it ${job.attempts - 1} times`);
      await failJob(db, job, error, { retry: false });
      context.logger.error({ err: error }, 'job failed: it never finished');
      await giveUp(prepared, context, error);
      return;
    }
    try {
      await settleOrAbandon(prepared.run(context), signal, graceMs, () =>
        context.logger.error({ reason: String(signal.reason) }, 'job did not stop when told to; its slot is freed'),
      );
      await completeJob(db, job.id);
      context.logger.info(effort(), 'job done');
    } catch (error) {
      const reason: unknown = signal.aborted ? signal.reason : error;
      if (reason instanceof JobCancelled) {
        context.logger.info('job cancelled: its row was deleted or taken over');
        return;
      }
      if (reason instanceof JobInterrupted) {
        await releaseJob(db, job);
        context.logger.info('job interrupted; back in the queue');
        return;
      }
      const final = await failJob(db, job, reason, { retry: !(reason instanceof JobLimitExceeded) });
      context.logger.warn({ err: reason, attempt: job.attempts, final, ...effort() }, 'job failed');
      if (final) await giveUp(prepared, context, reason);
    }
  };

  let poller: NodeJS.Timeout | undefined;
  if (autostart) {
    poller = setInterval(() => void fill(), pollMs);
    poller.unref();
    void fill();
  }

  return {
    drain: async () => {
      const before = started;
      await fill();
      await new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        settleIdle();
      });
      return started - before;
    },
    poke: () => {
      if (running.size > 0) watchSafely();
      if (autostart) void fill();
    },
    stop: async () => {
      stopped = true;
      clearInterval(poller);
      for (const entry of running.values()) entry.controller.abort(new JobInterrupted());
      await filling;
      await Promise.all([...running.values()].map((entry) => entry.done));
    },
  };
}

function mb(bytes: number): number {
  return Math.round(bytes / (1024 * 1024));
}
