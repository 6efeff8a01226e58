import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Database } from '../db/client';
import { jobs } from '../db/schema';
import { createTestDatabase } from '../test/test-database';
import { defineJob, InvalidJobPayload, registerJob } from './define-job';
import { claimJob, completeJob, enqueueJob } from './queue';
import { JobCancelled, JobLimitExceeded } from './stop-reasons';
import { DEFAULT_CONCURRENCY, DEFAULT_JOB_LIMITS, startJobWorker } from './worker';

let db: Database;
let dispose: () => Promise<void>;

beforeAll(async () => {
  const created = await createTestDatabase();
  db = created.database.db;
  dispose = created.dispose;
});
afterAll(async () => dispose?.());

/** A worker whose log lines are kept, to read what it said about a job. */
function workerWith(
  registered: ReturnType<typeof registerJob>[],
  options: Omit<Parameters<typeof startJobWorker>[0], 'db' | 'logger' | 'jobs'> = {},
) {
  const lines: Record<string, unknown>[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { worker: startJobWorker({ db, logger, jobs: registered, autostart: false, ...options }), lines };
}

/** A promise with its resolve function, to wait for an event a job reports. */
function signalled<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** A job that tells when it started and then works until its signal fires; it resolves with the signal's reason. */
function stoppableJob(name: string) {
  const started = signalled<string>();
  const stopped = signalled<unknown>();
  const gaveUp: unknown[] = [];
  const definition = defineJob({
    name,
    payload: z.object({ id: z.string() }),
    run: async (_payload, { job, signal }) => {
      started.resolve(job.id);
      await new Promise<void>((_resolve, reject) => {
        signal.addEventListener('abort', () => {
          stopped.resolve(signal.reason);
          reject(signal.reason);
        });
      });
    },
    onGiveUp: async (_payload, _context, error) => {
      gaveUp.push(error);
    },
  });
  return { definition, started: started.promise, stopped: stopped.promise, gaveUp };
}

async function stored(id: string) {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  return row;
}

/** A job that records the payloads it ran with and the dependency it was handed. */
function recordingJob(name: string) {
  const ran: { payload: { noteId: string; copies: number }; dependency: string }[] = [];
  const definition = defineJob({
    name,
    payload: z.object({ noteId: z.string().min(1), copies: z.number().int().positive().default(1) }),
    run: async (payload, _context, dependency: string) => {
      ran.push({ payload, dependency });
    },
  });
  return { definition, ran };
}

describe('enqueueJob', () => {
  it('stores the job under its definition name with the payload as the schema parsed it', async () => {
    const { definition } = recordingJob('test.enqueue-parsed');
    // The unknown key is dropped and the default filled in, as the worker will read it.
    const payload = { noteId: 'n-1', extra: 'dropped' };
    const id = await enqueueJob(db, definition, payload);
    const row = await stored(id);
    expect(row?.kind).toBe('test.enqueue-parsed');
    expect(row?.payload).toEqual({ noteId: 'n-1', copies: 1 });
    expect(row?.state).toBe('queued');
  });

  it('throws on a payload its schema refuses, and queues nothing', async () => {
    const { definition } = recordingJob('test.enqueue-invalid');
    // @ts-expect-error the payload's type comes from the schema: noteId must be a string
    const enqueueing = enqueueJob(db, definition, { noteId: 42 });
    await expect(enqueueing).rejects.toThrow(InvalidJobPayload);
    await expect(enqueueJob(db, definition, { noteId: '' })).rejects.toThrow(
      /invalid payload for job test\.enqueue-invalid: .*noteId/s,
    );
    const queued = await db.select().from(jobs).where(eq(jobs.kind, 'test.enqueue-invalid'));
    expect(queued).toEqual([]);
  });
});

describe('the job worker', () => {
  it('runs a job with its parsed payload and the dependencies it was registered with', async () => {
    const { definition, ran } = recordingJob('test.run-typed');
    const { worker } = workerWith([registerJob(definition, 'the blob store')]);
    const id = await enqueueJob(db, definition, { noteId: 'n-2', copies: 3 });
    expect(await worker.drain()).toBe(1);
    expect(ran).toEqual([{ payload: { noteId: 'n-2', copies: 3 }, dependency: 'the blob store' }]);
    expect((await stored(id))?.state).toBe('done');
  });

  it('fails a job whose stored payload is invalid at once, logs why, and runs the jobs behind it', async () => {
    const { definition, ran } = recordingJob('test.stored-invalid');
    const { worker, lines } = workerWith([registerJob(definition, 'deps')]);
    // Written by hand, as an older release or a database function might have: noteId is missing.
    const [bad] = await db
      .insert(jobs)
      .values({ kind: 'test.stored-invalid', payload: { note: 'n-3' } })
      .returning({ id: jobs.id });
    const good = await enqueueJob(db, definition, { noteId: 'n-4' });

    expect(await worker.drain()).toBe(2);

    const failed = await stored(bad?.id as string);
    expect(failed?.state).toBe('failed');
    expect(failed?.attempts).toBe(1);
    expect(failed?.lastError).toMatch(/invalid payload for job test\.stored-invalid: .*noteId/s);
    expect(failed?.finishedAt).not.toBeNull();
    expect((await stored(good))?.state).toBe('done');
    expect(ran.map((run) => run.payload.noteId)).toEqual(['n-4']);
    const logged = lines.find((line) => line.jobId === bad?.id);
    expect(logged).toMatchObject({ level: 50, kind: 'test.stored-invalid', payload: { note: 'n-3' } });
    expect(logged?.msg).toBe('job failed: its stored payload is invalid');
  });

  it('retries a failing job and gives up after its last attempt with the typed payload', async () => {
    const gaveUp: { sourceId: string; error: string }[] = [];
    const definition = defineJob({
      name: 'test.always-fails',
      payload: z.object({ sourceId: z.string() }),
      run: async () => {
        throw new Error('the remote service is down');
      },
      onGiveUp: async ({ sourceId }, _context, error) => {
        gaveUp.push({ sourceId, error: (error as Error).message });
      },
    });
    const { worker } = workerWith([registerJob(definition)]);
    const id = await enqueueJob(db, definition, { sourceId: 's-1' });
    await worker.drain();
    expect((await stored(id))?.state).toBe('queued');
    expect(gaveUp).toEqual([]);
    // Due again at once instead of after the backoff.
    for (let attempt = 2; attempt <= 3; attempt++) {
      await db
        .update(jobs)
        .set({ runAfter: new Date(0) })
        .where(eq(jobs.id, id));
      await worker.drain();
    }
    const row = await stored(id);
    expect(row).toMatchObject({ state: 'failed', attempts: 3, lastError: 'the remote service is down' });
    expect(gaveUp).toEqual([{ sourceId: 's-1', error: 'the remote service is down' }]);
  });

  it('logs a clean-up that fails and goes on with the next job', async () => {
    const failing = defineJob({
      name: 'test.clean-up-fails',
      payload: z.object({ id: z.string() }),
      run: async () => {
        throw new Error('run failed');
      },
      onGiveUp: async () => {
        throw new Error('clean-up failed');
      },
    });
    const { definition: next, ran } = recordingJob('test.after-clean-up');
    const { worker, lines } = workerWith([registerJob(failing), registerJob(next, 'deps')]);
    const id = await enqueueJob(db, failing, { id: 'x' });
    await db.update(jobs).set({ maxAttempts: 1 }).where(eq(jobs.id, id));
    await enqueueJob(db, next, { noteId: 'n-5' });
    expect(await worker.drain()).toBe(2);
    expect(ran.map((run) => run.payload.noteId)).toEqual(['n-5']);
    expect(lines.find((line) => line.msg === 'cleaning up after a failed job failed')).toMatchObject({ jobId: id });
  });

  it('claims only the jobs registered with it', async () => {
    const { definition } = recordingJob('test.registered');
    const { definition: other } = recordingJob('test.not-registered');
    const { worker } = workerWith([registerJob(definition, 'deps')]);
    const mine = await enqueueJob(db, definition, { noteId: 'a' });
    const theirs = await enqueueJob(db, other, { noteId: 'b' });
    expect(await worker.drain()).toBe(1);
    const rows = await db
      .select()
      .from(jobs)
      .where(inArray(jobs.id, [mine, theirs]));
    expect(Object.fromEntries(rows.map((row) => [row.kind, row.state]))).toEqual({
      'test.registered': 'done',
      'test.not-registered': 'queued',
    });
  });

  it('refuses two registered jobs of the same name', () => {
    const { definition } = recordingJob('test.twice');
    expect(() => workerWith([registerJob(definition, 'a'), registerJob(definition, 'b')])).toThrow(
      'two registered jobs share a name',
    );
  });
});

describe('the bounds of a job', () => {
  it('stops a job past its time limit through its signal, fails it without another attempt, and gives up', async () => {
    const job = stoppableJob('test.too-slow');
    const { worker } = workerWith([registerJob(job.definition)], {
      limits: { ...DEFAULT_JOB_LIMITS, timeMs: 50 },
    });
    const id = await enqueueJob(db, job.definition, { id: 'slow' });
    await worker.drain();
    expect(await job.stopped).toBeInstanceOf(JobLimitExceeded);
    expect(await stored(id)).toMatchObject({
      state: 'failed',
      attempts: 1,
      lastError: expect.stringMatching(/time limit/),
    });
    expect(job.gaveUp).toEqual([expect.objectContaining({ limit: 'time' })]);
  });

  it('stops the job with the largest input when the process grows past the memory limit', async () => {
    const small = stoppableJob('test.memory-small');
    let resident = 500 * 1024 * 1024;
    const hungry = defineJob({
      name: 'test.memory-hungry',
      payload: z.object({ id: z.string() }),
      run: async (_payload, { signal }) => {
        // What a runaway reader does to the process, as the worker measures it.
        resident += 300 * 1024 * 1024;
        await new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
      },
      onGiveUp: async (_payload, _context, error) => {
        hungryGaveUp.push(error);
      },
    });
    const hungryGaveUp: unknown[] = [];
    const { worker } = workerWith([registerJob(small.definition), registerJob(hungry)], {
      limits: { timeMs: 30_000, memoryBytes: 200 * 1024 * 1024 },
      memoryUsage: () => resident,
      concurrency: { ...DEFAULT_CONCURRENCY, shortMs: 0 },
    });
    const smallId = await enqueueJob(db, small.definition, { id: 'small' }, { userId: randomUUID(), cost: 1_000 });
    const hungryId = await enqueueJob(db, hungry, { id: 'big' }, { userId: randomUUID(), cost: 9_000_000 });
    const draining = worker.drain();
    await small.started;
    const row = await waitForRow(hungryId, (job) => job.state === 'failed');
    expect(row.lastError).toMatch(/memory limit/);
    expect(hungryGaveUp).toEqual([expect.objectContaining({ limit: 'memory' })]);
    // The other job was not blamed: it runs on until it is told to stop for its own reason.
    expect((await stored(smallId))?.state).toBe('running');
    await db.delete(jobs).where(eq(jobs.id, smallId));
    expect(await small.stopped).toBeInstanceOf(JobCancelled);
    await draining;
    expect(small.gaveUp).toEqual([]);
  });

  it('stops a running job within a second of its row being deleted, as another instance would see it', async () => {
    const job = stoppableJob('test.deleted-while-running');
    const { worker } = workerWith([registerJob(job.definition)]);
    const id = await enqueueJob(db, job.definition, { id: 'doomed' });
    const draining = worker.drain();
    await job.started;
    const deletedAt = performance.now();
    // No poke: the worker notices by itself, as it would a deletion made through another instance.
    await db.delete(jobs).where(eq(jobs.id, id));
    expect(await job.stopped).toBeInstanceOf(JobCancelled);
    await draining;
    expect(performance.now() - deletedAt).toBeLessThan(1_000);
    expect(job.gaveUp).toEqual([]);
    expect(await stored(id)).toBeUndefined();
  });

  it('frees the slot of a job that ignores its signal, and says so', async () => {
    const release = signalled();
    const stubborn = defineJob({
      name: 'test.stubborn',
      payload: z.object({ id: z.string() }),
      run: async () => release.promise,
    });
    const { worker, lines } = workerWith([registerJob(stubborn)], {
      limits: { ...DEFAULT_JOB_LIMITS, timeMs: 20 },
      graceMs: 20,
    });
    const id = await enqueueJob(db, stubborn, { id: 'x' });
    await worker.drain();
    expect(await stored(id)).toMatchObject({ state: 'failed', lastError: expect.stringMatching(/time limit/) });
    expect(lines.find((line) => line.jobId === id && line.level === 50)?.msg).toBe(
      'job did not stop when told to; its slot is freed',
    );
    release.resolve();
  });

  it('fails a job its workers kept dying in, without running it again', async () => {
    const { definition, ran } = recordingJob('test.kills-its-worker');
    const gaveUp: unknown[] = [];
    const withGiveUp = defineJob({
      ...definition,
      onGiveUp: async (_payload, _context, error) => {
        gaveUp.push(error);
      },
    });
    const { worker } = workerWith([registerJob(withGiveUp, 'deps')]);
    const id = await enqueueJob(db, withGiveUp, { noteId: 'n-6' });
    // Its last attempt's lease ran out with it still running: the process died with it three times.
    await db
      .update(jobs)
      .set({ state: 'running', attempts: 3, lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(jobs.id, id));
    expect(await worker.drain()).toBe(1);
    expect(ran).toEqual([]);
    expect(await stored(id)).toMatchObject({ state: 'failed', attempts: 4 });
    expect(gaveUp).toEqual([
      expect.objectContaining({ message: expect.stringMatching(/stopped while running it 3 times/) }),
    ]);
  });

  it('puts a running job back in the queue when the worker stops', async () => {
    const job = stoppableJob('test.interrupted');
    const { worker } = workerWith([registerJob(job.definition)]);
    const id = await enqueueJob(db, job.definition, { id: 'y' });
    const draining = worker.drain();
    await job.started;
    await worker.stop();
    await draining;
    expect(await stored(id)).toMatchObject({ state: 'queued', attempts: 0, lockedUntil: null });
    expect(job.gaveUp).toEqual([]);
    await db.delete(jobs).where(eq(jobs.id, id));
  });
});

describe('the order jobs are claimed in', () => {
  const kind = 'test.fair';
  const fair = defineJob({ name: kind, payload: z.object({ label: z.string() }), run: async () => {} });
  const claimLabel = async () => ((await claimJob(db, [kind]))?.payload as { label: string } | undefined)?.label;

  it('lets users take turns, one job of each at a time, whoever queued more', async () => {
    const [ada, bob] = [randomUUID(), randomUUID()];
    for (const label of ['ada-1', 'ada-2', 'ada-3']) await enqueueJob(db, fair, { label }, { userId: ada });
    await enqueueJob(db, fair, { label: 'bob-1' }, { userId: bob });

    expect(await claimLabel()).toBe('ada-1');
    // Ada has a job running: Bob's comes next although hers were queued first.
    expect(await claimLabel()).toBe('bob-1');
    expect(await claimLabel()).toBeUndefined();
    const [running] = await db
      .select()
      .from(jobs)
      .where(sql`${jobs.kind} = ${kind} and ${jobs.payload}->>'label' = 'ada-1'`);
    await completeJob(db, running?.id as string);
    expect(await claimLabel()).toBe('ada-2');
    await db.delete(jobs).where(eq(jobs.kind, kind));
  });

  it('takes the smallest job first among those whose turn it is', async () => {
    await enqueueJob(db, fair, { label: 'book' }, { userId: randomUUID(), cost: 40_000_000 });
    await enqueueJob(db, fair, { label: 'paper' }, { userId: randomUUID(), cost: 400_000 });
    expect(await claimLabel()).toBe('paper');
    expect(await claimLabel()).toBe('book');
    await db.delete(jobs).where(eq(jobs.kind, kind));
  });
});

describe('jobs running side by side', () => {
  it("starts another user's job while a long one runs, and finishes it first", async () => {
    const shortDone = signalled();
    const finished: string[] = [];
    const sideBySide = defineJob({
      name: 'test.side-by-side',
      payload: z.object({ label: z.string() }),
      run: async ({ label }, { signal }) => {
        if (label === 'long') {
          // Runs until the short job is done, or fails when its time is up.
          await Promise.race([
            shortDone.promise,
            new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason))),
          ]);
        } else shortDone.resolve();
        finished.push(label);
      },
    });
    const { worker } = workerWith([registerJob(sideBySide)], {
      limits: { ...DEFAULT_JOB_LIMITS, timeMs: 20_000 },
      concurrency: { ...DEFAULT_CONCURRENCY, shortMs: 50 },
    });
    const long = await enqueueJob(db, sideBySide, { label: 'long' }, { userId: randomUUID() });
    const short = await enqueueJob(db, sideBySide, { label: 'short' }, { userId: randomUUID() });
    expect(await worker.drain()).toBe(2);
    expect(finished).toEqual(['short', 'long']);
    expect((await stored(long))?.state).toBe('done');
    expect((await stored(short))?.state).toBe('done');
  });
});

/** Reads the job until `done` holds for it: waiting for the worker's write, not for a clock. */
async function waitForRow(id: string, done: (row: NonNullable<Awaited<ReturnType<typeof stored>>>) => boolean) {
  let row = await stored(id);
  while (!row || !done(row)) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    row = await stored(id);
  }
  return row;
}
