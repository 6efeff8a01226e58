import { z } from 'zod';
import { Deleted, defineEndpoint } from './endpoint';
import { FeatureSlug, Flow, Group, Template } from './features';
import { LocaleCode } from './locale-schemas';
import { OwnAppSlug } from './own-apps';
import { Citation } from './sources';
import { ChapterInputs, CitationStyle, EssayInputs, Length, SourceMode, StudyInputs, SummaryInputs } from './writing';

/**
 * The writing tools (spec §1, §3, §7): templates, favourites, runs (one or a batch) and each tool's history;
 * the calls are `generationEndpoints` and `templatesEndpoints`.
 * With `Accept: text/event-stream` a run answers with GenerationEvent frames: `stage` as each stage starts,
 * `delta` as text is written, then `done` with the stored result, or `error` with a code and message.
 */

/** Tools that run through the generation endpoints (source-qa, find-sources, proofreading and cards have their own). */
export const GENERATION_SLUGS = [
  'find-topic',
  'write-outline',
  'write-introduction',
  'write-chapter',
  'write-essay',
  'freestyle',
  'summarize',
  'summarize-text',
  'summarize-source',
] as const;
export const GenerationSlug = z.enum(GENERATION_SLUGS);
export type GenerationSlug = z.infer<typeof GenerationSlug>;

const topic = z.string().trim().min(1).max(300);
const sourceIds = z.array(z.string().min(1)).max(50);
const instruction = z.string().trim().max(1_000).optional();

export const FindTopicInputs = StudyInputs.extend({
  /** A rough direction, if the student has one. */
  topic: z.string().trim().max(300).optional(),
  language: LocaleCode.optional(),
  count: z.number().int().min(1).max(20).default(8),
  source_ids: sourceIds.optional(),
});
export type FindTopicInputs = z.infer<typeof FindTopicInputs>;

export const OutlineInputs = z.object({
  topic,
  language: LocaleCode.optional(),
  length: Length.default('normal'),
  source_type: SourceMode.default('quality_with_sources'),
  source_ids: sourceIds.optional(),
  user_instruction: instruction,
});
export type OutlineInputs = z.infer<typeof OutlineInputs>;

export const IntroductionInputs = z.object({
  topic,
  outline: z.string().trim().max(5_000).optional(),
  language: LocaleCode.optional(),
  length: Length.default('short'),
  source_type: SourceMode.default('quality_with_sources'),
  citation_style: CitationStyle.default('apa7'),
  source_ids: sourceIds.optional(),
  user_instruction: instruction,
});
export type IntroductionInputs = z.infer<typeof IntroductionInputs>;

export const FreestyleInputs = z.object({
  prompt: z.string().trim().min(1).max(5_000),
  language: LocaleCode.optional(),
  source_ids: sourceIds.optional(),
  citation_style: CitationStyle.default('apa7'),
});
export type FreestyleInputs = z.infer<typeof FreestyleInputs>;

/** Summarize a pasted text (summarize, summarize-text) … */
export const SummarizeTextInputs = SummaryInputs.extend({ language: LocaleCode.optional() });
/** … or one of the user's sources (summarize-source). */
export const SummarizeSourceInputs = SummaryInputs.omit({ text: true }).extend({
  source_id: z.string().min(1),
  language: LocaleCode.optional(),
});

/** Each tool's inputs, validated on both sides. */
export const GENERATION_INPUTS = {
  'find-topic': FindTopicInputs,
  'write-outline': OutlineInputs,
  'write-introduction': IntroductionInputs,
  'write-chapter': ChapterInputs,
  'write-essay': EssayInputs,
  freestyle: FreestyleInputs,
  summarize: SummarizeTextInputs,
  'summarize-text': SummarizeTextInputs,
  'summarize-source': SummarizeSourceInputs,
} as const satisfies Record<GenerationSlug, z.ZodType>;

/** A tool that runs through the generation endpoints: a built-in writing tool or one of the user's own applications. */
export const ToolSlug = z.union([GenerationSlug, OwnAppSlug]);
export type ToolSlug = z.infer<typeof ToolSlug>;

