import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type DatabaseHandle, openDatabase, pgliteHandle } from '../db/client';
import { MIGRATIONS_DIR } from '../paths';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database on the
 * PostgreSQL server named by TEST_DATABASE_URL (dropped again by `dispose`), so the same suite runs on both.
 */
export async function createTestDatabase(): Promise<{ database: DatabaseHandle; dispose: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await migratedPglite();
    return { database, dispose: () => database.close() };
  }
  const name = `quire_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ engine: 'postgres', url: url.toString(), poolSize: 5 });
  await database.migrate();
  return {
    database,
    dispose: async () => {
      await database.close();
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

/**
 * An in-memory PGlite with every migration applied. A new one spends most of its start in initdb, and one
 * loaded from a copy starts several times faster, so the first test file to need one saves a migrated copy in
 * the temporary folder, named after the migrations and the PGlite version, and the others start from it.
 */
async function migratedPglite(): Promise<DatabaseHandle> {
  const copyPath = join(tmpdir(), `quire-test-pglite-${migrationsFingerprint()}.tar`);
  const saved = readSavedCopy(copyPath);
  const client = new PGlite(saved ? { loadDataDir: saved } : undefined);
  await client.waitReady;
  const database = pgliteHandle(client);
  if (saved) return database;
  await database.migrate();
  const copy = Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer());
  // Written whole under another name first: a file running in parallel never reads half a copy.
  const partPath = `${copyPath}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(partPath, copy);
  renameSync(partPath, copyPath);
  return database;
}

function readSavedCopy(path: string): Blob | null {
  try {
    return new Blob([readFileSync(path)]);
  } catch {
    return null;
  }
}

/** Changes whenever a migration or PGlite does, so a stale copy is never used. */
function migrationsFingerprint(): string {
  const hash = createHash('sha256');
  // The package's entry is dist/index.cjs; its manifest, with the version, is one folder up.
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  hash.update(readFileSync(join(dirname(dirname(entry)), 'package.json')));
  const migrationFiles = readdirSync(MIGRATIONS_DIR, { recursive: true, withFileTypes: true })
    .filter((file) => file.isFile())
    .map((file) => join(file.parentPath, file.name))
    .sort();
  for (const file of migrationFiles) hash.update(file.slice(MIGRATIONS_DIR.length)).update(readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
