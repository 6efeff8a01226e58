import { describe, expect, it } from 'vitest';
import { paperPdf } from '../../test/generated-pdf';
import { MAP_REDUCE_PAPER } from '../../test/test-papers';
import { extractPdf } from './pdf-extract';
import { readStructure } from './pdf-structure/structure';
import { readStructureInThread } from './structure-thread';

const layouts = async () => (await extractPdf(new Uint8Array(await paperPdf(MAP_REDUCE_PAPER)))).layouts;

describe('reading the structure in a thread', () => {
  it('gives what readStructure gives, while this thread stays free to serve', async () => {
    const pages = await layouts();
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 1);
    const read = readStructureInThread(pages);
    // The thread has to start and read: this thread runs its timers meanwhile instead of waiting on it.
    const structure = await read;
    clearInterval(ticker);
    expect(structure).toEqual(readStructure(pages));
    expect(structure.title).toBe(MAP_REDUCE_PAPER.title);
    expect(ticks).toBeGreaterThan(0);
  });

  it('ends its thread and rejects with the reason when stopped', async () => {
    const controller = new AbortController();
    const read = readStructureInThread(await layouts(), controller.signal);
    controller.abort(new Error('the source was deleted'));
    await expect(read).rejects.toThrow('the source was deleted');
    await expect(readStructureInThread([], controller.signal)).rejects.toThrow('the source was deleted');
  });
});
