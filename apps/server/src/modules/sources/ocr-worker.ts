// The thread of an OCR worker: it lowers its own priority, then runs tesseract.js's own worker script, which
// answers the engine's messages. Recognising a page takes seconds of CPU, background work that should not
// hold up requests (see thread-priority.ts). From the sources the thread runs this file through tsx; from dist,
// build.mjs bundles it as dist/ocr-worker.js.
import { createRequire } from 'node:module';
import { yieldToServingThread } from '../../lifecycle/thread-priority';

yieldToServingThread();
createRequire(import.meta.url)('tesseract.js/src/worker-script/node/index.js');
