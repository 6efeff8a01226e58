// The built-in proofreader in a worker thread (see proofreader-pool.ts): Hunspell, the rule files and harper.js
// run here, so a long text does not hold up the server's other requests. From the sources the thread runs this
// file through tsx; from dist, build.mjs bundles it as dist/proofreader-worker.js.
import { parentPort } from 'node:worker_threads';
import { createBuiltinProofreader } from './proofreader';
import type { PoolReply, PoolRequest } from './proofreader-pool';

const proofreader = createBuiltinProofreader();

async function answer(request: PoolRequest): Promise<PoolReply> {
  try {
    if (request.type === 'warm') {
      await proofreader.warm();
      return { id: request.id, result: { issues: [], variant: null } };
    }
    const { text, language, personalWords, variant } = request;
    return {
      id: request.id,
      result: await proofreader.check({ text, language, variant, personalWords: new Set(personalWords) }),
    };
  } catch (error) {
    const failure = error instanceof Error ? error : new Error(String(error));
    return { id: request.id, error: { name: failure.name, message: failure.message } };
  }
}

parentPort?.on('message', async (request: PoolRequest) => {
  parentPort?.postMessage(await answer(request));
});
