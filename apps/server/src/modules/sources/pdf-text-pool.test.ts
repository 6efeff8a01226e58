import { deflateSync } from 'node:zlib';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { makePdf } from '../../test/make-pdf';
import { threadsLoweredBy } from '../../test/thread-nice';
import type { OcrEngine } from './ocr';
import { extractPdf, isUnreadablePdf } from './pdf-extract';
import { BLOCK_PAGES, claimBlock, createPdfTextPool, type PageText, type PdfTextPool } from './pdf-text-pool';

const pool = createPdfTextPool(2);
afterAll(() => pool.close());

const pdf = makePdf(Array.from({ length: 60 }, (_, index) => [`Page ${index + 1} says hello.`, 'A second line.']));

/** The pool, counting the documents handed to it. */
function counted(inner: PdfTextPool) {
  let reads = 0;
  const read: PdfTextPool['read'] = (...args) => {
    reads++;
    return inner.read(...args);
  };
  return { ...inner, read, reads: () => reads };
}

/** A page with no text layer: one uniform gray image, enough to be taken for a scan. */
function scannedPage() {
  const [width, height] = [64, 64];
  const rows = Buffer.alloc((width + 1) * height, 200);
  for (let row = 0; row < height; row++) rows[row * (width + 1)] = 0;
  // Drawn large (64 pixels at 10 dpi), as a scan covers its page.
  return { scan: { width, height, idat: deflateSync(rows) }, dpi: 10 };
}

