// Runs the server suite against a real PostgreSQL server (TEST_DATABASE_URL, by default the local
// cluster's `test` database), starting the local cluster first if it is down.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import pg from 'pg';

const url = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

async function reachable() {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function ensureServer() {
  if (await reachable()) return;
  const host = new URL(url).hostname;
  const local = ['127.0.0.1', 'localhost', '::1'].includes(host);
  if (local && existsSync('/etc/postgresql')) {
    for (const version of readdirSync('/etc/postgresql')) {
      console.log(`PostgreSQL is not answering; starting the local ${version} cluster`);
      execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'start'], { stdio: 'inherit' });
    }
    for (let attempt = 0; attempt < 30 && !(await reachable()); attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  if (!(await reachable())) {
    console.error(`PostgreSQL at ${url.replace(/\/\/[^@]*@/, '//***@')} cannot be reached`);
    process.exit(1);
  }
}

/**
 * Server test files that never open a database (text tools, rule files, catalogue parsers, PDF workers…):
 * they ran once in the PGlite suite and would only repeat the same result here, so this run leaves them out.
 * A file counts as using the database when it mentions any of these (the test app, the database client,
 * a started server or the fault kit); anything else that imports them indirectly must say so here too.
 */
const DATABASE_MARKERS =
  /test-app|createTestApp|openDatabase|createDatabase|db\/client|TEST_DATABASE_URL|testDatabase|startServer|main\.|fault-kit|buildApp|PGlite|drizzle/;

function filesWithoutDatabase(root) {
  const found = [];
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.test.ts')) continue;
    const path = join(entry.parentPath, entry.name);
    if (!DATABASE_MARKERS.test(readFileSync(path, 'utf8'))) found.push(relative('apps/server', path));
  }
  return found;
}

await ensureServer();
const excluded = filesWithoutDatabase('apps/server/src').flatMap((file) => ['--exclude', file]);
const result = spawnSync('npx', ['vitest', 'run', '--project', 'server', ...excluded, ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url },
});
process.exit(result.status ?? 1);
