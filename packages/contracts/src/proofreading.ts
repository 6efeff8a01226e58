import { z } from 'zod';
import { Deleted, defineEndpoint } from './endpoint';
import { LocaleCode } from './locale-schemas';

/**
 * Proofreading (spec §1) in the six languages: a check (also as the proofreading template's run) and the
 * user's personal dictionary; the calls are `proofreadingEndpoints` and `dictionaryEndpoints`.
 * Issues are found by Hunspell (spelling), harper.js (English grammar), our rule files (every language),
 * LanguageTool when configured; a language model, when one is connected and `rewrites` is asked for,
 * proposes rewrites that are returned apart from the corrections and never applied by the server.
 */

export const PROOFREADING_MAX_WORDS = 20_000;
/** A hard cap on characters before words are counted: 20,000 long words, generously. */
export const PROOFREADING_MAX_CHARACTERS = 300_000;

export const ProofreadingKind = z.enum(['spelling', 'grammar', 'style']);
export type ProofreadingKind = z.infer<typeof ProofreadingKind>;

/** Where an issue came from; shown in the UI as a small label, used to merge without duplicates. */
export const ProofreadingOrigin = z.enum(['hunspell', 'rules', 'harper', 'languagetool']);
export type ProofreadingOrigin = z.infer<typeof ProofreadingOrigin>;

/**
 * Spelling variants with a dictionary of their own: English as in the US or Britain, German as in Germany,
 * Austria or Switzerland. A text is checked in the variant it is consistently written in; the chosen one
 * (else the profile's default, else the first listed) decides when it is not clear.
 */
export const ProofreadingVariant = z.enum(['en-US', 'en-GB', 'de-DE', 'de-AT', 'de-CH']);
export type ProofreadingVariant = z.infer<typeof ProofreadingVariant>;

export const PROOFREADING_VARIANTS: Partial<Record<LocaleCode, readonly ProofreadingVariant[]>> = {
  en: ['en-US', 'en-GB'],
  de: ['de-DE', 'de-AT', 'de-CH'],
};

/** The variants of a language (none for a language with one dictionary); a variant of another language is ignored. */
export function variantOf(
  language: LocaleCode,
  variant: ProofreadingVariant | null | undefined,
): ProofreadingVariant | null {
  const variants = PROOFREADING_VARIANTS[language];
  if (!variants) return null;
  return variant && variants.includes(variant) ? variant : (variants[0] ?? null);
}

export const ProofreadingInputs = z.object({
  text: z
    .string()
    .min(1)
    .max(PROOFREADING_MAX_CHARACTERS)
    .superRefine((text, context) => {
      if (countProofreadingWords(text) > PROOFREADING_MAX_WORDS) {
        context.addIssue({ code: 'custom', params: { key: 'tooManyWords', limit: PROOFREADING_MAX_WORDS } });
      }
    }),
  /** The text's language; detected from the text when absent. */
  language: LocaleCode.optional(),
  /** English or German spelling variant; the profile's default when absent. Ignored for other languages. */
  variant: ProofreadingVariant.optional(),
  /** Ask a connected language model for rewrites (clarity, academic register) as well. */
  rewrites: z.boolean().default(false),
});
export type ProofreadingInputs = z.infer<typeof ProofreadingInputs>;

export const ProofreadingIssue = z.object({
  /** UTF-16 offset into `text`, as JavaScript strings count. */
  offset: z.number().int().nonnegative(),
  length: z.number().int().positive(),
  kind: ProofreadingKind,
  /** In the UI locale of the request. */
  message: z.string(),
  /** Best first; may be empty (e.g. an unknown word with no suggestion). */
  suggestions: z.array(z.string()),
  /** Stable rule id, e.g. "HUNSPELL", "DE_DAS_DASS", "harper:Repetition", "languagetool:MORFOLOGIK_RULE_EN_US". */
  rule: z.string(),
  origin: ProofreadingOrigin,
});
export type ProofreadingIssue = z.infer<typeof ProofreadingIssue>;

/** A model's proposed rewrite of one sentence or phrase: never applied by the server. */
export const ProofreadingRewrite = z.object({
  offset: z.number().int().nonnegative(),
  length: z.number().int().positive(),
  original: z.string(),
  suggestion: z.string(),
  /** Why, in the UI locale, as the model put it. */
  reason: z.string(),
});
export type ProofreadingRewrite = z.infer<typeof ProofreadingRewrite>;

export const ProofreadingResult = z.object({
  /** The text as checked (offsets refer to it). */
  text: z.string(),
  language: LocaleCode,
  /** Whether the language was detected rather than chosen. */
  language_detected: z.boolean(),
  /** The spelling variant the text was checked in (English and German), null in other languages. */
  variant: ProofreadingVariant.nullable(),
  issues: z.array(ProofreadingIssue),
  rewrites: z.array(ProofreadingRewrite),
  /** Who checked: always the built-in checkers, plus LanguageTool and a model when they took part. */
  engine: z.object({
    languagetool: z.boolean(),
    model: z.string().nullable(),
  }),
  words: z.number().int().nonnegative(),
  /**
   * What did not take part and why, in the UI locale: LanguageTool unreachable, rewrites asked for without a
   * model or failed. The corrections are complete without them.
   */
  notices: z.array(z.object({ code: z.string(), message: z.string() })),
});
export type ProofreadingResult = z.infer<typeof ProofreadingResult>;

export const PersonalWordInput = z.object({
  word: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[^\s]+$/u),
  language: LocaleCode,
});
export type PersonalWordInput = z.infer<typeof PersonalWordInput>;

export const PersonalWord = PersonalWordInput.extend({ created_at: z.iso.datetime({ offset: true }) });
export type PersonalWord = z.infer<typeof PersonalWord>;

export const PersonalDictionaryQuery = z.object({ language: LocaleCode.optional() });

/** Words as the proofreading limit counts them: runs of letters or digits. */
export function countProofreadingWords(text: string): number {
  return text.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu)?.length ?? 0;
}

export const dictionaryEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    service: 'api',
    path: '/dictionary',
    query: PersonalDictionaryQuery,
    response: z.object({ words: z.array(PersonalWord) }),
  }),
  /** 201 with the new word; a word the user already has answers 200 with it. */
  add: defineEndpoint({
    method: 'POST',
    service: 'api',
    path: '/dictionary',
    body: PersonalWordInput,
    response: PersonalWord,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    service: 'api',
    path: '/dictionary/:language/:word',
    params: PersonalWordInput,
    response: Deleted,
  }),
};

const ProofreadingRequest = z.object({ inputs: ProofreadingInputs });

export const proofreadingEndpoints = {
  /** The issues the checkers found, and a model's rewrites when asked for and connected. */
  check: defineEndpoint({
    method: 'POST',
    service: 'gen',
    path: '/proofreading',
    body: ProofreadingRequest,
    response: ProofreadingResult,
  }),
  /** The same through the templates API (spec §7). */
  execute: defineEndpoint({
    method: 'POST',
    service: 'api',
    path: '/prompt_templates/proofreading/execute',
    body: ProofreadingRequest,
    response: ProofreadingResult,
  }),
};
