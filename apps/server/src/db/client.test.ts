import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { date, interval, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, pgliteHandle } from './client';
import { contactMessages } from './schema';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('embedded database in DATA_DIR', () => {
  it('creates the folder, migrates, and on a second start keeps the data and migrates again without harm', async () => {
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

  it('reach PGlite without per-query parsers, and read timestamps, dates and intervals as drizzle maps them', async () => {
    const client = new PGlite();
    const sentParsers: unknown[] = [];
    const query = client.query.bind(client);
    client.query = ((text, params, options) => {
      sentParsers.push(options?.parsers);
      return query(text, params, options);
    }) as PGlite['query'];
    const { db, close } = pgliteHandle(client);
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
      expect(sentParsers.length).toBeGreaterThan(2);
      expect(sentParsers.filter(Boolean)).toEqual([]);
    } finally {
      await close();
    }
  });
});
