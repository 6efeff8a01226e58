import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModelV3 } from '@ai-sdk/provider';
import type { EngineChoice } from './choose-engine';

/** A language model chosen by `chooseEngine`. */
export type ModelChoice = Exclude<EngineChoice, { provider: 'builtin' }>;

/** The AI SDK's model for the choice: its Anthropic provider, or its OpenAI-compatible one for everything else. */
export function languageModel(choice: ModelChoice): LanguageModelV3 {
  if (choice.provider === 'anthropic') {
    return createAnthropic({ apiKey: choice.apiKey, ...(choice.baseUrl ? { baseURL: choice.baseUrl } : {}) })(
      choice.model,
    );
  }
  return createOpenAICompatible({
    name: choice.vendor,
    baseURL: choice.baseUrl,
    ...(choice.apiKey ? { apiKey: choice.apiKey } : {}),
  })(choice.model);
}
