// `npm run build` builds the web app and the server and records what they were built from;
// `npm start` runs this with --if-changed and skips the build while that record still matches the sources.
import { spawnSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildState, rebuildReason, recordBuildInputs } from './build-inputs.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const WORKSPACES = ['@quire/web', '@quire/server'];

/** @param {string} workspace */
function buildWorkspace(workspace) {
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], {
    cwd: ROOT,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// Hashed before building, so an edit made while the build runs is picked up by the next start.
const state = buildState(ROOT, process.env);
if (process.argv.includes('--if-changed')) {
  const reason = rebuildReason(state);
  if (reason === null) {
    console.warn('Build is current (sources unchanged since the last build); `npm run build` forces one.');
    process.exit(0);
  }
  console.warn(`Building: ${reason}.`);
}
recordBuildInputs(ROOT, null);
for (const workspace of WORKSPACES) buildWorkspace(workspace);
recordBuildInputs(ROOT, state.current);
