import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { emptyQueryAssertions, fixedBrowserWaits, sleepsBeforeAbsence } from './empty-assertions';

/**
 * Two kinds of test line that cannot fail for the reason they are there: `expect(screen.getBy…(…)).toBeTruthy()`
 * (the query throws when nothing is found, so the expect adds nothing), and a sleep followed by an assertion
 * that something did not happen (it passes as well when the thing merely had not happened yet); and any
 * waitForTimeout, which makes a journey slow where it passes and flaky where it does not. Every test file of
 * the repository is read; the rules are in ./empty-assertions.ts.
 */

const ROOT = join(import.meta.dirname, '../../../..');
const SKIPPED = new Set(['node_modules', 'dist', '.git', 'coverage', 'test-results']);
const SELF = import.meta.filename;

function testFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : testFiles(path);
    return /\.(test|spec)\.tsx?$/.test(entry.name) && path !== SELF ? [path] : [];
  });
}

const files = ['apps', 'packages', 'e2e', 'bench', 'load'].flatMap((top) => {
  try {
    return testFiles(join(ROOT, top));
  } catch {
    return [];
  }
});

const offenders = (find: (source: string) => number[]) =>
  files.flatMap((file) => find(readFileSync(file, 'utf8')).map((line) => `${relative(ROOT, file)}:${line}`));

describe('assertions that assert something', () => {
  it('reads the test files of every workspace', () => {
    expect(files.some((file) => file.endsWith('no-empty-assertions.test.ts'))).toBe(false);
    expect(files.filter((file) => file.includes(`${join('apps', 'server')}`)).length).toBeGreaterThan(50);
    expect(files.filter((file) => file.includes(`${join('apps', 'web')}`)).length).toBeGreaterThan(50);
  });

  it('has no expect(…getBy…(…)).toBeTruthy() and the like: assert what the element shows instead', () => {
    expect(offenders(emptyQueryAssertions)).toEqual([]);
  });

  it('has no sleep before asserting that nothing happened: wait on a completion signal or a fake clock', () => {
    expect(offenders(sleepsBeforeAbsence)).toEqual([]);
  });

  it('has no browser journey that waits a fixed time: wait for the page, a request or page.clock', () => {
    expect(files.filter((file) => file.includes(`${join('e2e', 'journeys')}`)).length).toBeGreaterThan(5);
    expect(offenders(fixedBrowserWaits)).toEqual([]);
  });
});

describe('the rules themselves', () => {
  it('find a query asserted only to exist, in its usual forms', () => {
    const source = [
      "expect(screen.getByText('x')).toBeTruthy();",
      "expect(await screen.findByTestId('y', {}, LOADED)).toBeTruthy();",
      "await waitFor(() => expect(within(row).getByRole('button', { name: 'Go (now)' })).toBeDefined());",
      'expect(',
      "  screen.getAllByTestId('z'),",
      ').not.toBeNull();',
      "expect((await screen.findByText('a')) as HTMLElement).toBeInTheDocument();",
    ].join('\n');
    expect(emptyQueryAssertions(source)).toEqual([1, 2, 3, 4, 7]);
  });

  it('leave alone an assertion about the found element', () => {
    const source = [
      "expect(screen.getByText('x').textContent).toBe('x');",
      "expect(isVisible(screen.getByText('x'))).toBe(true);",
      "expect(screen.queryByTestId('y')).toBeNull();",
      "expect(screen.getByRole('tab').getAttribute('aria-selected')).toBeTruthy();",
      'expect(found).toBeTruthy();',
    ].join('\n');
    expect(emptyQueryAssertions(source)).toEqual([]);
  });

  it('find a sleep followed by an assertion that nothing happened', () => {
    const source = [
      'await new Promise((resolve) => setTimeout(resolve, 200));',
      'expect(await stored()).toBe(0);',
      'await sleep(50);',
      '// a comment between',
      "expect(screen.queryByTestId('card')).toBeNull();",
      'await page.waitForTimeout(3_000);',
      'expect(await card.count()).toBe(0);',
      'await new Promise((resolve) => setTimeout(resolve, 50));',
      'expect(sink.report).toHaveBeenCalledTimes(1);',
      'await sleep(10);',
      'expect(fake.requests).toEqual([]);',
    ].join('\n');
    expect(sleepsBeforeAbsence(source)).toEqual([1, 3, 6, 8, 10]);
  });

  it('find every waitForTimeout, whatever follows it, and leave page.clock alone', () => {
    const source = [
      'await page.waitForTimeout(300);',
      "expect(await page.title()).toBe('x');",
      'await visitor.page.waitForTimeout (1_000);',
      'await page.clock.runFor(2_000);',
      "await page.waitForResponse((response) => response.url().endsWith('/x'));",
    ].join('\n');
    expect(fixedBrowserWaits(source)).toEqual([1, 3]);
  });

  it('leave alone a sleep that paces a fake or waits before doing something', () => {
    const source = [
      'await new Promise((resolve) => setTimeout(resolve, SLOW_RUN_MS));',
      "return { text: 'x' };",
      'await sleep(100);',
      'controller.abort(reason);',
      'await vi.advanceTimersByTimeAsync(2_000);',
      "expect(screen.queryByTestId('card')).toBeNull();",
    ].join('\n');
    expect(sleepsBeforeAbsence(source)).toEqual([]);
  });
});
