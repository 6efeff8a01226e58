import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { DatabaseHandle } from '../db/client';
import { jobs } from '../db/schema';
import { createTestDatabase } from '../test/test-database';
import { defineJob } from './define-job';
import { claimJob, enqueueJob } from './queue';

let database: DatabaseHandle;
let dispose: () => Promise<void>;
beforeAll(async () => {
  ({ database, dispose } = await createTestDatabase());
});
afterAll(() => dispose?.());

const upload = defineJob({ name: 'test.upload', payload: z.object({ n: z.number() }), run: async () => {} });

describe('claims made at the same moment on several connections (several instances)', () => {
  it('give each user one running job, however many claims race for it', async () => {
    const users = [randomUUID(), randomUUID(), randomUUID()];
    for (const userId of users) {
      for (let n = 0; n < 4; n++) await enqueueJob(database.db, upload, { n }, { userId });
    }
    // More claims at once than the pool has connections: they run side by side and queue for the rest.
    const claimed = await Promise.all(Array.from({ length: 12 }, () => claimJob(database.db, [upload.name])));
    const owners = claimed.flatMap((job) => (job ? [job.userId] : []));
    expect(owners.sort()).toEqual([...users].sort());
    const running = await database.db.select().from(jobs).where(eq(jobs.state, 'running'));
    expect(running).toHaveLength(3);
  });
});
