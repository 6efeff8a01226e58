import type { LocaleCode, ProofreadingRewrite } from '@quire/contracts';
import type { AiGateway } from '../../../ai/gateway';
import { AppError } from '../../../http/app-error';
import { parseProposals, placeRewrites } from './rewrites.parse';
import { MAX_EXCERPT_WORDS, rewritesPrompt } from './rewrites.prompt';

const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;

/**
 * A language model's proposed rewrites (clarity, academic register) of the opening ~1,500 words of a text,
 * each placed where its sentence stands, reasons in the UI `locale`. Returned apart from the corrections and
 * never applied by the server. Nothing without a model. Fails with AppError `model_failed` or `model_timeout`
 * when the model fails or answers without any JSON; aborting `signal` cancels the call.
 */
export async function proposeRewrites({
  ai,
  text,
  language,
  locale,
  signal,
}: {
  ai: AiGateway;
  text: string;
  language: LocaleCode;
  locale: LocaleCode;
  signal?: AbortSignal;
}): Promise<ProofreadingRewrite[]> {
  if (ai.engine !== 'model') return [];
  const prompt = rewritesPrompt({ excerpt: openingExcerpt(text, MAX_EXCERPT_WORDS), language, locale });
  let answer = '';
  for await (const piece of ai.streamText({ ...prompt, temperature: 0.2, ...(signal ? { signal } : {}) })) {
    answer += piece;
  }
  const proposals = parseProposals(answer);
  if (proposals === null) {
    throw new AppError('model_failed', {
      cause: new Error(`the model answered without JSON: ${answer.slice(0, 200)}`),
    });
  }
  return placeRewrites(text, proposals);
}

/**
 * The text up to its `maxWords`-th word, cut back to the end of the last whole paragraph (or, when the
 * first paragraph is already longer, the last whole sentence), so the model never reads half a sentence.
 */
export function openingExcerpt(text: string, maxWords: number): string {
  let count = 0;
  let limit = text.length;
  for (const match of text.matchAll(WORD)) {
    if (++count > maxWords) {
      limit = match.index;
      break;
    }
  }
  if (limit === text.length) return text;
  const head = text.slice(0, limit);
  const lastBreak = [...head.matchAll(/\n\s*\n/g)].at(-1);
  if (lastBreak && lastBreak.index > 0) return head.slice(0, lastBreak.index);
  const lastSentence = [...head.matchAll(/[.!?…]["'’”»)]*(?=\s)/g)].at(-1);
  return lastSentence ? head.slice(0, lastSentence.index + lastSentence[0].length) : head.trimEnd();
}
