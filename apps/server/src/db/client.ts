import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../paths';
import { pgliteQueries } from './pglite-queries';
import * as schema from './schema';

export type Schema = typeof schema;
/** The query builder, the same type whichever engine is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseHandle = {
  db: Database;
  engine: 'pglite' | 'postgres';
  /** Applies pending migrations; safe to run on every start. */
  migrate(): Promise<void>;
  /** Resolves when the database answers a query. */
  ping(): Promise<void>;
  /** Calls `onMessage` with the payload of every NOTIFY on `channel`; resolves a function that stops listening. */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

export type DatabaseOptions =
  | { engine: 'postgres'; url: string; poolSize?: number }
  | { engine: 'pglite'; dataDir: string | null };

/** Some fixed number, so concurrently starting instances migrate one after another. */
const MIGRATION_LOCK_KEY = 7_307_100_211;

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.engine === 'postgres'
    ? openPostgres(options.url, options.poolSize ?? 10)
    : openPglite(options.dataDir);
}

/**
 * PostgreSQL's buffer pool in the embedded database, instead of its default 128MB. PGlite's WebAssembly memory
 * never shrinks, so every buffer the pool ever filled stays resident; a page evicted from a smaller pool is
 * read back from the data folder, through the operating system's file cache. So a smaller pool keeps the
 * server's memory under load lower, and the ingest and retrieval benchmarks did not get slower for it.
 */
export const PGLITE_SHARED_BUFFERS = '32MB';

async function openPglite(dataDir: string | null): Promise<DatabaseHandle> {
  const folder = dataDir === null ? undefined : join(dataDir, 'db');
  if (folder) {
    mkdirSync(folder, { recursive: true });
    if (!existsSync(join(folder, 'PG_VERSION'))) await createPgliteDatabase(folder);
  }
  const options = { startParams: pgliteStartParams() };
  const client = folder ? new PGlite(folder, options) : new PGlite(options);
  await client.waitReady;
  return pgliteHandle(client);
}

/** PostgreSQL's settings in the embedded database: PGlite's own, with the smaller buffer pool. */
function pgliteStartParams(): string[] {
  return [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`];
}

/** Creates the embedded database in `workerData.folder`, in a thread of its own (see createPgliteDatabase). */
const CREATE_PGLITE_DATABASE = `
  const { workerData } = require('node:worker_threads');
  import(workerData.pglite).then(async ({ PGlite }) =>
    (await PGlite.create(workerData.folder, { startParams: workerData.startParams })).close(),
  );
`;

/**
 * Creates a new embedded database in a thread that ends when it is done. PGlite creates a database by
 * running initdb, and an instance that did keeps much of that WebAssembly memory as long as it lives; a
 * thread that ends gives it back. The thread creates it with the running server's smaller buffer pool, which
 * keeps the first start's peak lower too.
 */
function createPgliteDatabase(folder: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(CREATE_PGLITE_DATABASE, {
      eval: true,
      workerData: { folder, pglite: import.meta.resolve('@electric-sql/pglite'), startParams: pgliteStartParams() },
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`Creating the embedded database in ${folder} stopped with exit code ${code}`));
    });
  });
}

/** The handle over a PGlite instance that is ready (tests start one from a saved, migrated copy). */
export function pgliteHandle(client: PGlite): DatabaseHandle {
  // drizzle uses no more of the client than its queries and transactions.
  const queries = pgliteQueries(client) as PGlite;
  const db = drizzlePglite({ client: queries, schema }) as unknown as Database;
  return {
    db,
    engine: 'pglite',
    migrate: async () => {
      await migratePglite(drizzlePglite({ client: queries, schema }), { migrationsFolder: MIGRATIONS_DIR });
    },
    ping: async () => {
      await client.query('select 1');
    },
    listen: async (channel, onMessage) => {
      const stop = await client.listen(channel, onMessage);
      return async () => {
        if (!client.closed) await stop();
      };
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

async function openPostgres(url: string, poolSize: number): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5_000 });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on('error', () => undefined);
  const db = drizzlePostgres({ client: pool, schema });
  let closed = false;
  return {
    db: db as unknown as Database,
    engine: 'postgres',
    migrate: async () => {
      const connection = await pool.connect();
      try {
        await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePostgres(drizzlePostgres({ client: connection, schema }), { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await connection.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
        connection.release();
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    listen: (channel, onMessage) => listenOnPostgres(url, channel, onMessage, () => closed),
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

const LISTEN_RETRY_MS = 2_000;
const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/;

/**
 * LISTEN needs a connection of its own that stays open; when the database restarts it is opened again,
 * so live updates recover without restarting the server.
 */
async function listenOnPostgres(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  handleClosed: () => boolean,
): Promise<() => Promise<void>> {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`invalid channel name ${channel}`);
  let client: pg.Client | null = null;
  let stopped = false;
  const connect = async (): Promise<void> => {
    if (stopped || handleClosed()) return;
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onMessage(message.payload);
    });
    const retry = () => {
      if (client === next) client = null;
      setTimeout(() => void connect().catch(() => undefined), LISTEN_RETRY_MS).unref();
    };
    next.on('error', () => undefined);
    next.on('end', () => {
      if (!stopped) retry();
    });
    try {
      await next.connect();
      await next.query(`listen ${channel}`);
      client = next;
    } catch {
      await next.end().catch(() => undefined);
    }
  };
  await connect();
  return async () => {
    stopped = true;
    await client?.end().catch(() => undefined);
  };
}
