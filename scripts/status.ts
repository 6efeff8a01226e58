// `npm run status -- set unreliable|fixing|clear` (or `show`): the status banner every instance shows, set in
// the database without a redeploy. Each instance picks it up within a few seconds (BANNER_CACHE_MS).
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { runStatusCommand, STATUS_USAGE } from '../apps/server/src/modules/status/status.command';

const HEALTH_TIMEOUT_MS = 1_000;

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.length === 0 || args.includes('--help')) {
    console.log(STATUS_USAGE);
    return;
  }
  const config = loadConfig();
  // The embedded database belongs to the one process that opened it; a second one would corrupt it.
  if (!config.databaseUrl && (await serverAnswers(config.port))) {
    throw new Error(
      `A Quire server is running on port ${config.port} with the embedded database, which only that process may open. ` +
        'Stop it first, or use STATUS_BANNER; with PostgreSQL (DATABASE_URL) the command works while servers run.',
    );
  }
  const database = await openDatabase(
    config.databaseUrl
      ? { engine: 'postgres', url: config.databaseUrl, poolSize: 1 }
      : { engine: 'pglite', dataDir: config.dataDir },
  );
  try {
    await database.migrate();
    console.log(await runStatusCommand(database.db, args));
    if (config.statusBanner) {
      console.log(
        `STATUS_BANNER=${config.statusBanner} is set in this environment; where it is set, it is shown instead.`,
      );
    }
  } finally {
    await database.close();
  }
}

async function serverAnswers(port: number): Promise<boolean> {
  try {
    await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS) });
    return true;
  } catch {
    return false;
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
