import type { Logger } from 'pino';
import type { Config } from '../config';
import { chooseEngine } from './choose-engine';
import type { ModelChoice } from './language-model';
import { createModelThread } from './model-thread';
import type { StreamTextOptions } from './stream-text';

export type { StreamTextOptions } from './stream-text';

/** No language model: every tool answers with its own built-in engine. */
export type BuiltinGateway = { engine: 'builtin'; provider: 'builtin'; model: null };

/** A language model every tool writes with, through one call. */
export type ModelGateway = {
  engine: 'model';
  provider: 'openai-compatible' | 'anthropic';
  /** The model's name, as the provider knows it (shown to users beside what it wrote). */
  model: string;
  /**
   * The model's text as it is written. Fails with AppError `model_timeout` or `model_failed` (the cause
   * logged, never shown); when `signal` aborts, the provider call is cancelled and the iteration rejects
   * with the signal's reason.
   */
  streamText: (options: StreamTextOptions) => AsyncIterable<string>;
  /**
   * How to reach an OpenAI-compatible server without the SDK, for what it does not offer (the AI detector's
   * prompt log-probabilities from the legacy completions API); absent for Anthropic.
   */
  openAiCompatible?: OpenAiCompatibleEndpoint;
  /** Stops the thread that reads the model's streams. */
  close: () => Promise<void>;
};

export type OpenAiCompatibleEndpoint = { baseUrl: string; apiKey: string | null; timeoutMs: number };

export type AiGateway = BuiltinGateway | ModelGateway;

/** What the status answer says about the engine: which one writes, nothing about how it is reached. */
export type AiEngineInfo = Pick<AiGateway, 'engine' | 'provider' | 'model'>;

/** Chooses the engine once (AI_PROVIDER, see choose-engine) and logs the choice. */
export async function createAiGateway(ai: Config['ai'], logger: Logger): Promise<AiGateway> {
  const choice = await chooseEngine(ai);
  if (choice.provider === 'builtin') {
    logger.info({ engine: 'builtin' }, "AI engine: Quire's built-in engine (no language model configured)");
    return { engine: 'builtin', provider: 'builtin', model: null };
  }
  const settings = {
    timeoutMs: ai.timeoutMs,
    maxRetries: ai.maxRetries,
    provider: choice.provider,
    model: choice.model,
  };
  logger.info(
    { engine: 'model', provider: choice.provider, model: choice.model, endpoint: endpointOf(choice) },
    `AI engine: ${choice.model} via ${choice.provider === 'anthropic' ? 'Anthropic' : endpointOf(choice)}`,
  );
  const thread = createModelThread({ choice, settings }, logger);
  return {
    engine: 'model',
    provider: choice.provider,
    model: choice.model,
    streamText: thread.streamText,
    close: thread.close,
    ...(choice.provider === 'openai-compatible'
      ? { openAiCompatible: { baseUrl: choice.baseUrl, apiKey: choice.apiKey, timeoutMs: ai.timeoutMs } }
      : {}),
  };
}

export function describeEngine(ai: AiGateway): AiEngineInfo {
  return { engine: ai.engine, provider: ai.provider, model: ai.model } as AiEngineInfo;
}

/** Where the model is reached, without any credentials a URL might carry. */
function endpointOf(choice: ModelChoice): string {
  if (!choice.baseUrl) return 'https://api.anthropic.com';
  const url = new URL(choice.baseUrl);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}
