// Runs the server's `slow` and `postgres` test projects (docs/testing.md) against a real PostgreSQL server
// (TEST_DATABASE_URL, by default the local cluster's `test` database), starting the local cluster first if
// it is down. Extra arguments go to Vitest.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
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

await ensureServer();
const result = spawnSync(
  'npx',
  ['vitest', 'run', '--project', 'slow', '--project', 'postgres', ...process.argv.slice(2)],
  {
    stdio: 'inherit',
    env: { ...process.env, TEST_DATABASE_URL: url },
  },
);
process.exit(result.status ?? 1);
