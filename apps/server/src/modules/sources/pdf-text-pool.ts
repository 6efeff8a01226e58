import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { threadScript } from '../../lifecycle/thread-script';
import type { GrayImage } from './ocr-image';
import type { PageRead } from './pdf-page-text';

/** A page's text and layout as the thread read it, or that it could not be read. */
export type PageText = PageRead | { number: number; failed: true };

/** What the threads found out about the document besides its pages. */
export type PooledDocument = {
  pageCount: number;
  /** The PDF's information dictionary (Title, Author, CreationDate), as MuPDF's `getMetaData` gives it. */
  info: Record<string, unknown>;
};

export type PdfTextPool = {
  /**
   * Reads every page of the PDF across threads of its own. `onPages` hears each batch as it is read (batches
   * arrive out of order across threads) with the document's page count; resolves when every page was delivered.
   * When `signal` fires, the document's threads are ended at once and the read rejects with its reason. A document
   * of more than `maxPages` pages is refused (TooManyPagesError) before any page is read.
   */
  read: (
    bytes: Uint8Array,
    onPages: (pages: PageText[], pageCount: number) => void,
    options?: { maxPages?: number; signal?: AbortSignal },
  ) => Promise<PooledDocument>;
  /** Renders one page in grayscale for OCR in a thread, so this one stays free; `signal` ends that thread. */
  render: (bytes: Uint8Array, page: number, signal?: AbortSignal) => Promise<GrayImage>;
  /** Threads alive now: none before the first read and after a quiet spell. */
  threads: () => number;
  close: () => Promise<void>;
};

/**
 * Asks one thread to read blocks of a document until none is left. Every thread claims the next block from the
 * same counter (`claims`), so a thread the serving thread holds up reads fewer blocks instead of finishing last.
 * The first thread (`readsInfo`) also reads the document's information dictionary.
 */
export type ReadRequest = {
  id: number;
  bytes: SharedArrayBuffer;
  claims: SharedArrayBuffer;
  blockPages: number;
  readsInfo: boolean;
  maxPages: number;
};
/** Asks a thread to render one page for OCR. */
export type RenderRequest = { id: number; render: { bytes: SharedArrayBuffer; page: number } };
export type PoolRequest = ReadRequest | RenderRequest;
type Finished = { pageCount: number; info: Record<string, unknown> | null };
export type PoolReply =
  | { id: number; pageCount: number; pages: PageText[] }
  | { id: number; finished: Finished }
  | { id: number; rendered: GrayImage }
  | { id: number; error: { name: string; message: string } };

