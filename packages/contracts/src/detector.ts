import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { LocaleCode } from './locale-schemas';
import { countProofreadingWords, PROOFREADING_MAX_CHARACTERS, PROOFREADING_MAX_WORDS } from './proofreading';

/**
 * The AI detector (issue 9): how likely each sentence of a text is to be machine-written, from statistics.
 * The built-in engine reads statistical signals of the text itself; with a language model that returns
 * log-probabilities of given text, the scores come from the model's perplexity instead. Either way the scores
 * are probabilities from statistics, never proof.
 */

/** Below this many words the statistics say nothing useful: the request is refused with `tooFewWords`. */
export const DETECTOR_MIN_WORDS = 40;
export const DETECTOR_MAX_WORDS = PROOFREADING_MAX_WORDS;
export const DETECTOR_MAX_CHARACTERS = PROOFREADING_MAX_CHARACTERS;

/** Scores from this value up are `medium`, and from `high` up `high`; the web legend shows the same bounds. */
export const DETECTOR_BAND_FLOORS = { medium: 0.4, high: 0.65 } as const;

export const DetectorBand = z.enum(['low', 'medium', 'high']);
export type DetectorBand = z.infer<typeof DetectorBand>;

/** Each signal's name is a key the web app translates (`detector.signals.{name}`). */
export const DetectorSignalName = z.enum([
  'burstiness',
  'length_variance',
  'repetition',
  'vocabulary',
  'function_words',
  'perplexity',
  'perplexity_variation',
]);
export type DetectorSignalName = z.infer<typeof DetectorSignalName>;

/** Which way a signal leans for this text, translated by the web app (`detector.notes.{note}`). */
export const DetectorNote = z.enum(['human_like', 'in_between', 'machine_like']);
export type DetectorNote = z.infer<typeof DetectorNote>;

export const DetectorInputs = z.object({
  text: z
    .string()
    .min(1)
    .max(DETECTOR_MAX_CHARACTERS)
    .superRefine((text, context) => {
      const words = countProofreadingWords(text);
      if (words < DETECTOR_MIN_WORDS) {
        context.addIssue({ code: 'custom', params: { key: 'tooFewWords', minimum: DETECTOR_MIN_WORDS } });
      }
      if (words > DETECTOR_MAX_WORDS) {
        context.addIssue({ code: 'custom', params: { key: 'tooManyWords', limit: DETECTOR_MAX_WORDS } });
      }
    }),
  /** The text's language; detected from the text when absent. */
  language: LocaleCode.optional(),
});
export type DetectorInputs = z.infer<typeof DetectorInputs>;

const Score = z.number().min(0).max(1);

export const DetectorSentence = z.object({
  /** UTF-16 offset into the text as sent, as JavaScript strings count. */
  offset: z.number().int().nonnegative(),
  length: z.number().int().positive(),
  /** 0 reads as human-written, 1 as machine-written. */
  score: Score,
  band: DetectorBand,
});
export type DetectorSentence = z.infer<typeof DetectorSentence>;

export const DetectorSignal = z.object({
  name: DetectorSignalName,
  /** The measurement itself (e.g. a coefficient of variation, a type-token ratio, a perplexity). */
  value: z.number(),
  /** How machine-like this measurement is, 0..1. */
  score: Score,
  /** Its share of the overall score; the weights of a result add up to 1. */
  weight: Score,
  note: DetectorNote,
});
export type DetectorSignal = z.infer<typeof DetectorSignal>;

/** Why the result is less than it could be; translated by the web app (`detector.notices.{code}`). */
export const DetectorNoticeCode = z.enum([
  /** The model's provider cannot return log-probabilities of given text: the built-in engine scored it. */
  'model_logprobs_unsupported',
  /** The model did not answer: the built-in engine scored it. */
  'model_unavailable',
  /** Under 150 words: the scores swing a lot with every sentence. */
  'short_text',
]);
export type DetectorNoticeCode = z.infer<typeof DetectorNoticeCode>;

export const DetectorResult = z.object({
  language: LocaleCode,
  /** Whether the language was detected rather than chosen. */
  language_detected: z.boolean(),
  words: z.number().int().nonnegative(),
  overall: Score,
  overall_band: DetectorBand,
  /** In text order; together they cover every sentence of the text. */
  sentences: z.array(DetectorSentence),
  signals: z.array(DetectorSignal),
  engine: z.object({ kind: z.enum(['builtin', 'model']), model: z.string().nullable() }),
  notices: z.array(z.object({ code: DetectorNoticeCode })),
});
export type DetectorResult = z.infer<typeof DetectorResult>;

/** The band a score falls in (see DETECTOR_BAND_FLOORS). */
export function detectorBand(score: number): DetectorBand {
  if (score >= DETECTOR_BAND_FLOORS.high) return 'high';
  if (score >= DETECTOR_BAND_FLOORS.medium) return 'medium';
  return 'low';
}

export const detectorEndpoints = {
  /** How likely each sentence is to be machine-written, with the signals behind it. */
  detect: defineEndpoint({
    method: 'POST',
    service: 'gen',
    path: '/ai-detector',
    body: z.object({ inputs: DetectorInputs }),
    response: DetectorResult,
  }),
};
