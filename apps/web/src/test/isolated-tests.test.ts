import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The `web` project shares one module graph among the files a worker runs, where a module mock would leak into
 * the files after it: a test file that mocks modules must be `*.isolated.test.*` (the `web-isolated` project).
 */

const SOURCE = join(import.meta.dirname, '..');
const MOCKS_A_MODULE = /\bvi\s*\.\s*(mock|doMock)\s*\(/;

function webTestFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return webTestFiles(path);
    return /\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

export function filesMockingInSharedGraph(files: { path: string; source: string }[]): string[] {
  return files
    .filter(({ path, source }) => MOCKS_A_MODULE.test(source) && !/\.isolated\.test\.tsx?$/.test(path))
    .map(({ path }) => path);
}

describe('web tests that mock modules', () => {
  it('names a mocking file in the shared graph and lets an isolated one be', () => {
    const mocking = `vi.${'mock'}('./api');`;
    expect(
      filesMockingInSharedGraph([
        { path: 'a/Shared.test.tsx', source: mocking },
        { path: 'a/Own.isolated.test.tsx', source: mocking },
        { path: 'a/Plain.test.ts', source: 'vi.fn()' },
      ]),
    ).toEqual(['a/Shared.test.tsx']);
  });

  it('run in a module graph of their own', () => {
    const files = webTestFiles(SOURCE).map((path) => ({ path, source: readFileSync(path, 'utf8') }));
    expect(files.length).toBeGreaterThan(50);
    expect(filesMockingInSharedGraph(files).map((path) => relative(SOURCE, path))).toEqual([]);
  });
});
