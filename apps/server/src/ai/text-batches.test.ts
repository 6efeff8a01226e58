import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { textBatches } from './text-batches';

/** The clock textBatches reads and schedules on, faked so a test can tell "not yet" from "never". */
const useFakeClock = () =>
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'clearImmediate', 'performance'] });
afterEach(() => vi.useRealTimers());

function recorded(intervalMs: number) {
  const sent: string[] = [];
  return { sent, batches: textBatches((text) => sent.push(text), { intervalMs }) };
}

describe('a stream’s pieces on their way to the serving thread', () => {
  it('sends the pieces added in one turn of the event loop as one, after that turn', async () => {
    const { sent, batches } = recorded(0);
    batches.add('The master ');
    batches.add('pings ');
    expect(sent).toEqual([]);
    await nextTurn();
    expect(sent).toEqual(['The master pings ']);
    batches.add('every worker.');
    await nextTurn();
    expect(sent).toEqual(['The master pings ', 'every worker.']);
  });

  it('sends the first piece at once and holds later ones until the interval has passed, together', async () => {
    useFakeClock();
    const { sent, batches } = recorded(80);
    batches.add('The master ');
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual(['The master ']);
    batches.add('pings ');
    await vi.advanceTimersByTimeAsync(10);
    batches.add('every ');
    // The interval runs from the first piece's sending: a millisecond before its end, nothing more went.
    await vi.advanceTimersByTimeAsync(69);
    expect(sent).toEqual(['The master ']);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toEqual(['The master ', 'pings every ']);
    // A piece that comes an interval after the last one sent goes at once again.
    await vi.advanceTimersByTimeAsync(100);
    batches.add('worker.');
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual(['The master ', 'pings every ', 'worker.']);
  });

  it('sends what waits at once when flushed, interval or not, and nothing twice', async () => {
    useFakeClock();
    const { sent, batches } = recorded(1_000);
    batches.add('a ');
    batches.flush();
    batches.add('b ');
    batches.flush();
    expect(sent).toEqual(['a ', 'b ']);
    // Whatever flushing left scheduled has run: it sent nothing again.
    await vi.runAllTimersAsync();
    expect(sent).toEqual(['a ', 'b ']);
    batches.flush();
    expect(sent).toEqual(['a ', 'b ']);
  });

  it('sends nothing of what it dropped', async () => {
    const { sent, batches } = recorded(0);
    batches.add('a ');
    batches.drop();
    await nextTurn();
    batches.flush();
    expect(sent).toEqual([]);
  });
});
