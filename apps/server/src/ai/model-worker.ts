// Reads the language model's streams in a thread of its own (see model-thread.ts): the AI SDK's chain of web
// streams costs more CPU per piece of text than anything else a streamed answer does, and here it does not
// hold up the thread that serves requests. From the sources the thread runs this file through tsx; from dist,
// build.mjs bundles it as dist/model-worker.js.
import { parentPort, workerData } from 'node:worker_threads';
import { pino } from 'pino';
import { AppError } from '../http/app-error';
import { languageModel } from './language-model';
import { modelFetch } from './model-fetch';
import type { ModelThreadRequest, ModelThreadSetup, ModelThreadUpdate } from './model-thread';
import { type StreamLogger, streamModelText } from './stream-text';
import { textBatches } from './text-batches';

const { choice, settings } = workerData as ModelThreadSetup;
const running = new Map<number, AbortController>();
const post = (update: ModelThreadUpdate) => parentPort?.postMessage(update);
/**
 * A stream's text goes to the serving thread at most this often (text-batches.ts), and after its first text
 * the provider's bytes are read no more often (model-fetch.ts). 20 updates a second still read as fluent
 * writing; a model that sends a piece every 20 ms then costs 20 events a second instead of 50, here and there.
 */
const TEXT_INTERVAL_MS = 50;
const transport = modelFetch({ intervalMs: TEXT_INTERVAL_MS });
const model = languageModel(choice, transport.fetch);

/** Log records go to the serving thread's logger; errors as pino writes them, since an Error loses its fields on the way. */
const logger: StreamLogger = {
  warn: (fields, message) => post({ type: 'log', level: 'warn', fields: loggable(fields), message }),
  error: (fields, message) => post({ type: 'log', level: 'error', fields: loggable(fields), message }),
};

function loggable(fields: Record<string, unknown>): Record<string, unknown> {
  return 'err' in fields ? { ...fields, err: pino.stdSerializers.err(fields.err as Error) } : fields;
}

async function stream({ id, options }: Extract<ModelThreadRequest, { type: 'stream' }>) {
  const cancel = new AbortController();
  running.set(id, cancel);
  const texts = textBatches((text) => post({ type: 'text', id, text }), { intervalMs: TEXT_INTERVAL_MS });
  try {
    const signal = cancel.signal;
    for await (const text of streamModelText(model, { ...options, signal }, settings, logger, transport)) {
      texts.add(text);
    }
    texts.flush();
    post({ type: 'end', id });
  } catch (error) {
    // Cancelled: the serving thread stopped reading and expects nothing more.
    if (!cancel.signal.aborted) {
      texts.flush();
      post({ type: 'fail', id, code: error instanceof AppError ? error.code : 'model_failed' });
    }
  } finally {
    texts.drop();
    running.delete(id);
  }
}

parentPort?.on('message', (request: ModelThreadRequest) => {
  if (request.type === 'cancel') running.get(request.id)?.abort(new Error('the stream was cancelled'));
  else void stream(request);
});
