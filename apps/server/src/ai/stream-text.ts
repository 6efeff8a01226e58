import { APICallError, type LanguageModelV3, type LanguageModelV3Prompt } from '@ai-sdk/provider';
import { retryWithExponentialBackoff } from '@ai-sdk/provider-utils';
import { AppError } from '../http/app-error';
import { retryAfterHeaderMs } from '../http/retry-after';
import type { ModelFetch } from './model-fetch';

export type AiMessage = { role: 'user' | 'assistant'; content: string };

export type StreamTextOptions = {
  /** Instructions: what the model is and the rules it follows. */
  system?: string;
  /** Aborting it (the client went away) cancels the provider call. */
  signal?: AbortSignal;
  maxOutputTokens?: number;
  temperature?: number;
} & ({ prompt: string; messages?: never } | { messages: AiMessage[]; prompt?: never });

/** Where a stream's failures are logged: pino's logger, or the model thread's hand-over to it. */
export type StreamLogger = {
  warn: (fields: Record<string, unknown>, message: string) => void;
  error: (fields: Record<string, unknown>, message: string) => void;
};

export type StreamSettings = {
  timeoutMs: number;
  maxRetries: number;
  provider: string;
  model: string;
};

/** The SDK's first wait before retrying a call, doubled for each further try. */
const RETRY_FIRST_DELAY_MS = 2_000;
/** A provider's Retry-After is followed when shorter than this; longer, the backoff's own wait applies. */
const RETRY_AFTER_LIMIT_MS = 60_000;

/**
 * The model's text, piece by piece. One timer bounds the whole call, retries included. A 429 or 5xx is
 * retried with exponential backoff, honouring Retry-After. Every failure becomes a catalogue error whose
 * cause is logged here and never reaches the user.
 *
 * The provider's stream is read directly (the model's `doStream`, the interface every AI SDK provider
 * implements) rather than through the SDK's `streamText`: its layers of web streams for steps, tools and
 * callbacks, none of which a writing tool uses, cost several times the provider's own parsing per answer.
 */
export async function* streamModelText(
  model: LanguageModelV3,
  options: StreamTextOptions,
  settings: StreamSettings,
  logger: StreamLogger,
  /** The provider's fetch, told when the call's first text has come (it then reads the rest in paced steps). */
  transport?: Pick<ModelFetch, 'pace'>,
): AsyncGenerator<string> {
  const { signal: clientSignal, system, maxOutputTokens, temperature } = options;
  const timeout = new AbortController();
  // Aborted when the caller stops reading early, so the provider's connection does not linger.
  const finished = new AbortController();
  const timer = setTimeout(() => timeout.abort(new Error('model call timed out')), settings.timeoutMs);
  const abortSignal = AbortSignal.any([timeout.signal, finished.signal, ...(clientSignal ? [clientSignal] : [])]);
  const context = { provider: settings.provider, model: settings.model };
  try {
    const retrying = retryWithExponentialBackoff({
      maxRetries: settings.maxRetries,
      initialDelayInMs: RETRY_FIRST_DELAY_MS,
      abortSignal,
      shouldRetry: async (error) => APICallError.isInstance(error) && error.isRetryable,
      getDelayInMs: ({ error, exponentialBackoffDelay }) => retryDelayMs(error, exponentialBackoffDelay),
    });
    const { stream } = await retrying(() =>
      model.doStream({ prompt: modelPrompt(system, options), maxOutputTokens, temperature, abortSignal }),
    );
    const reader = stream.getReader();
    let paced = false;
    try {
      for (;;) {
        const { done, value: part } = await reader.read();
        if (done) break;
        if (part.type === 'text-delta') {
          if (!paced) transport?.pace(abortSignal);
          paced = true;
          yield part.delta;
        } else if (part.type === 'error') throw part.error;
      }
    } finally {
      reader.releaseLock();
    }
    if (abortSignal.aborted) throw new Error('model call aborted');
  } catch (error) {
    if (clientSignal?.aborted) throw clientSignal.reason;
    if (timeout.signal.aborted) {
      logger.warn({ ...context, timeoutMs: settings.timeoutMs }, 'language model call timed out');
      throw new AppError('model_timeout', { cause: error });
    }
    logger.error({ ...context, err: error }, 'language model call failed');
    throw new AppError('model_failed', { cause: error });
  } finally {
    clearTimeout(timer);
    finished.abort();
  }
}

/** The prompt in the providers' own form: the instructions, then the prompt or the conversation. */
function modelPrompt(system: string | undefined, options: StreamTextOptions): LanguageModelV3Prompt {
  const messages = options.messages ?? [{ role: 'user' as const, content: options.prompt ?? '' }];
  return [
    ...(system ? [{ role: 'system' as const, content: system }] : []),
    ...messages.map(({ role, content }) => ({ role, content: [{ type: 'text' as const, text: content }] })),
  ];
}

/**
 * How long to wait before the next try: the provider's Retry-After (`retry-after-ms`, or `retry-after` in
 * seconds or as a date) when it asks for less than a minute, else the exponential backoff. The SDK's
 * `streamText` waits the same way.
 */
function retryDelayMs(error: unknown, exponentialBackoffDelay: number): number {
  const headers = APICallError.isInstance(error) ? error.responseHeaders : undefined;
  const askedMs = Number.parseFloat(headers?.['retry-after-ms'] ?? '');
  const ms = Number.isNaN(askedMs) ? retryAfterHeaderMs(headers?.['retry-after']) : askedMs;
  if (ms === null || ms < 0) return exponentialBackoffDelay;
  return ms < RETRY_AFTER_LIMIT_MS || ms < exponentialBackoffDelay ? ms : exponentialBackoffDelay;
}
