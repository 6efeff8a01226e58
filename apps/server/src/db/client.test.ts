import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { date, interval, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, PGLITE_SHARED_BUFFERS, pgliteHandle } from './client';
import { MAX_STATEMENTS } from './pglite-queries';
import { contactMessages } from './schema';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('embedded database in DATA_DIR', () => {
  it('creates the folder, migrates, and on a second start keeps the data, migrates again without harm and runs with the small buffer pool', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'quire-data-')), 'nested', 'empty');
    folders.push(dataDir);

    const first = await openDatabase({ engine: 'pglite', dataDir });
    await first.migrate();
    await first.migrate();
    await first.db.insert(contactMessages).values({ type: 'message', body: 'kept', email: 'nouser', locale: 'en' });
    await first.close();

    const second = await openDatabase({ engine: 'pglite', dataDir });
    await second.migrate();
    const rows = await second.db.select().from(contactMessages);
    expect(rows.map((row) => row.body)).toEqual(['kept']);
    const settings = (await second.db.execute(sql`show shared_buffers`)) as unknown as { rows: unknown[] };
    expect(settings.rows).toEqual([{ shared_buffers: PGLITE_SHARED_BUFFERS }]);
    await second.close();
    // Two embedded databases and three migration runs: slow on a loaded two-core CI machine.
  }, 120_000);
});

describe('queries on the embedded database', () => {
  const moments = pgTable('moments', {
    at: timestamp('at', { withTimezone: true }).notNull(),
    localAt: timestamp('local_at').notNull(),
    day: date('day').notNull(),
    span: interval('span').notNull(),
  });

  it('read timestamps, dates and intervals as drizzle maps them, in and out of transactions', async () => {
    const { db, close } = pgliteHandle(new PGlite());
    try {
      await db.execute(sql`create table moments (at timestamptz not null, local_at timestamp not null,
        day date not null, span interval not null)`);
      const row = {
        at: new Date('2025-03-01T12:30:00.000Z'),
        localAt: new Date('2025-03-01T08:00:00.000Z'),
        day: '2025-03-01',
        span: '01:30:00',
      };
      await db.insert(moments).values(row);
      expect(await db.select().from(moments)).toEqual([row]);
      expect(await db.transaction((tx) => tx.select().from(moments))).toEqual([row]);
    } finally {
      await close();
    }
  });

  it('read rows by the columns described at preparing, and prepare again once a table changed', async () => {
    const client = new PGlite();
    const { db, close } = pgliteHandle(client);
    try {
      await db.execute(sql`create table notes (id int primary key, body text)`);
      const insert = (id: number) =>
        db.execute(sql`insert into notes values (${id}, ${`note ${id}`}) returning id, body`) as unknown as Promise<{
          rows: unknown[];
          fields: { name: string }[];
        }>;
      const first = await insert(1);
      const second = await insert(2);
      expect(first.rows).toEqual([{ id: 1, body: 'note 1' }]);
      expect(second.rows).toEqual([{ id: 2, body: 'note 2' }]);
      expect(second.fields.map((field) => field.name)).toEqual(['id', 'body']);
      const all = () => db.execute(sql`select * from notes order by id`) as unknown as Promise<{ rows: unknown[] }>;
      expect((await all()).rows).toHaveLength(2);

      await db.execute(sql`alter table notes add column stars int not null default 0`);
      // PostgreSQL refuses the old statement once, as its rows would no longer match its description…
      await expect(all()).rejects.toMatchObject({ cause: { code: '0A000' } });
      // …and the next run prepares it again and reads the new column.
      expect((await all()).rows).toEqual([
        { id: 1, body: 'note 1', stars: 0 },
        { id: 2, body: 'note 2', stars: 0 },
      ]);
      const updated = (await db.execute(sql`update notes set stars = 5`)) as unknown as { affectedRows: number };
      expect(updated.affectedRows).toBe(2);
    } finally {
      await close();
    }
  });

  it('prepare each query text once, keep at most MAX_STATEMENTS, and go on after errors', async () => {
    const client = new PGlite();
    const { db, close } = pgliteHandle(client);
    const prepared = async () =>
      (await client.query<{ statement: string }>('select statement from pg_prepared_statements')).rows.map(
        ({ statement }) => statement,
      );
    try {
      await db.execute(sql`create table keys (k int primary key, note jsonb)`);
      const insert = (k: number) => db.execute(sql`insert into keys values (${k}, ${JSON.stringify({ k })}::jsonb)`);
      await insert(1);
      const afterFirst = await prepared();
      expect(afterFirst.filter((statement) => statement.startsWith('insert into keys'))).toHaveLength(1);
      await insert(2);
      expect(await prepared()).toEqual(afterFirst);

      // A failed statement leaves the session usable, outside and inside a transaction (rolled back whole).
      await expect(insert(1)).rejects.toMatchObject({ cause: { code: '23505' } });
      await expect(
        db.transaction(async (tx) => {
          await tx.execute(sql`insert into keys values (3, null)`);
          await tx.execute(sql`insert into keys values (1, null)`);
        }),
      ).rejects.toMatchObject({ cause: { code: '23505' } });
      const rows = (await db.execute(sql`select k, note from keys order by k`)) as unknown as { rows: unknown[] };
      expect(rows.rows).toEqual([
        { k: 1, note: { k: 1 } },
        { k: 2, note: { k: 2 } },
      ]);

      for (let index = 0; index < MAX_STATEMENTS + 20; index++) await db.execute(sql.raw(`select ${index} as n`));
      expect((await prepared()).length).toBeGreaterThan(MAX_STATEMENTS - 2);
      expect((await prepared()).length).toBeLessThanOrEqual(MAX_STATEMENTS + 1);
      const count = (await db.execute(sql`select count(*)::int as n from keys`)) as unknown as { rows: unknown[] };
      expect(count.rows).toEqual([{ n: 2 }]);
    } finally {
      await close();
    }
  });
});
