import type { OpenAiCompatibleEndpoint } from '../../ai/gateway';

/** One token of the text with the model's log-probability of it given the tokens before. */
export type TokenLogprob = { offset: number; length: number; logprob: number };

/** The provider cannot return log-probabilities of given text (no legacy completions, no echo). */
export class LogprobsUnsupportedError extends Error {
  override name = 'LogprobsUnsupportedError';
}

/** Statuses with which servers refuse the legacy completions API or its `echo`: not there, not allowed. */
const UNSUPPORTED_STATUSES = new Set([400, 404, 405, 422, 501]);

type CompletionsAnswer = {
  choices?: {
    logprobs?: {
      tokens?: unknown;
      token_logprobs?: unknown;
      text_offset?: unknown;
    } | null;
  }[];
};

/**
 * The model's log-probability of every token of `text`, from the OpenAI-compatible legacy completions API with
 * `echo` (vLLM and OpenAI's own completion models answer it; chat completions cannot score given text). One token
 * is generated because some servers refuse `max_tokens: 0`; it lies past the text and is dropped. The first
 * token has no log-probability (nothing comes before it) and is left out. Throws LogprobsUnsupportedError when
 * the server does not offer this, any other error when it fails.
 */
export async function promptLogprobs(
  endpoint: OpenAiCompatibleEndpoint,
  model: string,
  text: string,
  signal: AbortSignal,
): Promise<TokenLogprob[]> {
  const response = await fetch(`${endpoint.baseUrl.replace(/\/+$/, '')}/completions`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(endpoint.apiKey ? { authorization: `Bearer ${endpoint.apiKey}` } : {}),
    },
    body: JSON.stringify({ model, prompt: text, echo: true, logprobs: 1, max_tokens: 1, temperature: 0 }),
    signal: AbortSignal.any([signal, AbortSignal.timeout(endpoint.timeoutMs)]),
  });
  if (UNSUPPORTED_STATUSES.has(response.status)) {
    throw new LogprobsUnsupportedError(`legacy completions answered ${response.status}`);
  }
  if (!response.ok) throw new Error(`legacy completions answered ${response.status}`);
  return tokensOf((await response.json()) as CompletionsAnswer, text);
}

function tokensOf(answer: CompletionsAnswer, text: string): TokenLogprob[] {
  const logprobs = answer.choices?.[0]?.logprobs;
  const tokens = logprobs?.tokens;
  const values = logprobs?.token_logprobs;
  if (!Array.isArray(tokens) || !Array.isArray(values) || tokens.length !== values.length) {
    throw new LogprobsUnsupportedError('the answer has no token log-probabilities');
  }
  const offsets = Array.isArray(logprobs?.text_offset) ? (logprobs.text_offset as unknown[]) : null;
  const scored: TokenLogprob[] = [];
  let covered = 0;
  let cursor = 0;
  tokens.forEach((token, index) => {
    const length = typeof token === 'string' ? token.length : 0;
    const given = offsets?.[index];
    const offset = typeof given === 'number' ? given : cursor;
    cursor = offset + length;
    if (offset >= text.length) return;
    covered = Math.min(text.length, cursor);
    const value = values[index];
    if (typeof value === 'number' && Number.isFinite(value)) scored.push({ offset, length, logprob: value });
  });
  // A server that ignores `echo` scores only what it generated: too little of the text to say anything.
  if (covered < text.length * 0.9 || scored.length === 0) {
    throw new LogprobsUnsupportedError('the answer does not score the text itself');
  }
  return scored;
}