type Pending = {
  worker: Worker;
  resolve: (outcome: Finished | GrayImage) => void;
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

/** A document of more pages is a long one: a spare thread is started beside it. */
const LONG_DOCUMENT_PAGES = 100;

/** Set as a document's block counter, no thread claims another block of it. */
const NO_MORE_CLAIMS = 2 ** 30;

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
 * Worker threads that each keep MuPDF loaded and read a share of
 * a document's pages, so a long PDF uses every core instead of one and the event loop stays free: each thread
 * opens the document itself and hands back finished page texts, so this thread does not open it at all. A
 * document has its threads to itself: every thread when it is read alone, its share beside other documents, so
 * a short paper read during a long book does not wait for it, and a document's threads can be ended alone.
 * Threads start on first use, do not keep the process alive while idle, and end after `idleMs` without a
 * document: each holds tens of MB (MuPDF's WebAssembly memory never shrinks), which a server that reads no PDFs
 * should not keep.
 */
export function createPdfTextPool(
  size = Math.max(1, Math.min(4, availableParallelism())),
  { idleMs = IDLE_MS }: { idleMs?: number } = {},
): PdfTextPool {
  const alive = new Set<Worker>();
  const idle: Worker[] = [];
  const pending = new Map<number, Pending>();
  let nextId = 0;
  let reading = 0;
  let idleTimer: NodeJS.Timeout | undefined;

  /** Ends a thread; the request it was serving fails with `error`. */
  const retire = (worker: Worker, error: Error) => {
    if (!alive.delete(worker)) return;
    const at = idle.indexOf(worker);
    if (at >= 0) idle.splice(at, 1);
    for (const [id, waiting] of pending) {
      if (waiting.worker !== worker) continue;
      pending.delete(id);
      waiting.reject(error);
    }
    return worker.terminate();
  };
  const stopAll = (error: Error) => {
    clearTimeout(idleTimer);
    return Promise.all([...alive].map((worker) => retire(worker, error)));
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
    } else waiting.resolve('rendered' in message ? message.rendered : message.finished);
  };
  const spawn = () => {
    const worker = new Worker(WORKER_URL);
    worker.unref();
    worker.on('message', onMessage);
    // A thread that dies fails the document it was reading; the caller reads it in its own thread instead.
    worker.on('error', (error) => void retire(worker, error));
    worker.on('exit', () => void retire(worker, new Error('A PDF reading thread stopped')));
    alive.add(worker);
    return worker;
  };
  /** Threads for one more document: every thread for a document read alone, a share beside others. */
  const lease = () => {
    const count = Math.max(1, Math.floor(size / reading));
    const leased = idle.splice(0, count);
    while (leased.length < count) leased.push(spawn());
    return leased;
  };
  /** While a long document is read, one spare thread waits, so the next document does not wait for one to load. */
  const keepSpare = () => {
    if (idle.length === 0) idle.push(spawn());
  };
  const giveBack = (leased: Worker[]) => {
    for (const worker of leased) {
      if (!alive.has(worker)) continue;
      if (idle.length < size) idle.push(worker);
      else void retire(worker, new Error('A spare PDF reading thread ended'));
    }
  };
  const ask = (worker: Worker, request: Omit<ReadRequest, 'id'> | Omit<RenderRequest, 'id'>, pages: Pending['pages']) =>
    new Promise<Finished | GrayImage>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { worker, resolve, reject, pages });
      // Referenced only while it works, so an idle pool never holds the process open.
      worker.ref();
      worker.postMessage({ id, ...request } as PoolRequest);
    }).finally(() => worker.unref());

  return {
    read: async (bytes, onPages, { maxPages = Number.POSITIVE_INFINITY, signal } = {}) => {
      signal?.throwIfAborted();
      clearTimeout(idleTimer);
      reading++;
      const leased = lease();
      let counted = false;
      const hear: Pending['pages'] = (pages, pageCount) => {
        if (!counted && pageCount > LONG_DOCUMENT_PAGES) keepSpare();
        counted = true;
        onPages(pages, pageCount);
      };
      try {
        return await readAcross(leased, bytes, hear, maxPages, signal);
      } finally {
        reading--;
        giveBack(leased);
        restIfIdle();
      }
    },
    render: async (bytes, page, signal) => {
      signal?.throwIfAborted();
      clearTimeout(idleTimer);
      reading++;
      const worker = idle.shift() ?? spawn();
      const stop = () => void retire(worker, signal?.reason);
      signal?.addEventListener('abort', stop, { once: true });
      try {
        return (await ask(worker, { render: { bytes: sharedCopy(bytes), page } }, () => {})) as GrayImage;
      } finally {
        signal?.removeEventListener('abort', stop);
        reading--;
        giveBack([worker]);
        restIfIdle();
      }
    },
    threads: () => alive.size,
    close: async () => {
      await stopAll(new Error('The PDF text pool was closed'));
    },
  };

  async function readAcross(
    threads: Worker[],
    bytes: Uint8Array,
    onPages: Pending['pages'],
    maxPages: number,
    signal: AbortSignal | undefined,
  ): Promise<PooledDocument> {
    const shared = sharedCopy(bytes);
    const claims = new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT);
    // The document's threads are its own: ending them stops its reading at once and touches no other document.
    const stop = () => {
      for (const worker of threads) void retire(worker, signal?.reason);
    };
    signal?.addEventListener('abort', stop, { once: true });
    try {
      const outcomes = await Promise.allSettled(
        threads.map((worker, index) =>
          ask(
            worker,
            { bytes: shared, claims, blockPages: BLOCK_PAGES, readsInfo: index === 0, maxPages },
            onPages,
          ).catch((error: unknown) => {
            // A thread that failed stops the others: they finish the block in hand and claim no more.
            Atomics.store(new Int32Array(claims), 0, NO_MORE_CLAIMS);
            throw error;
          }),
        ),
      );
      const failed = outcomes.find((outcome) => outcome.status === 'rejected');
      if (failed) throw failed.reason;
      const [first] = outcomes as PromiseFulfilledResult<Finished>[];
      return { pageCount: first?.value.pageCount ?? 0, info: first?.value.info ?? {} };
    } finally {
      signal?.removeEventListener('abort', stop);
    }
  }
}

/** One copy of the file, shared by every thread, instead of one per thread. */
function sharedCopy(bytes: Uint8Array): SharedArrayBuffer {
  const shared = new SharedArrayBuffer(bytes.byteLength);
  new Uint8Array(shared).set(bytes);
  return shared;
}
