import {
  countProofreadingWords,
  type DetectorInputs,
  type DetectorResult,
  detectorBand,
  isLocale,
  type LocaleCode,
} from '@quire/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { AiGateway } from '../../ai/gateway';
import { detectLanguage } from '../../text/language';
import { type EngineScores, scoreWithStatistics } from './builtin-engine';
import { type SentenceSpan, sentenceSpans } from './detector-text';
import { scoreWithModel } from './model-engine';
import { LogprobsUnsupportedError } from './prompt-logprobs';

export type DetectorDependencies = { ai: AiGateway; logger: FastifyBaseLogger };

/** Below this many words the result says its scores swing a lot (notice `short_text`). */
const SHORT_TEXT_WORDS = 150;

type Notices = DetectorResult['notices'];

/**
 * How likely each sentence of a text is to be machine-written: from the model's perplexity when a model that
 * returns log-probabilities of given text is connected, else (or when the model cannot or does not answer, said
 * in a notice) from the built-in statistical signals. Never fails for the model's sake.
 */
export async function detectAiText(
  { ai, logger }: DetectorDependencies,
  inputs: DetectorInputs,
  { locale, signal }: { locale: LocaleCode; signal: AbortSignal },
): Promise<DetectorResult> {
  const language = inputs.language ?? detectedLanguage(inputs.text) ?? locale;
  const spans = sentenceSpans(inputs.text, language);
  const words = countProofreadingWords(inputs.text);
  const notices: Notices = words < SHORT_TEXT_WORDS ? [{ code: 'short_text' }] : [];
  const model = await modelScores(ai, inputs.text, spans, signal, logger, notices);
  const scores = model ?? scoreWithStatistics(spans, language);
  return {
    language,
    language_detected: !inputs.language,
    words,
    overall: scores.overall,
    overall_band: detectorBand(scores.overall),
    sentences: scores.sentences.map((sentence) => ({ ...sentence, band: detectorBand(sentence.score) })),
    signals: scores.signals,
    engine: model && ai.engine === 'model' ? { kind: 'model', model: ai.model } : { kind: 'builtin', model: null },
    notices,
  };
}

function detectedLanguage(text: string): LocaleCode | null {
  const language = detectLanguage(text);
  return isLocale(language) ? language : null;
}

/** The model's scores, or null (with the reason in `notices` when a model is connected) for the built-in engine. */
async function modelScores(
  ai: AiGateway,
  text: string,
  spans: readonly SentenceSpan[],
  signal: AbortSignal,
  logger: FastifyBaseLogger,
  notices: Notices,
): Promise<EngineScores | null> {
  if (ai.engine !== 'model') return null;
  if (!ai.openAiCompatible || spans.length === 0) {
    notices.push({ code: 'model_logprobs_unsupported' });
    return null;
  }
  try {
    return await scoreWithModel(text, spans, ai.openAiCompatible, ai.model, signal);
  } catch (error) {
    if (signal.aborted) throw error;
    const unsupported = error instanceof LogprobsUnsupportedError;
    logger.warn(
      { err: error, model: ai.model },
      unsupported
        ? 'the model server cannot score given text; the AI detector used its built-in engine'
        : 'the model did not score the text; the AI detector used its built-in engine',
    );
    notices.push({ code: unsupported ? 'model_logprobs_unsupported' : 'model_unavailable' });
    return null;
  }
}
