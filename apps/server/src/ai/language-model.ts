import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModelV3 } from '@ai-sdk/provider';
import type { EngineChoice } from './choose-engine';

/** A language model chosen by `chooseEngine`. */
export type ModelChoice = Exclude<EngineChoice, { provider: 'builtin' }>;

/**
 * The AI SDK's model for the choice: its Anthropic provider, or its OpenAI-compatible one for everything else.
 * `fetch`, when given, makes the provider's HTTP calls instead of the global one.
 */
export function languageModel(choice: ModelChoice, fetch?: typeof globalThis.fetch): LanguageModelV3 {
  const transport = fetch ? { fetch } : {};
  if (choice.provider === 'anthropic') {
    return createAnthropic({
      apiKey: choice.apiKey,
      ...(choice.baseUrl ? { baseURL: choice.baseUrl } : {}),
      ...transport,
    })(choice.model);
  }
  return createOpenAICompatible({
    name: choice.vendor,
    baseURL: choice.baseUrl,
    ...(choice.apiKey ? { apiKey: choice.apiKey } : {}),
    ...transport,
  })(choice.model);
}
