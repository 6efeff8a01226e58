import { Worker } from 'node:worker_threads';
import type { DocumentStructure } from '@quire/contracts';
import { threadScript } from '../../lifecycle/thread-script';
import type { LayoutPage } from './pdf-layout/layout.types';

const WORKER_URL = threadScript('structure-worker', import.meta.url);

type Reply = { structure: DocumentStructure } | { error: string };

/** Threads that finished a document wait here for the next one: starting a thread costs more than reading a paper. */
const idle: Worker[] = [];
/** As many as documents are read side by side on an instance; more are ended when they finish. */
const MAX_IDLE = 3;

/** A thread for one document; it keeps the process alive while it reads. */
function takeThread(): Worker {
  const worker = idle.pop() ?? new Worker(WORKER_URL);
  worker.ref();
  return worker;
}

/** An idle thread does not keep the process alive. */
function giveBack(worker: Worker): void {
  worker.unref();
  if (idle.length < MAX_IDLE) idle.push(worker);
  else void worker.terminate();
}

/**
 * readStructure in a thread of its own, so a long book's second of CPU is not spent on the thread that serves
 * requests. `signal` ends the thread at once and rejects with its reason.
 */
export function readStructureInThread(layouts: LayoutPage[], signal?: AbortSignal): Promise<DocumentStructure> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  const worker = takeThread();
  return new Promise((resolve, reject) => {
    const cleanUp = () => {
      worker.off('message', onMessage);
      worker.off('error', onError);
      signal?.removeEventListener('abort', stop);
    };
    const onMessage = (reply: Reply) => {
      cleanUp();
      giveBack(worker);
      if ('structure' in reply) resolve(reply.structure);
      else reject(new Error(reply.error));
    };
    const onError = (error: Error) => {
      cleanUp();
      void worker.terminate();
      reject(error);
    };
    const stop = () => {
      cleanUp();
      void worker.terminate();
      reject(signal?.reason);
    };
    worker.on('message', onMessage);
    worker.on('error', onError);
    signal?.addEventListener('abort', stop, { once: true });
    worker.postMessage(layouts);
  });
}

/** Ends the threads waiting for a document (the server shuts down). */
export async function closeStructureThreads(): Promise<void> {
  await Promise.all(idle.splice(0).map((worker) => worker.terminate()));
}
