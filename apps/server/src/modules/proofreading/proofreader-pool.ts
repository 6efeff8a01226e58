import { Worker } from 'node:worker_threads';
import type { LocaleCode, ProofreadingVariant } from '@quire/contracts';
import { AppError } from '../../http/app-error';
import { threadScript } from '../../lifecycle/thread-script';
import type { Proofreader, ProofreaderResult } from './proofreader';

/**
 * The built-in proofreader in worker threads. Hunspell, the rules and harper.js are synchronous WebAssembly and
 * JavaScript: on the main thread a 5,000-word check would stall every other request for up to a second. Each
 * thread holds its own warm checkers (about 400 MB, most of it harper.js, the rest the twelve dictionaries).
 * Checks wait in one queue, first come first served, and go to the first idle thread. A thread that dies fails
 * only the check it was running and is replaced.
 */
export type ProofreaderPool = Proofreader & {
  /**
   * Starts every thread and loads all dictionaries and harper.js in each, so no user waits for them; a thread
   * that later dies is then replaced and warmed at once.
   */
  warm: () => Promise<void>;
  /** Ends the threads; queued and running checks fail. The pool starts again on its next check. */
  close: () => Promise<void>;
};

export type PoolRequest =
  | {
      id: number;
      type: 'check';
      text: string;
      language: LocaleCode;
      personalWords: string[];
      variant: ProofreadingVariant | null;
    }
  | { id: number; type: 'warm' };
export type PoolReply =
  | { id: number; result: ProofreaderResult }
  | { id: number; error: { name: string; message: string } };

export type ProofreaderPoolOptions = {
  size?: number;
  /** The thread's script; tests give one that can be made to crash. */
  entry?: URL;
  /** A check that runs longer is taken for a hung thread: the thread is ended and replaced. */
  checkTimeoutMs?: number;
};

type Waiting = { resolve: (result: ProofreaderResult) => void; reject: (error: Error) => void };
type Job = Waiting & { request: Omit<Extract<PoolRequest, { type: 'check' }>, 'id'> };
type Thread = {
  worker: Worker;
  job: Job | null;
  pending: Map<number, Waiting>;
  timer?: NodeJS.Timeout;
  /** Whether the thread ever answered: one that dies before is not restarted at once, or it would loop. */
  answered: boolean;
  /** Why it stopped, for the error its callers get. */
  cause: Error;
};

// One thread by default: each holds about 400 MB (harper.js most of it); PROOFREADING_THREADS adds more.
const DEFAULT_SIZE = 1;
// Long enough for a cold thread, which loads harper.js before its first English check, and many times what
// a warm check of the largest text allowed takes.
const DEFAULT_CHECK_TIMEOUT_MS = 120_000;
const DEFAULT_ENTRY = threadScript('proofreader-worker', import.meta.url);

export function createProofreaderPool({
  size = DEFAULT_SIZE,
  entry = DEFAULT_ENTRY,
  checkTimeoutMs = DEFAULT_CHECK_TIMEOUT_MS,
}: ProofreaderPoolOptions = {}): ProofreaderPool {
  let threads: Thread[] = [];
  const queue: Job[] = [];
  let warmed = false;
  let nextId = 0;

  const send = (thread: Thread, request: PoolRequest, waiting: Waiting) => {
    thread.pending.set(request.id, waiting);
    // Referenced only while it works, so an idle pool never holds the process open.
    thread.worker.ref();
    thread.worker.postMessage(request);
  };
  const warmThread = (thread: Thread) =>
    new Promise<ProofreaderResult>((resolve, reject) =>
      send(thread, { id: nextId++, type: 'warm' }, { resolve, reject }),
    );

  const settle = (thread: Thread, reply: PoolReply) => {
    thread.answered = true;
    const waiting = thread.pending.get(reply.id);
    if (!waiting) return;
    thread.pending.delete(reply.id);
    if (thread.pending.size === 0) thread.worker.unref();
    if (thread.job === waiting) finishJob(thread);
    if ('error' in reply) waiting.reject(Object.assign(new Error(reply.error.message), { name: reply.error.name }));
    else waiting.resolve(reply.result);
    dispatch();
  };
  const finishJob = (thread: Thread) => {
    clearTimeout(thread.timer);
    thread.job = null;
  };

  const onExit = (thread: Thread) => {
    if (!threads.includes(thread)) return;
    threads = threads.filter((other) => other !== thread);
    finishJob(thread);
    for (const waiting of thread.pending.values())
      waiting.reject(new AppError('generic_error', { cause: thread.cause }));
    thread.pending.clear();
    // A pool that was warmed keeps its full strength; otherwise the queue starts threads as it needs them.
    if (warmed && thread.answered) void warmThread(start()).catch(() => undefined);
    dispatch();
  };

  const start = (): Thread => {
    const worker = new Worker(entry);
    const thread: Thread = {
      worker,
      job: null,
      pending: new Map(),
      answered: false,
      cause: new Error('The proofreading thread stopped'),
    };
    worker.unref();
    worker.on('message', (reply: PoolReply) => settle(thread, reply));
    worker.on('error', (error) => {
      thread.cause = error;
    });
    worker.on('exit', () => onExit(thread));
    threads.push(thread);
    return thread;
  };

  const run = (thread: Thread, job: Job) => {
    thread.job = job;
    thread.timer = setTimeout(() => {
      thread.cause = new Error(`A proofreading check ran longer than ${checkTimeoutMs} ms`);
      void thread.worker.terminate();
    }, checkTimeoutMs);
    thread.timer.unref();
    send(thread, { id: nextId++, ...job.request }, job);
  };

  const dispatch = () => {
    while (queue.length > 0) {
      const thread = threads.find((candidate) => candidate.job === null) ?? (threads.length < size ? start() : null);
      const job = thread ? queue.shift() : undefined;
      if (!thread || !job) return;
      run(thread, job);
    }
  };

  return {
    check: ({ text, language, personalWords = new Set(), variant = null }) =>
      new Promise((resolve, reject) => {
        const request = { type: 'check' as const, text, language, personalWords: [...personalWords], variant };
        queue.push({ resolve, reject, request });
        dispatch();
      }),
    warm: async () => {
      warmed = true;
      while (threads.length < size) start();
      // One thread after the other: warming takes a core for about 15 s, and the server needs one meanwhile.
      for (const thread of [...threads]) await warmThread(thread);
    },
    close: async () => {
      const running = threads;
      threads = [];
      warmed = false;
      const closed = new AppError('generic_error', { cause: new Error('The proofreading pool was closed') });
      for (const job of queue.splice(0)) job.reject(closed);
      for (const thread of running) {
        finishJob(thread);
        for (const waiting of thread.pending.values()) waiting.reject(closed);
      }
      await Promise.all(running.map((thread) => thread.worker.terminate()));
    },
  };
}
