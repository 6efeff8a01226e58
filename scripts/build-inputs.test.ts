import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  BUILD_INPUTS,
  BUILD_OUTPUTS,
  buildState,
  hashBuildInputs,
  listBuildInputs,
  rebuildReason,
  recordBuildInputs,
} from './build-inputs.mjs';

const REPO_ROOT = resolve(import.meta.dirname, '..');
let root: string;

function write(path: string, text = path) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'quire-build-'));
  for (const path of [
    'package.json',
    'package-lock.json',
    'packages/contracts/src/index.ts',
    'apps/web/src/main.tsx',
    'apps/web/index.html',
    'apps/server/src/main.ts',
    'apps/server/build.mjs',
  ]) {
    write(path);
  }
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('the build inputs', () => {
  it('are the sources and build files, without dependencies, outputs or tests', () => {
    write('apps/web/node_modules/react/index.js');
    write('apps/web/dist/index.html');
    write('apps/server/src/main.test.ts');
    write('apps/server/drizzle/0001.sql');
    expect(listBuildInputs(root)).toEqual([
      'apps/server/build.mjs',
      'apps/server/src/main.ts',
      'apps/web/index.html',
      'apps/web/src/main.tsx',
      'package-lock.json',
      'package.json',
      'packages/contracts/src/index.ts',
    ]);
  });

  it('hash to a new value when a source, the lock file or a VITE_ variable changes, and only then', () => {
    const before = hashBuildInputs(root, { PATH: '/bin' });
    write('apps/server/src/main.test.ts');
    write('apps/server/dist/main.js');
    expect(hashBuildInputs(root, { PATH: '/usr/bin' })).toBe(before);

    expect(hashBuildInputs(root, { VITE_API_URL: 'https://api.example.org' })).not.toBe(before);
    write('package-lock.json', '{"lockfileVersion":3}');
    const afterLock = hashBuildInputs(root, {});
    expect(afterLock).not.toBe(before);
    write('apps/web/src/new-page.tsx');
    expect(hashBuildInputs(root, {})).not.toBe(afterLock);
  });

  it('name every path the repository really has, so a moved folder is not silently left out', () => {
    const files = listBuildInputs(REPO_ROOT);
    for (const input of BUILD_INPUTS) {
      expect(files.some((file) => file === input || file.startsWith(`${input}/`))).toBe(true);
    }
    expect(files).toEqual(
      expect.arrayContaining(['apps/server/src/main.ts', 'apps/web/src/main.tsx', 'apps/web/vite.config.ts']),
    );
  });
});

describe('whether `npm start` rebuilds', () => {
  it('decides from the outputs and the recorded inputs', () => {
    expect(rebuildReason({ recorded: 'a', current: 'a', outputsPresent: false })).toBe('no built app yet');
    expect(rebuildReason({ recorded: null, current: 'a', outputsPresent: true })).toMatch(/no record/);
    expect(rebuildReason({ recorded: 'a', current: 'b', outputsPresent: true })).toMatch(/sources changed/);
    expect(rebuildReason({ recorded: 'a', current: 'a', outputsPresent: true })).toBeNull();
  });

  it('skips after a recorded build until a source changes or an output is gone', () => {
    expect(rebuildReason(buildState(root, {}))).toBe('no built app yet');
    for (const output of BUILD_OUTPUTS) write(output);
    expect(rebuildReason(buildState(root, {}))).toMatch(/no record/);

    recordBuildInputs(root, buildState(root, {}).current);
    expect(rebuildReason(buildState(root, {}))).toBeNull();

    write('packages/contracts/src/index.ts', 'export const changed = true;');
    expect(rebuildReason(buildState(root, {}))).toMatch(/sources changed/);

    recordBuildInputs(root, buildState(root, {}).current);
    rmSync(join(root, 'apps/web/dist/index.html'));
    expect(rebuildReason(buildState(root, {}))).toBe('no built app yet');
  });

  it('forgets the record before a build, so a failed build is never taken as current', () => {
    for (const output of BUILD_OUTPUTS) write(output);
    recordBuildInputs(root, buildState(root, {}).current);
    recordBuildInputs(root, null);
    expect(rebuildReason(buildState(root, {}))).toMatch(/no record/);
  });
});
