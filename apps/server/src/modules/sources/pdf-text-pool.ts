import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { threadScript } from '../../lifecycle/thread-script';

/** A page's text as the thread read it, or that it could not be read. */
export type PageText = { number: number; text: string } | { number: number; failed: true };

/** What the threads found out about the document besides its pages. */
export type PooledDocument = {
  pageCount: number;
  /** The PDF's information dictionary (Title, Author, CreationDate…), as pdf.js's `getMetadata` gives it. */
  info: Record<string, unknown>;
};

export type PdfTextPool = {
  /**
   * Reads every page of the PDF across the pool's threads. `onPages` hears each batch as it is read (batches
   * arrive out of order across threads) with the document's page count; resolves when every page was delivered.
   */
  read: (bytes: Uint8Array, onPages: (pages: PageText[], pageCount: number) => void) => Promise<PooledDocument>;
  /** Threads alive now: none before the first read and after a quiet spell. */
  threads: () => number;
  close: () => Promise<void>;
};

/**
 * Asks one thread to read blocks of a document until none is left. Every thread claims the next block from the
 * same counter (`claims`), so a thread the serving thread holds up reads fewer blocks instead of finishing last.
 * The first thread (`readsInfo`) also reads the document's information dictionary.
 */
export type PoolRequest = {
  id: number;
  bytes: SharedArrayBuffer;
  claims: SharedArrayBuffer;
  blockPages: number;
  readsInfo: boolean;
};
export type PoolReply =
  | { id: number; pageCount: number; pages: PageText[] }
  | { id: number; finished: { pageCount: number; info: Record<string, unknown> | null } }
  | { id: number; error: { name: string; message: string } };

type Pending = {
  resolve: (finished: { pageCount: number; info: Record<string, unknown> | null }) => void;
  reject: (error: Error) => void;
  pages: (pages: PageText[], pageCount: number) => void;
};

const WORKER_URL = threadScript('pdf-text-worker', import.meta.url);
/**
 * Pages per block. Blocks are claimed in page order, so all threads move through the document together and its
 * beginning is complete early (the indexer takes pages in order).
 */
export const BLOCK_PAGES = 8;

/** A pool with no document to read for this long lets its threads go. */
const IDLE_MS = 60_000;

/**
 * The pages from…to of the next unread block of a `pageCount`-page document, or null when every block is
 * claimed. Safe across threads: each block goes to exactly one claimer.
 */
export function claimBlock(
  claims: Int32Array,
  blockPages: number,
  pageCount: number,
): { from: number; to: number } | null {
  const from = 1 + Atomics.add(claims, 0, 1) * blockPages;
  return from > pageCount ? null : { from, to: Math.min(pageCount, from + blockPages - 1) };
}

/**
 * Worker threads that each keep pdf.js loaded (its first load costs about a second) and read a share of
 * a document's pages, so a long PDF uses every core instead of one and the event loop stays free: each thread
 * opens the document itself and hands back finished page texts, so this thread does not open it at all. Threads
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
  const onMessage = (message: PoolReply) => {
    const waiting = pending.get(message.id);
    if (!waiting) return;
    if ('pages' in message) return waiting.pages(message.pages, message.pageCount);
    pending.delete(message.id);
    if ('error' in message) {
      waiting.reject(Object.assign(new Error(message.error.message), { name: message.error.name }));
    } else waiting.resolve(message.finished);
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
  const ask = (worker: Worker, request: Omit<PoolRequest, 'id'>, pages: Pending['pages']) =>
    new Promise<Parameters<Pending['resolve']>[0]>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject, pages });
      // Referenced only while it works, so an idle pool never holds the process open.
      worker.ref();
      worker.postMessage({ id, ...request } satisfies PoolRequest);
    }).finally(() => worker.unref());

  return {
    read: async (bytes, onPages) => {
      clearTimeout(idleTimer);
      reading++;
      try {
        return await readAcross(start(), bytes, onPages);
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

  async function readAcross(threads: Worker[], bytes: Uint8Array, onPages: Pending['pages']): Promise<PooledDocument> {
    // One copy of the file, shared by every thread, instead of one per thread.
    const shared = new SharedArrayBuffer(bytes.byteLength);
    new Uint8Array(shared).set(bytes);
    const claims = new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT);
    const finished = await Promise.all(
      threads.map((worker, index) =>
        ask(worker, { bytes: shared, claims, blockPages: BLOCK_PAGES, readsInfo: index === 0 }, onPages),
      ),
    );
    const [first] = finished;
    return { pageCount: first?.pageCount ?? 0, info: first?.info ?? {} };
  }
}
