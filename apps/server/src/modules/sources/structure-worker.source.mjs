// Starts a structure-reading thread from the TypeScript sources (tests, the benchmark, `npm run dev`): the thread
// registers tsx's loader itself, since Node 20 does not apply a loader given in a worker's execArgv.
import { register } from 'tsx/esm/api';

register();
await import('./structure-worker.ts');
