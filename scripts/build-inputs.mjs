// What `npm start` looks at to decide whether the last build is still current: a hash over every file the web
// and server builds read, recorded beside the server's dist/ after a build that succeeded.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** Files and folders (walked whole) the two builds read, relative to the repository root. */
export const BUILD_INPUTS = [
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
  'packages/contracts',
  'apps/web',
  'apps/server/package.json',
  'apps/server/build.mjs',
  'apps/server/tsconfig.json',
  'apps/server/src',
];

/** What a finished build leaves behind; without them the app cannot be served. */
export const BUILD_OUTPUTS = ['apps/web/dist/index.html', 'apps/server/dist/main.js'];

export const BUILD_RECORD = 'apps/server/dist/build-inputs.sha256';

const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', '.tsbuild']);
// Tests are not bundled, so changing one needs no rebuild.
const SKIPPED_FILE = /\.test\.[cm]?[jt]sx?$/;

/**
 * @param {string} root
 * @param {string} path
 * @param {string[]} files
 */
function walk(root, path, files) {
  const full = join(root, path);
  if (!existsSync(full)) return;
  if (!statSync(full).isDirectory()) {
    if (!SKIPPED_FILE.test(path)) files.push(path);
    return;
  }
  for (const entry of readdirSync(full, { withFileTypes: true })) {
    if (entry.isDirectory() && SKIPPED_FOLDERS.has(entry.name)) continue;
    walk(root, relative(root, join(full, entry.name)), files);
  }
}

/**
 * The build's input files under `root`, sorted, with `/` separators.
 * @param {string} root
 * @returns {string[]}
 */
export function listBuildInputs(root) {
  /** @type {string[]} */
  const files = [];
  for (const input of BUILD_INPUTS) walk(root, input, files);
  return files.map((file) => file.split(sep).join('/')).sort();
}

/**
 * One hash over the inputs' paths and contents, and the VITE_* variables Vite bakes into the web app.
 * @param {string} root
 * @param {Record<string, string | undefined>} env
 * @returns {string}
 */
export function hashBuildInputs(root, env) {
  const hash = createHash('sha256');
  for (const file of listBuildInputs(root)) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(join(root, file)));
    hash.update('\0');
  }
  for (const name of Object.keys(env).sort()) {
    if (name.startsWith('VITE_')) hash.update(`${name}=${env[name]}\0`);
  }
  return hash.digest('hex');
}

/**
 * Why a build is needed, or null when the last one is current.
 * @param {{ recorded: string | null, current: string, outputsPresent: boolean }} state
 * @returns {string | null}
 */
export function rebuildReason({ recorded, current, outputsPresent }) {
  if (!outputsPresent) return 'no built app yet';
  if (recorded === null) return 'no record of what the last build was made from';
  if (recorded !== current) return 'sources changed since the last build';
  return null;
}

/**
 * What `rebuildReason` needs, read from the tree under `root`.
 * @param {string} root
 * @param {Record<string, string | undefined>} env
 */
export function buildState(root, env) {
  const record = join(root, BUILD_RECORD);
  return {
    recorded: existsSync(record) ? readFileSync(record, 'utf8').trim() : null,
    current: hashBuildInputs(root, env),
    outputsPresent: BUILD_OUTPUTS.every((output) => existsSync(join(root, output))),
  };
}

/**
 * Recorded after a successful build, forgotten before one starts, so a failed build is never taken as current.
 * @param {string} root
 * @param {string | null} hash
 */
export function recordBuildInputs(root, hash) {
  const record = join(root, BUILD_RECORD);
  if (hash === null) rmSync(record, { force: true });
  else writeFileSync(record, `${hash}\n`);
}