/** Which tool's history: a built-in tool or an own application, by slug. */
const HistorySlug = z.union([FeatureSlug, OwnAppSlug]);
export const GenerationHistoryQuery = z.object({ feature: HistorySlug });
export const PromptHistoryQuery = z.object({ prompt_template: HistorySlug });
/** A favourite toggle answers the new state. */
export const FavouriteToggle = z.object({ favourite: z.boolean() });
export type FavouriteToggle = z.infer<typeof FavouriteToggle>;

export const GenerationRequest = z.object({ inputs: z.record(z.string(), z.unknown()) });
export const GenerationBatchRequest = z.object({ inputs: z.array(z.record(z.string(), z.unknown())).min(1).max(10) });

/** Spec §4 stages, streamed in this order (a tool skips those it does not need). */
export const GenerationStage = z.enum([
  'searching_sources',
  'filtering_sources',
  'processing_sources',
  'creating_plan',
  'writing',
]);
export type GenerationStage = z.infer<typeof GenerationStage>;

export const GenerationResult = z.object({
  id: z.string(),
  slug: ToolSlug,
  created_at: z.iso.datetime({ offset: true }),
  inputs: z.record(z.string(), z.unknown()),
  words_used: z.number().int().nonnegative(),
  /** Markdown: in-text citations in the chosen style and a reference list where sources were used. */
  text: z.string(),
  citations: z.array(Citation),
  /** Who wrote it: the built-in engine or a named language model. */
  engine: z.object({ kind: z.enum(['builtin', 'model']), model: z.string().nullable() }),
  /** List tools (find-topic) also return their items. */
  items: z.array(z.string()).optional(),
});
export type GenerationResult = z.infer<typeof GenerationResult>;

export const GenerationEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('stage'), stage: GenerationStage }),
  z.object({ type: z.literal('delta'), text: z.string() }),
  z.object({ type: z.literal('done'), result: GenerationResult }),
  z.object({ type: z.literal('error'), code: z.string(), message: z.string() }),
]);
export type GenerationEvent = z.infer<typeof GenerationEvent>;

/** The tools as templates with the user's favourites, and the flows and groups of spec §2. */
export const templatesEndpoints = {
  list: defineEndpoint({ method: 'GET', service: 'api', path: '/prompt_templates', response: z.array(Template) }),
  /** Toggles; answers whether the tool is a favourite now. */
  favourite: defineEndpoint({
    method: 'POST',
    service: 'api',
    path: '/prompt_templates/:slug/favourite',
    response: FavouriteToggle,
  }),
  flows: defineEndpoint({ method: 'GET', service: 'api', path: '/flows', response: z.array(Flow) }),
  groups: defineEndpoint({ method: 'GET', service: 'api', path: '/groups', response: z.array(Group) }),
};

const generationErrors = ['word_limit_reached', 'model_failed', 'model_timeout', 'empty_result'] as const;

/** The writing tools: run one (JSON, or its stages and text streamed), and the history of a tool. */
export const generationEndpoints = {
  /** A writing tool or an own application (`own-{id}`) in the gen group. */
  run: defineEndpoint({
    method: 'POST',
    service: 'gen',
    path: '/:slug',
    body: GenerationRequest,
    response: GenerationResult,
    status: 201,
    stream: true,
    errors: generationErrors,
  }),
  history: defineEndpoint({
    method: 'GET',
    service: 'gen',
    path: '/history',
    query: GenerationHistoryQuery,
    response: z.array(GenerationResult),
  }),
  deleteHistory: defineEndpoint({ method: 'DELETE', service: 'gen', path: '/history/:id', response: Deleted }),
  /** The same through the main API (spec §7). */
  execute: defineEndpoint({
    method: 'POST',
    service: 'api',
    path: '/prompt_templates/:slug/execute',
    body: GenerationRequest,
    response: GenerationResult,
    status: 201,
    stream: true,
    errors: generationErrors,
  }),
  /** Every set of inputs is checked before the first one runs. */
  executeBatch: defineEndpoint({
    method: 'POST',
    service: 'api',
    path: '/prompt_templates/:slug/execute_batch',
    body: GenerationBatchRequest,
    response: z.array(GenerationResult),
    status: 201,
    errors: generationErrors,
  }),
  /** A tool's earlier results, newest first. */
  prompts: defineEndpoint({
    method: 'GET',
    service: 'api',
    path: '/prompts',
    query: PromptHistoryQuery,
    response: z.array(GenerationResult),
  }),
};
