import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/** A page's text items as pdf.js gives them: the string and whether a line ends after it. */
export type PageItems = { number: number; items: [string, boolean][] } | { number: number; failed: true };

export type PdfTextPool = {
  /**
   * Reads pages 1…pageCount across the pool's threads. `onPages` hears each batch as it is read (batches
   * arrive out of order across threads); resolves when every page was delivered.
   */
  read: (bytes: Uint8Array, pageCount: number, onPages: (pages: PageItems[]) => void) => Promise<void>;
  /** Threads alive now: none before the first read and after a quiet spell. */
  threads: () => number;
  close: () => Promise<void>;
};

type WorkerMessage = {
  id: number;
  pages?: PageItems[];
  finished?: boolean;
  error?: { name: string; message: string };
};
type Pending = { resolve: () => void; reject: (error: Error) => void; pages: (pages: PageItems[]) => void };

const WORKER_URL = new URL('./pdf-text-worker.mjs', import.meta.url);
/**
 * Pages per block. Blocks are dealt to the threads in turn, so all threads move through the document
 * together and its beginning is complete early (the indexer takes pages in order).
 */
const BLOCK_PAGES = 8;

/** A pool with no document to read for this long lets its threads go. */
const IDLE_MS = 60_000;

/**
 * Worker threads that each keep pdf.js loaded (its first load costs about a second) and read a share of
 * a document's pages, so a long PDF uses every core instead of one and the event loop stays free. Threads
 * start on first use, do not keep the process alive while idle, and end after `idleMs` without a
 * document: each holds 70–100 MB, which a server that reads no PDFs should not keep.
 */
export function createPdfTextPool(
  size = Math.max(1, Math.min(4, availableParallelism())),
  { idleMs = IDLE_MS }: { idleMs?: number } = {},
): PdfTextPool {
  let workers: Worker[] | null = null;
  const pending = new Map<number, Pending>();
  let nextId = 0;
  let reading = 0;
  let idleTimer: NodeJS.Timeout | undefined;

  const stopAll = (error: Error) => {
    clearTimeout(idleTimer);
    const running = workers;
    workers = null;
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
    return Promise.all((running ?? []).map((worker) => worker.terminate()));
  };
  const restIfIdle = () => {
    if (reading > 0) return;
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => void stopAll(new Error('The PDF text pool rested')), idleMs).unref();
  };
  const onMessage = (message: WorkerMessage) => {
    const waiting = pending.get(message.id);
    if (!waiting) return;
    if (message.pages) return waiting.pages(message.pages);
    pending.delete(message.id);
    if (message.error) waiting.reject(Object.assign(new Error(message.error.message), { name: message.error.name }));
    else waiting.resolve();
  };
  const start = () => {
    workers ??= Array.from({ length: size }, () => {
      const worker = new Worker(WORKER_URL);
      worker.unref();
      worker.on('message', onMessage);
      // A thread that dies fails what the pool was reading; the caller reads in its own thread instead.
      worker.on('error', (error) => void stopAll(error));
      return worker;
    });
    return workers;
  };
  const ask = (worker: Worker, bytes: SharedArrayBuffer, blocks: [number, number][], pages: Pending['pages']) =>
    new Promise<void>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject, pages });
      // Referenced only while it works, so an idle pool never holds the process open.
      worker.ref();
      worker.postMessage({ id, bytes, blocks });
    }).finally(() => worker.unref());

  return {
    read: async (bytes, pageCount, onPages) => {
      clearTimeout(idleTimer);
      reading++;
      try {
        await readAcross(start(), bytes, pageCount, onPages);
      } finally {
        reading--;
        restIfIdle();
      }
    },
    threads: () => workers?.length ?? 0,
    close: async () => {
      await stopAll(new Error('The PDF text pool was closed'));
    },
  };

  function readAcross(threads: Worker[], bytes: Uint8Array, pageCount: number, onPages: Pending['pages']) {
    // One copy of the file, shared by every thread, instead of one per thread.
    const shared = new SharedArrayBuffer(bytes.byteLength);
    new Uint8Array(shared).set(bytes);
    const blocks: [number, number][][] = threads.map(() => []);
    for (let from = 1, turn = 0; from <= pageCount; from += BLOCK_PAGES, turn++) {
      blocks[turn % threads.length]?.push([from, Math.min(pageCount, from + BLOCK_PAGES - 1)]);
    }
    return Promise.all(
      threads.flatMap((worker, index) => {
        const own = blocks[index] ?? [];
        return own.length > 0 ? [ask(worker, shared, own, onPages)] : [];
      }),
    );
  }
}
