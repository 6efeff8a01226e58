import { Worker } from 'node:worker_threads';
import type { DocumentStructure } from '@quire/contracts';
import { threadScript } from '../../lifecycle/thread-script';
import type { LayoutPage } from './pdf-layout/layout.types';

const WORKER_URL = threadScript('structure-worker', import.meta.url);

type Reply = { structure: DocumentStructure } | { error: string };

/**
 * readStructure in a thread started for this document and ended with it, so a long book's second of CPU is not
 * spent on the thread that serves requests. `signal` ends the thread at once and rejects with its reason.
 */
export function readStructureInThread(layouts: LayoutPage[], signal?: AbortSignal): Promise<DocumentStructure> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_URL);
    const stop = () => {
      void worker.terminate();
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', stop, { once: true });
    const settle = (outcome: () => void) => {
      signal?.removeEventListener('abort', stop);
      void worker.terminate();
      outcome();
    };
    worker.once('message', (reply: Reply) =>
      settle(() => ('structure' in reply ? resolve(reply.structure) : reject(new Error(reply.error)))),
    );
    worker.once('error', (error) => settle(() => reject(error)));
    worker.postMessage(layouts);
  });
}
