import { eq, inArray } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Database } from '../db/client';
import { jobs } from '../db/schema';
import { createTestDatabase } from '../test/test-database';
import { defineJob, InvalidJobPayload, registerJob } from './define-job';
import { enqueueJob } from './queue';
import { startJobWorker } from './worker';

let db: Database;
let dispose: () => Promise<void>;

beforeAll(async () => {
  const created = await createTestDatabase();
  db = created.database.db;
  dispose = created.dispose;
});
afterAll(async () => dispose?.());

/** A worker whose log lines are kept, to read what it said about a job. */
function workerWith(registered: ReturnType<typeof registerJob>[]) {
  const lines: Record<string, unknown>[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { worker: startJobWorker({ db, logger, jobs: registered, autostart: false }), lines };
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
