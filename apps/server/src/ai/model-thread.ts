import { Worker } from 'node:worker_threads';
import type { ErrorCode } from '@quire/contracts';
import type { Logger } from 'pino';
import { AppError } from '../http/app-error';
import { threadScript } from '../lifecycle/thread-script';
import type { ModelChoice } from './language-model';
import type { StreamSettings, StreamTextOptions } from './stream-text';

/** What the thread is started with: the model and how to call it. */
export type ModelThreadSetup = { choice: ModelChoice; settings: StreamSettings };

/** A stream's options without its signal, which stays in the serving thread (each side of the union kept). */
type ThreadStreamOptions = StreamTextOptions extends infer Options
  ? Options extends unknown
    ? Omit<Options, 'signal'>
    : never
  : never;

/** From the serving thread: start a stream, or stop one whose reader went away. */
export type ModelThreadRequest =
  | { type: 'stream'; id: number; options: ThreadStreamOptions }
  | { type: 'cancel'; id: number };

/** From the model thread: a piece of text, the end, a failure (a catalogue code), or a log record. */
export type ModelThreadUpdate =
  | { type: 'text'; id: number; text: string }
  | { type: 'end'; id: number }
  | { type: 'fail'; id: number; code: ErrorCode }
  | { type: 'log'; level: 'warn' | 'error'; fields: Record<string, unknown>; message: string };

export type ModelThread = {
  /** The model's text as it is written, read in the model thread; the same contract as `streamModelText`. */
  streamText: (options: StreamTextOptions) => AsyncIterable<string>;
  close: () => Promise<void>;
};

/** A stream as the serving thread follows it: the text received and not yet read, joined. */
type Followed = { text: string; ended: boolean; failure: AppError | null; wake: () => void };

const WORKER_URL = threadScript('model-worker', import.meta.url);

/**
 * One thread that reads every model stream of the process, started on first use. A streamed answer relays
 * about a hundred pieces, and the AI SDK passes each through five web streams before it is text: most of a
 * stream's CPU, which would otherwise be the serving thread's. Here the serving thread only receives each piece
 * and writes it on. The thread does not keep the process alive while no stream runs; if it dies, its streams
 * fail with `model_failed` and the next stream starts a new one.
 */
export function createModelThread(setup: ModelThreadSetup, logger: Logger): ModelThread {
  let worker: Worker | null = null;
  const followed = new Map<number, Followed>();
  let nextId = 0;

  const onUpdate = (update: ModelThreadUpdate) => {
    if (update.type === 'log') {
      logger[update.level](update.fields, update.message);
      return;
    }
    const stream = followed.get(update.id);
    if (!stream) return;
    if (update.type === 'text') stream.text += update.text;
    else if (update.type === 'end') stream.ended = true;
    else stream.failure = new AppError(update.code);
    stream.wake();
  };
  const start = (): Worker => {
    if (worker) return worker;
    const started = new Worker(WORKER_URL, { workerData: setup });
    started.unref();
    started.on('message', onUpdate);
    const fail = (error: unknown) => {
      if (worker === started) worker = null;
      for (const stream of followed.values()) {
        stream.failure ??= new AppError('model_failed', { cause: error });
        stream.wake();
      }
    };
    started.on('error', (error) => {
      logger.error({ err: error }, 'the model thread failed');
      fail(error);
    });
    started.on('exit', (code) => fail(new Error(`the model thread exited with code ${code}`)));
    worker = started;
    return started;
  };

  async function* streamText({ signal, ...options }: StreamTextOptions): AsyncGenerator<string> {
    signal?.throwIfAborted();
    const id = nextId++;
    const thread = start();
    const stream: Followed = { text: '', ended: false, failure: null, wake: () => {} };
    followed.set(id, stream);
    // Referenced while a stream runs, so a stream alone keeps the process alive, as an HTTP call would.
    thread.ref();
    const onAbort = () => stream.wake();
    signal?.addEventListener('abort', onAbort, { once: true });
    thread.postMessage({ type: 'stream', id, options } satisfies ModelThreadRequest);
    try {
      for (;;) {
        // A caller that went away gets nothing more, not even text already here.
        if (signal?.aborted) throw signal.reason;
        // Whatever came while the reader was busy is read as one piece.
        const { text } = stream;
        if (text !== '') {
          stream.text = '';
          yield text;
          continue;
        }
        if (stream.failure) throw stream.failure;
        if (stream.ended) return;
        await new Promise<void>((resolve) => {
          stream.wake = resolve;
        });
      }
    } finally {
      signal?.removeEventListener('abort', onAbort);
      followed.delete(id);
      if (!stream.ended && !stream.failure) thread.postMessage({ type: 'cancel', id } satisfies ModelThreadRequest);
      if (followed.size === 0) thread.unref();
    }
  }

  return {
    streamText,
    close: async () => {
      const running = worker;
      worker = null;
      await running?.terminate();
    },
  };
}
