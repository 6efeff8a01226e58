import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { componentLengthProblems, componentLengths, MAX_COMPONENT_LINES } from './component-length';

const SRC = join(__dirname, '..');

/**
 * Components still longer than the limit, with the length each may not exceed while it waits to be split into
 * a state hook and a view. The list may only shrink.
 */
const WAITING: Record<string, number> = {};

function webComponents(): { path: string; source: string }[] {
  return readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.tsx') && !path.includes('.test.'))
    .map((path) => ({ path: relative(SRC, join(SRC, path)), source: readFileSync(join(SRC, path), 'utf8') }));
}

/** A component of `body` lines of statements. */
function componentOf(name: string, body: number): string {
  return [
    `export function ${name}() {`,
    ...Array.from({ length: body }, (_, i) => `  const a${i} = ${i};`),
    '  return null;',
    '}',
  ].join('\n');
}

describe('component length', () => {
  it('counts a component from its first line to its last, arrows included, and leaves hooks and helpers out', () => {
    const source = [
      componentOf('Short', 2),
      'const Arrow = () => {',
      '  return null;',
      '};',
      componentOf('useState2', 200),
    ].join('\n');
    expect(componentLengths(source)).toEqual([
      { name: 'Short', line: 1, lines: 5 },
      { name: 'Arrow', line: 6, lines: 3 },
    ]);
  });

  it('fails for a component over the limit, one that grew past its allowance, and an allowance no longer needed', () => {
    const long = { path: 'features/x/Long.tsx', source: componentOf('Long', MAX_COMPONENT_LINES) };
    expect(componentLengthProblems([long], {})).toEqual([
      `features/x/Long.tsx#Long (line 1) has ${MAX_COMPONENT_LINES + 3} lines; at most ${MAX_COMPONENT_LINES}`,
    ]);
    expect(componentLengthProblems([long], { 'features/x/Long.tsx#Long': MAX_COMPONENT_LINES + 2 })).toHaveLength(1);
    expect(componentLengthProblems([long], { 'features/x/Long.tsx#Long': MAX_COMPONENT_LINES + 3 })).toEqual([]);
    const fixed = { path: 'features/x/Long.tsx', source: componentOf('Long', 3) };
    expect(componentLengthProblems([fixed], { 'features/x/Long.tsx#Long': 200 })).toEqual([
      `features/x/Long.tsx#Long is within ${MAX_COMPONENT_LINES} lines now: take it off the list`,
    ]);
  });

  it(`keeps every web component within ${MAX_COMPONENT_LINES} lines, except those waiting to be split`, () => {
    const files = webComponents();
    expect(files.length).toBeGreaterThan(100);
    expect(componentLengthProblems(files, WAITING)).toEqual([]);
  });
});
