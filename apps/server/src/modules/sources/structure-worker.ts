// Reads a document's structure from its page layouts in a thread of its own (see structure-thread.ts): for a long
// book that takes a second or more of CPU, which the thread serving requests must not spend. From the sources the
// thread runs this file through tsx; from dist, build.mjs bundles it as dist/structure-worker.js.
import { parentPort } from 'node:worker_threads';
import { yieldToServingThread } from '../../lifecycle/thread-priority';
import type { LayoutPage } from './pdf-layout/layout.types';
import { readStructure } from './pdf-structure/structure';

yieldToServingThread();

parentPort?.on('message', (layouts: LayoutPage[]) => {
  try {
    parentPort?.postMessage({ structure: readStructure(layouts) });
  } catch (error) {
    parentPort?.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
});