describe('the page-reading threads', () => {
  it('read every page once, across both threads, in blocks, and tell the page count with each', async () => {
    const batches: PageText[][] = [];
    const counts = new Set<number>();
    const document = await pool.read(new Uint8Array(pdf), (batch, pageCount) => {
      batches.push(batch);
      counts.add(pageCount);
    });
    const numbers = batches.flat().map((page) => page.number);
    expect([...numbers].sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, index) => index + 1));
    expect(batches.length).toBeGreaterThan(2);
    expect([...counts]).toEqual([60]);
    expect(document.pageCount).toBe(60);
  });

  it("read the document's information in a thread: title, authors and year come from there", async () => {
    const described = makePdf([['A page.'], ['Another page.']], {
      title: 'Soil Erosion in Upland Basins',
      author: 'Ada Lovelace; Alan Turing',
    });
    const document = await pool.read(new Uint8Array(described), () => {});
    expect(document.info.Title).toBe('Soil Erosion in Upland Basins');
    const pooled = await extractPdf(new Uint8Array(described), { textPool: pool });
    const inThread = await extractPdf(new Uint8Array(described));
    expect(pooled.title).toBe('Soil Erosion in Upland Basins');
    expect(pooled.authors).toEqual(['Ada Lovelace', 'Alan Turing']);
    expect({ ...pooled, pages: undefined }).toEqual({ ...inThread, pages: undefined });
  });

  it('hand out each block once, in page order, to whichever thread asks next', () => {
    const claims = new Int32Array(new SharedArrayBuffer(4));
    const blocks = [claimBlock(claims, 8, 20), claimBlock(claims, 8, 20), claimBlock(claims, 8, 20)];
    expect(blocks).toEqual([
      { from: 1, to: 8 },
      { from: 9, to: 16 },
      { from: 17, to: 20 },
    ]);
    expect(claimBlock(claims, 8, 20)).toBeNull();
  });

  it('leave the rest of a document to the other thread while one is held up by a slow block', async () => {
    // The first block is slow to read (thousands of lines a page), the ten after it quick.
    const slow = Array.from({ length: 3000 }, (_, line) => `Line ${line} of a long page about soil and rain.`);
    const pages = Array.from({ length: BLOCK_PAGES * 11 }, (_, index) =>
      index < BLOCK_PAGES ? slow : [`Quick page ${index + 1}.`],
    );
    const arrivals: number[] = [];
    // A block's pages may finish in any order; its first page names it.
    await pool.read(new Uint8Array(makePdf(pages)), (batch) =>
      arrivals.push(Math.min(...batch.map((page) => page.number))),
    );
    // Dealt out in turn, the slow thread's share would include blocks 3, 5, 7…, which would come after block 1.
    expect(arrivals).toHaveLength(11);
    expect(arrivals.at(-1)).toBe(1);
  });

  it('refuse what is no PDF in the threads, and the error still says it is unreadable', async () => {
    const garbage = new TextEncoder().encode('%PDF-1.7 this is not a PDF at all, only its first bytes');
    await expect(pool.read(garbage, () => {})).rejects.toMatchObject({ name: 'UnreadablePdfError' });
    const failure = await extractPdf(garbage, { textPool: pool }).catch((error: unknown) => error);
    expect(isUnreadablePdf(failure)).toBe(true);
  });

  it('are not needed: without them this thread reads, letting timers run between pages', async () => {
    let turns = 0;
    let atFirstPage = -1;
    const ticking = setInterval(() => turns++, 0);
    const result = await extractPdf(new Uint8Array(pdf), {
      onProgress: async () => {
        if (atFirstPage < 0) atFirstPage = turns;
      },
    });
    clearInterval(ticking);
    expect(result.pageCount).toBe(60);
    // Timers that ran while the pages were read, after the file was checked and opened.
    expect(turns - atFirstPage).toBeGreaterThan(3);
  });

  it('give the same text as reading in this thread, and hand pages on in order', async () => {
    const order: number[] = [];
    const pooled = await extractPdf(new Uint8Array(pdf), { textPool: pool, onPage: (number) => order.push(number) });
    const inThread = await extractPdf(new Uint8Array(pdf));
    expect(pooled.pages).toEqual(inThread.pages);
    expect(pooled.pages[59]).toBe('Page 60 says hello. A second line.');
    expect(order).toEqual(Array.from({ length: 60 }, (_, index) => index + 1));
  });

  it('fall back to this thread when the pool cannot read', async () => {
    const broken = createPdfTextPool(1);
    await broken.close();
    const failing = { ...broken, read: () => Promise.reject(new Error('thread died')) };
    const order: number[] = [];
    const result = await extractPdf(new Uint8Array(pdf), { textPool: failing, onPage: (number) => order.push(number) });
    expect(result.pages).toHaveLength(60);
    expect(order).toHaveLength(60);
  });

  it('read short documents too, so the thread that serves requests stays free', async () => {
    const short = makePdf([['A short note.'], ['Its second page.']]);
    const pooled = counted(pool);
    const result = await extractPdf(new Uint8Array(short), { textPool: pooled });
    expect(pooled.reads()).toBe(1);
    expect(result.pages).toEqual((await extractPdf(new Uint8Array(short))).pages);
  });

  it('read at a lower priority than the thread that serves requests, which keeps its own', async () => {
    const fresh = createPdfTextPool(2);
    try {
      const read = () => extractPdf(new Uint8Array(pdf), { textPool: fresh }).then(() => undefined);
      expect(await threadsLoweredBy(read)).toEqual({ lowered: 2, callerKept: true });
    } finally {
      await fresh.close();
    }
  });

  it('count a scanned page at its OCR weight while reading, so progress does not reach the end before OCR', async () => {
    let recognised = 0;
    const engine: OcrEngine = {
      recognize: async () => {
        recognised++;
        return { text: 'The scanned page reads as text.', confidence: 90 };
      },
      close: async () => {},
    };
    const shares: { share: number; recognised: number }[] = [];
    const result = await extractPdf(new Uint8Array(makePdf([scannedPage(), ['A page with a text layer.']])), {
      textPool: pool,
      ocr: { engine, logger: pino({ level: 'silent' }) },
      onProgress: async (share) => {
        shares.push({ share, recognised });
      },
    });
    expect(result.ocrPages).toEqual([1]);
    const beforeOcr = shares.filter((entry) => entry.recognised === 0);
    expect(beforeOcr.length).toBeGreaterThan(0);
    expect(Math.max(...beforeOcr.map((entry) => entry.share))).toBeLessThan(0.1);
    expect(shares.at(-1)?.share).toBe(1);
  });

  it("end a stopped document's own threads at once, while a document read beside it goes on", async () => {
    const beside = createPdfTextPool(2);
    try {
      const book = makePdf(Array.from({ length: 2_000 }, (_, index) => [`Page ${index + 1} of a long book.`]));
      const controller = new AbortController();
      let firstBatch!: () => void;
      const reading = new Promise<void>((resolve) => {
        firstBatch = resolve;
      });
      const stopped = beside.read(new Uint8Array(book), () => firstBatch(), { signal: controller.signal });
      await reading;
      // A long document has a spare thread started beside its two, and the paper read beside it takes that one.
      await expect.poll(() => beside.threads(), { timeout: 10_000 }).toBe(3);
      const paper = beside.read(new Uint8Array(pdf), () => {});
      expect(beside.threads()).toBe(3);
      const reason = new Error('the document was deleted');
      const stoppedAt = performance.now();
      controller.abort(reason);
      await expect(stopped).rejects.toBe(reason);
      expect(performance.now() - stoppedAt).toBeLessThan(100);
      // The book's two threads are gone; the paper's is not.
      expect(beside.threads()).toBe(1);
      expect((await paper).pageCount).toBe(60);
      await expect(beside.read(new Uint8Array(pdf), () => {}, { signal: controller.signal })).rejects.toBe(reason);
    } finally {
      await beside.close();
    }
  });

  it('let their threads go after a quiet spell, and start them again for the next document', async () => {
    const resting = createPdfTextPool(2, { idleMs: 100 });
    try {
      expect(resting.threads()).toBe(0);
      const first = await extractPdf(new Uint8Array(pdf), { textPool: resting });
      expect(resting.threads()).toBe(2);
      await expect.poll(() => resting.threads(), { timeout: 5_000 }).toBe(0);
      const again = await extractPdf(new Uint8Array(pdf), { textPool: resting });
      expect(again.pages).toEqual(first.pages);
      expect(resting.threads()).toBe(2);
    } finally {
      await resting.close();
    }
  });
});
