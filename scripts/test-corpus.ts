// `npm run test:corpus`: the server's `corpus` test project, on the real-world material in FIXTURES_DIR
// (default ../shared/fixtures beside the repository). Stops with the reason when that folder is missing.
// Runs on PostgreSQL when TEST_DATABASE_URL is set, else on PGlite. Extra arguments go to Vitest.
import { spawnSync } from 'node:child_process';
import { corpusMissing } from '../apps/server/src/test/corpus';

const missing = corpusMissing();
if (missing) {
  console.error(missing);
  process.exit(2);
}
const result = spawnSync('npx', ['vitest', 'run', '--project', 'corpus', ...process.argv.slice(2)], {
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
