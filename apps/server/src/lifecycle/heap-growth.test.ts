import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { HEAP_GROWING_FLAG, limitHeapGrowth } from './heap-growth';

const run = promisify(execFile);

describe('limitHeapGrowth', () => {
  // V8 ignores a flag it does not know, so a Node whose V8 dropped or renamed this one would silently let the
  // heaps grow again. (Its effect is a heuristic that follows the machine's speed, so it is measured under
  // load (npm run test:load, bench/RESULTS.md) rather than asserted here.)
  it('sets a flag that this V8 knows', async () => {
    const { stdout } = await run(process.execPath, ['--v8-options'], { maxBuffer: 16 * 1024 * 1024 });
    const known = stdout.split('\n').map((line) => line.trim().split(' ')[0]);
    expect(known).toContain(HEAP_GROWING_FLAG);
  });

  it('leaves a growth set on the command line alone', () => {
    expect(limitHeapGrowth(['--heap-growing-percent=300'])).toBe(false);
    expect(limitHeapGrowth(['--heap_growing_percent=300'])).toBe(false);
  });
});
