import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Worker as NodeWorker } from 'node:worker_threads';
import type { Logger } from 'pino';
import { createWorker, type Worker } from 'tesseract.js';
import { threadScript } from '../../lifecycle/thread-script';
import { encodePgm, type GrayImage } from './ocr-image';

/** Tesseract's model for each of our languages; its data ships in the `@tesseract.js-data/*` packages. */
const TESSERACT_LANGUAGES = { en: 'eng', de: 'deu', fr: 'fra', es: 'spa', it: 'ita', nl: 'nld' } as const;
export type OcrLanguage = (typeof TESSERACT_LANGUAGES)[keyof typeof TESSERACT_LANGUAGES];

/** The model for a detected language (ISO 639-1); English for any other language, or none. */
export function ocrLanguageFor(language: string | null): OcrLanguage {
  return TESSERACT_LANGUAGES[language as keyof typeof TESSERACT_LANGUAGES] ?? 'eng';
}

export type OcrResult = { text: string; confidence: number };

export type OcrEngine = {
  /** The text Tesseract reads in one image, one recognition at a time per engine. */
  recognize: (image: GrayImage, language: OcrLanguage) => Promise<OcrResult>;
  /** Stops every worker; recognitions still waiting fail with an error `isOcrClosed` knows. */
  close: () => Promise<void>;
};

/**
 * A worker holds a language's model (tens of MB) in its own WebAssembly heap: a few languages stay
 * loaded for the next document, the least recently used is let go beyond that.
 */
const WARM_WORKERS = 2;
/** A page takes seconds; one that takes this long has hung the worker, which is then replaced. */
const RECOGNITION_TIMEOUT_MS = 120_000;

const resolvePackage = createRequire(import.meta.url).resolve;

/** Our thread script, which runs tesseract.js's own at a lower priority. */
const WORKER_PATH = fileURLToPath(threadScript('ocr-worker', import.meta.url));

/** Where a language's integer-quantised "best" model lies in its data package; never fetched from a CDN. */
function modelFolder(language: OcrLanguage): string {
  return join(dirname(resolvePackage(`@tesseract.js-data/${language}/package.json`)), '4.0.0_best_int');
}

/** A started worker and a promise that rejects when its thread dies. */
type WarmWorker = { worker: Worker; died: Promise<never> };

/**
 * Creates workers lazily, one per language, and reuses them across jobs. A failed or hung
 * recognition costs its worker (the next one starts fresh), never the process.
 */
export function createOcrEngine({
  logger,
  timeoutMs = RECOGNITION_TIMEOUT_MS,
}: {
  logger: Logger;
  timeoutMs?: number;
}): OcrEngine {
  const workers = new Map<OcrLanguage, Promise<WarmWorker>>();
  let queue: Promise<unknown> = Promise.resolve();
  let closed = false;
  let abort: (error: Error) => void = () => {};
  const aborted = new Promise<never>((_, reject) => {
    abort = reject;
  });
  aborted.catch(() => undefined);

  const release = (language: OcrLanguage) => {
    const warm = workers.get(language);
    workers.delete(language);
    warm?.then(({ worker }) => worker.terminate()).catch(() => undefined);
  };

  const workerFor = (language: OcrLanguage): Promise<WarmWorker> => {
    const warm = workers.get(language) ?? startWorker(language, logger, timeoutMs);
    // Map order is the order of use: the first entries are the least recently used.
    workers.delete(language);
    workers.set(language, warm);
    for (const stale of [...workers.keys()].slice(0, Math.max(0, workers.size - WARM_WORKERS))) release(stale);
    return warm;
  };

  const run = async (image: GrayImage, language: OcrLanguage): Promise<OcrResult> => {
    if (closed) throw ocrClosedError();
    const timeout = rejectAfter(timeoutMs, `OCR took longer than ${timeoutMs} ms`);
    try {
      const { worker, died } = await Promise.race([workerFor(language), timeout.promise, aborted]);
      const { data } = await Promise.race([worker.recognize(encodePgm(image)), died, timeout.promise, aborted]);
      return { text: data.text, confidence: data.confidence };
    } catch (error) {
      if (!closed) release(language);
      throw error;
    } finally {
      timeout.cancel();
    }
  };

  return {
    recognize: (image, language) => {
      const result = queue.then(() => run(image, language));
      queue = result.catch(() => undefined);
      return result;
    },
    close: async () => {
      if (closed) return;
      closed = true;
      abort(ocrClosedError());
      const stopping = [...workers.values()].map((warm) => warm.then(({ worker }) => worker.terminate()));
      workers.clear();
      await Promise.allSettled(stopping);
    },
  };
}

async function startWorker(language: OcrLanguage, logger: Logger, timeoutMs: number): Promise<WarmWorker> {
  const starting = createWorker(language, undefined, {
    workerPath: WORKER_PATH,
    langPath: modelFolder(language),
    gzip: true,
    // Tesseract.js would otherwise copy each model into the current folder as a cache.
    cacheMethod: 'none',
    // Without a handler tesseract.js rethrows a failed job's error where nothing can catch it.
    errorHandler: (error: unknown) => logger.debug({ err: error, language }, 'tesseract job failed'),
  });
  // A model that does not load leaves tesseract.js waiting forever; a worker that starts late is stopped.
  const timeout = rejectAfter(timeoutMs, `The ${language} OCR worker did not start`);
  const worker = await Promise.race([starting, timeout.promise])
    .catch((error: unknown) => {
      starting.then((late) => late.terminate()).catch(() => undefined);
      throw error;
    })
    .finally(timeout.cancel);
  // An error in the worker thread is emitted on it; unheard, it would crash the process.
  const thread = (worker as unknown as { worker: NodeWorker }).worker;
  const died = new Promise<never>((_, reject) => {
    thread.on('error', (error) => {
      logger.warn({ err: error, language }, 'OCR worker thread failed');
      reject(error);
    });
    thread.on('exit', (code) => reject(new Error(`The OCR worker stopped (exit code ${code})`)));
  });
  died.catch(() => undefined);
  return { worker, died };
}

function rejectAfter(ms: number, message: string): { promise: Promise<never>; cancel: () => void } {
  let timer: NodeJS.Timeout | undefined;
  const promise = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  promise.catch(() => undefined);
  return { promise, cancel: () => clearTimeout(timer) };
}

const OCR_CLOSED = 'OcrEngineClosed';

function ocrClosedError(): Error {
  const error = new Error('The OCR engine was closed');
  error.name = OCR_CLOSED;
  return error;
}

/** True for the error of a recognition cut short because the server is shutting down. */
export function isOcrClosed(error: unknown): boolean {
  return error instanceof Error && error.name === OCR_CLOSED;
}
