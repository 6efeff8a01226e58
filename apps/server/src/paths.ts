import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The server package's folder, found the same way from src/ (tsx, tests) and from the dist/ bundle. */
export const SERVER_ROOT = findPackageRoot(dirname(fileURLToPath(import.meta.url)), '@quire/server');
export const REPO_ROOT = resolve(SERVER_ROOT, '../..');
export const MIGRATIONS_DIR = join(SERVER_ROOT, 'drizzle');
export const DEFAULT_WEB_DIST_DIR = join(REPO_ROOT, 'apps/web/dist');

/**
 * Relative paths in configuration are taken from where the user ran the command: npm runs workspace
 * scripts inside the workspace folder but keeps the original folder in INIT_CWD.
 */
export function resolveUserPath(path: string, env: NodeJS.ProcessEnv = process.env): string {
  return isAbsolute(path) ? path : resolve(env.INIT_CWD ?? process.cwd(), path);
}

function findPackageRoot(start: string, name: string): string {
  let folder = start;
  for (;;) {
    const manifest = join(folder, 'package.json');
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === name) return folder;
    const parent = dirname(folder);
    if (parent === folder) throw new Error(`Could not find the ${name} package folder above ${start}`);
    folder = parent;
  }
}
