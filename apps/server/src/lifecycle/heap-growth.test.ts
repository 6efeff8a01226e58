import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { HEAP_GROWING_PERCENT, limitHeapGrowth } from './heap-growth';

const run = promisify(execFile);

/**
 * A child process keeps ~60 MB of objects alive while it makes ~1 GB that live just long enough to reach the
 * old generation, and prints the largest its heap got, with the growth limited to `percent` or left to V8.
 * V8 ignores a flag it does not know: this catches a Node whose V8 dropped or renamed the one that
 * limitHeapGrowth sets. A strong limit makes the difference plain; the server's own is milder.
 */
async function peakHeapMb(percent: number | null): Promise<number> {
  const script = `
    import { getHeapStatistics } from 'node:v8';
    import { limitHeapGrowth } from ${JSON.stringify(new URL('./heap-growth.ts', import.meta.url).href)};
    if (${percent !== null}) limitHeapGrowth(${percent}, []);
    const live = Array.from({ length: 1_000_000 }, (_, index) => ({ index, text: 'live-' + index }));
    const ring = new Array(20_000);
    let peak = 0;
    for (let n = 0; n < 3_000_000; n++) {
      ring[n % ring.length] = { n, payload: new Array(16).fill(n) };
      if (n % 10_000 === 0) peak = Math.max(peak, getHeapStatistics().total_heap_size);
    }
    console.log(live.length && peak / 2 ** 20);
  `;
  const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script]);
  return Number(stdout.trim());
}

describe('limitHeapGrowth', () => {
  it('keeps a heap with much garbage smaller than V8 lets it grow by itself', async () => {
    const [own, limited] = await Promise.all([peakHeapMb(null), peakHeapMb(25)]);
    expect(own).toBeGreaterThan(0);
    expect(limited).toBeLessThan(own * 0.7);
  }, 60_000);

  it('leaves a growth set on the command line alone', () => {
    expect(limitHeapGrowth(HEAP_GROWING_PERCENT, ['--heap-growing-percent=300'])).toBe(false);
    expect(limitHeapGrowth(HEAP_GROWING_PERCENT, ['--heap_growing_percent=300'])).toBe(false);
  });
});
