import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { textBatches } from './text-batches';

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
    const { sent, batches } = recorded(80);
    batches.add('The master ');
    await nextTurn();
    expect(sent).toEqual(['The master ']);
    batches.add('pings ');
    await sleep(10);
    batches.add('every ');
    await sleep(10);
    expect(sent).toEqual(['The master ']);
    await sleep(100);
    expect(sent).toEqual(['The master ', 'pings every ']);
    // A piece that comes an interval after the last one sent goes at once again.
    await sleep(100);
    batches.add('worker.');
    await nextTurn();
    expect(sent).toEqual(['The master ', 'pings every ', 'worker.']);
  });

  it('sends what waits at once when flushed, interval or not, and nothing twice', async () => {
    const { sent, batches } = recorded(1_000);
    batches.add('a ');
    batches.flush();
    batches.add('b ');
    batches.flush();
    expect(sent).toEqual(['a ', 'b ']);
    await sleep(20);
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
