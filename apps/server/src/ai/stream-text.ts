import { type LanguageModel, streamText } from 'ai';
import type { Logger } from 'pino';
import { AppError } from '../http/app-error';

export type AiMessage = { role: 'user' | 'assistant'; content: string };

export type StreamTextOptions = {
  /** Instructions: what the model is and the rules it follows. */
  system?: string;
  /** Aborting it (the client went away) cancels the provider call. */
  signal?: AbortSignal;
  maxOutputTokens?: number;
  temperature?: number;
} & ({ prompt: string; messages?: never } | { messages: AiMessage[]; prompt?: never });

export type StreamSettings = {
  timeoutMs: number;
  maxRetries: number;
  provider: string;
  model: string;
};

/**
 * The model's text, piece by piece. One timer bounds the whole call, retries included. The SDK retries a
 * 429 or 5xx with exponential backoff, honouring Retry-After. Every failure becomes a catalogue error
 * whose cause is logged here and never reaches the user.
 */
export async function* streamModelText(
  model: LanguageModel,
  options: StreamTextOptions,
  settings: StreamSettings,
  logger: Logger,
): AsyncGenerator<string> {
  const { signal: clientSignal, ...request } = options;
  const timeout = new AbortController();
  // Aborted when the caller stops reading early, so the provider's connection does not linger.
  const finished = new AbortController();
  const timer = setTimeout(() => timeout.abort(new Error('model call timed out')), settings.timeoutMs);
  const signals = [timeout.signal, finished.signal, ...(clientSignal ? [clientSignal] : [])];
  const context = { provider: settings.provider, model: settings.model };
  try {
    const result = streamText({
      model,
      ...request,
      abortSignal: AbortSignal.any(signals),
      maxRetries: settings.maxRetries,
      // Failures arrive as `error` parts below and are logged there, once.
      onError: () => {},
    });
    for await (const part of result.fullStream) {
      if (part.type === 'text-delta') yield part.text;
      else if (part.type === 'error') throw part.error;
      else if (part.type === 'abort') throw new Error('model call aborted');
    }
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
