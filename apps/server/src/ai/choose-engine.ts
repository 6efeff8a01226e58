import { type Config, ConfigError } from '../config';

type AiConfig = Config['ai'];

/** Which engine writes, and how to reach it; decided once at start-up. */
export type EngineChoice =
  | { provider: 'builtin' }
  | {
      provider: 'openai-compatible';
      /** Who is behind the protocol, for logs and the provider's name in the SDK. */
      vendor: 'openai' | 'ollama' | 'openai-compatible';
      baseUrl: string;
      apiKey: string | null;
      model: string;
    }
  | { provider: 'anthropic'; baseUrl: string | null; apiKey: string; model: string };

export const OPENAI_BASE_URL = 'https://api.openai.com/v1';
export const DEFAULT_MODELS = { openai: 'gpt-4o-mini', anthropic: 'claude-sonnet-4-5' } as const;

/** Ollama either answers at once or is not there; start-up must not wait on an address nobody serves. */
export const OLLAMA_PROBE_TIMEOUT_MS = 400;

/**
 * The engine AI_PROVIDER asks for. `auto` takes the first that is configured: an OpenAI-compatible server
 * (AI_BASE_URL or OPENAI_API_KEY), Anthropic (ANTHROPIC_API_KEY), a local Ollama server that answers with
 * at least one model, else the built-in engine. An explicit provider without what it needs stops start-up.
 */
export async function chooseEngine(ai: AiConfig): Promise<EngineChoice> {
  switch (ai.provider) {
    case 'builtin':
      return { provider: 'builtin' };
    case 'openai-compatible': {
      const choice = openAiCompatible(ai);
      if (!choice)
        throw new ConfigError('AI_PROVIDER=openai-compatible needs AI_BASE_URL (or OPENAI_API_KEY for OpenAI)');
      return choice;
    }
    case 'anthropic': {
      const choice = anthropic(ai, ai.anthropicApiKey ?? ai.apiKey);
      if (!choice) throw new ConfigError('AI_PROVIDER=anthropic needs ANTHROPIC_API_KEY (or AI_API_KEY)');
      // Named explicitly, AI_BASE_URL is a proxy in front of Anthropic's API.
      return { ...choice, baseUrl: ai.baseUrl };
    }
    case 'auto':
      return openAiCompatible(ai) ?? anthropic(ai, ai.anthropicApiKey) ?? (await ollama(ai)) ?? { provider: 'builtin' };
  }
}

function openAiCompatible(ai: AiConfig): EngineChoice | null {
  if (!ai.baseUrl && !ai.openaiApiKey) return null;
  return {
    provider: 'openai-compatible',
    vendor: ai.baseUrl ? 'openai-compatible' : 'openai',
    baseUrl: ai.baseUrl ?? OPENAI_BASE_URL,
    apiKey: ai.apiKey ?? ai.openaiApiKey,
    model: ai.model ?? DEFAULT_MODELS.openai,
  };
}

function anthropic(ai: AiConfig, apiKey: string | null): Extract<EngineChoice, { provider: 'anthropic' }> | null {
  if (!apiKey) return null;
  return { provider: 'anthropic', baseUrl: null, apiKey, model: ai.model ?? DEFAULT_MODELS.anthropic };
}

/** A local Ollama server serves the OpenAI protocol at `/v1`; AI_MODEL or the first model it lists is used. */
async function ollama(ai: AiConfig): Promise<EngineChoice | null> {
  if (!ai.ollamaUrl) return null;
  const models = await listOllamaModels(ai.ollamaUrl);
  const model = models && (ai.model ?? models[0]);
  if (!model) return null;
  return { provider: 'openai-compatible', vendor: 'ollama', baseUrl: `${ai.ollamaUrl}/v1`, apiKey: ai.apiKey, model };
}

/** The model names an Ollama server lists (`GET /api/tags`), or null when nothing answers like Ollama. */
export async function listOllamaModels(url: string): Promise<string[] | null> {
  try {
    const response = await fetch(`${url}/api/tags`, { signal: AbortSignal.timeout(OLLAMA_PROBE_TIMEOUT_MS) });
    if (!response.ok) return null;
    const body = (await response.json()) as { models?: { name?: unknown }[] };
    if (!Array.isArray(body.models)) return null;
    return body.models.map((entry) => entry.name).filter((name): name is string => typeof name === 'string');
  } catch {
    return null;
  }
}
