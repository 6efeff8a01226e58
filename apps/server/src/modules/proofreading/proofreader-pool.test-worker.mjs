// A proofreading thread for the pool's tests: it dies on the text "CRASH", as a thread does on a WebAssembly
// abort, and hangs on "HANG"; other requests are answered by the real thread script.
import { parentPort } from 'node:worker_threads';

await import('./proofreader-worker.source.mjs');
// Listening after the real script: it has only started the check (its answer comes after an await) when this
// listener throws or spins, so the thread never answers.
parentPort?.on('message', (request) => {
  if (request.text === 'CRASH') throw new Error('The test thread crashed on purpose');
  if (request.text === 'HANG') for (;;);
});
