import type { DetectorSignal } from '@quire/contracts';
import type { OpenAiCompatibleEndpoint } from '../../ai/gateway';
import { type EngineScores, noteFor, round, weighted } from './builtin-engine';
import type { SentenceSpan } from './detector-text';
import { promptLogprobs, type TokenLogprob } from './prompt-logprobs';
import { lengthVariation, mean, ramp } from './signals';

/**
 * Perplexity where hand-written prose usually sits for a mid-sized open model (→ 0) and where generated prose
 * does (→ 1), compared on a log scale: a model finds its own kind of text unsurprising. The variation of the
 * sentences' perplexities (what GPTZero calls burstiness) adds that people surprise unevenly.
 */
export const MODEL_SIGNALS = {
  perplexity: { human: 40, machine: 6, weight: 0.75 },
  perplexity_variation: { human: 0.6, machine: 0.2, weight: 0.25 },
} as const;

/** Sentences go to the model in chunks of about this many words, well inside any model's context window. */
const CHUNK_WORDS = 600;
/** Chunks scored at the same time; more would only queue at the model server. */
const PARALLEL_CHUNKS = 3;

/** The model engine: each sentence's perplexity from the model's log-probabilities of its tokens. */
export async function scoreWithModel(
  text: string,
  spans: readonly SentenceSpan[],
  endpoint: OpenAiCompatibleEndpoint,
  model: string,
  signal: AbortSignal,
): Promise<EngineScores> {
  const tokens = await scoreChunks(text, chunksOf(spans), endpoint, model, signal);
  const sentenceLogprobs = tokensBySentence(spans, tokens);
  const overallPerplexity = perplexity(tokens);
  const perplexities = sentenceLogprobs.map((own) => (own.length > 0 ? perplexity(own) : overallPerplexity));
  const signals = [
    modelSignal('perplexity', overallPerplexity, perplexityScore(overallPerplexity)),
    modelSignal(
      'perplexity_variation',
      lengthVariation(perplexities),
      ramp(
        lengthVariation(perplexities),
        MODEL_SIGNALS.perplexity_variation.human,
        MODEL_SIGNALS.perplexity_variation.machine,
      ),
    ),
  ];
  const variationScore = signals[1]?.score ?? 0;
  return {
    overall: round(weighted(signals.map((entry) => [entry.score, entry.weight] as const))),
    signals,
    sentences: spans.map((span, index) => ({
      offset: span.offset,
      length: span.length,
      score: round(
        weighted([
          [perplexityScore(perplexities[index] ?? overallPerplexity), MODEL_SIGNALS.perplexity.weight],
          [variationScore, MODEL_SIGNALS.perplexity_variation.weight],
        ]),
      ),
    })),
  };
}

/** The tokens that start inside each sentence; both lists are in text order, so one pass sorts them out. */
function tokensBySentence(spans: readonly SentenceSpan[], tokens: readonly TokenLogprob[]): TokenLogprob[][] {
  let next = 0;
  return spans.map((span) => {
    const own: TokenLogprob[] = [];
    while (next < tokens.length && (tokens[next] as TokenLogprob).offset < span.offset + span.length) {
      const token = tokens[next] as TokenLogprob;
      if (token.offset >= span.offset) own.push(token);
      next += 1;
    }
    return own;
  });
}

/** exp of the mean negative log-probability per token. */
export function perplexity(tokens: readonly TokenLogprob[]): number {
  return Math.exp(-mean(tokens.map((token) => token.logprob)));
}

function perplexityScore(value: number): number {
  return ramp(Math.log(value), Math.log(MODEL_SIGNALS.perplexity.human), Math.log(MODEL_SIGNALS.perplexity.machine));
}

function modelSignal(name: keyof typeof MODEL_SIGNALS, value: number, score: number): DetectorSignal {
  return { name, value: round(value), score: round(score), weight: MODEL_SIGNALS[name].weight, note: noteFor(score) };
}

function chunksOf(spans: readonly SentenceSpan[]): SentenceSpan[][] {
  const chunks: SentenceSpan[][] = [];
  let current: SentenceSpan[] = [];
  let words = 0;
  for (const span of spans) {
    if (current.length > 0 && words + span.words.length > CHUNK_WORDS) {
      chunks.push(current);
      current = [];
      words = 0;
    }
    current.push(span);
    words += span.words.length;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

/** Every chunk's tokens, with offsets into the whole text. */
async function scoreChunks(
  text: string,
  chunks: readonly SentenceSpan[][],
  endpoint: OpenAiCompatibleEndpoint,
  model: string,
  signal: AbortSignal,
): Promise<TokenLogprob[]> {
  const scored: TokenLogprob[][] = new Array(chunks.length);
  let next = 0;
  const worker = async () => {
    while (next < chunks.length) {
      const index = next;
      next += 1;
      const chunk = chunks[index] as SentenceSpan[];
      const start = (chunk[0] as SentenceSpan).offset;
      const last = chunk[chunk.length - 1] as SentenceSpan;
      const tokens = await promptLogprobs(endpoint, model, text.slice(start, last.offset + last.length), signal);
      scored[index] = tokens.map((token) => ({ ...token, offset: token.offset + start }));
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_CHUNKS, chunks.length) }, worker));
  return scored.flat();
}
