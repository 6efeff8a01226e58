import { z } from 'zod';

/** Every tool addressed as /feature/{slug} (spec §1, §2; ai-detector and cards from the study tools). */
export const FEATURE_SLUGS = [
  'find-topic',
  'find-sources',
  'source-qa',
  'write-outline',
  'write-introduction',
  'write-chapter',
  'write-essay',
  'proofreading',
  'freestyle',
  'summarize',
  'summarize-text',
  'summarize-source',
  'ai-detector',
  'cards',
] as const;
export const FeatureSlug = z.enum(FEATURE_SLUGS);
export type FeatureSlug = z.infer<typeof FeatureSlug>;

/** Spec §3 Template/tool. */
export const Template = z.object({
  slug: z.string(),
  headline: z.string(),
  description: z.string(),
  categories: z.array(z.string()),
  favourite: z.boolean(),
});
export type Template = z.infer<typeof Template>;

/** Spec §3 Flow: steps are template slugs; connections link steps (none for 'summarize'). */
export const Flow = z.object({
  slug: z.string(),
  headline: z.string(),
  description: z.string(),
  steps: z.array(z.string()),
  step_titles: z.array(z.string()),
  connections: z.array(z.object({ from: z.string(), to: z.string() })),
});
export type Flow = z.infer<typeof Flow>;

/** Spec §3 Group: items are paths such as "flow/summarize" or "feature/find-topic". */
export const Group = z.object({ title: z.string(), slug: z.string(), items: z.array(z.string()) });
export type Group = z.infer<typeof Group>;

export const FLOW_SLUGS = ['summarize'] as const;
export const FlowSlug = z.enum(FLOW_SLUGS);
export type FlowSlug = z.infer<typeof FlowSlug>;

/** Flow structure from spec §2; headlines and titles are translated under `app:flows.*`. */
export const FLOW_DEFINITIONS: Record<FlowSlug, { steps: FeatureSlug[]; connections: Flow['connections'] }> = {
  summarize: { steps: ['summarize-text', 'summarize-source'], connections: [] },
};

export const GROUP_SLUGS = ['research', 'essay', 'misc'] as const;
export type GroupSlug = (typeof GROUP_SLUGS)[number];

/** Feature groups of spec §1/§2; titles are translated under `app:groups.*`. */
export const GROUP_ITEMS: Record<GroupSlug, string[]> = {
  research: ['flow/summarize', 'feature/find-topic', 'feature/find-sources', 'feature/source-qa'],
  essay: ['feature/write-outline', 'feature/write-chapter', 'feature/write-essay'],
  misc: [
    'feature/write-introduction',
    'feature/proofreading',
    'feature/freestyle',
    'feature/summarize',
    'feature/ai-detector',
    'feature/cards',
  ],
};

/**
 * What a student uses Quire for (spec §3: categories pre-favourite tools), chosen on first login. Every tool
 * belongs to at least one; the chosen categories' tools start as favourites.
 */
export const STUDY_CATEGORIES = ['research', 'writing', 'editing', 'learning'] as const;
export type StudyCategory = (typeof STUDY_CATEGORIES)[number];

export const TOOL_STUDY_CATEGORIES: Record<FeatureSlug, StudyCategory[]> = {
  'find-topic': ['research'],
  'find-sources': ['research'],
  'source-qa': ['research', 'learning'],
  'write-outline': ['writing'],
  'write-introduction': ['writing'],
  'write-chapter': ['writing'],
  'write-essay': ['writing'],
  proofreading: ['editing'],
  freestyle: ['writing'],
  summarize: ['research', 'learning'],
  'summarize-text': ['research', 'learning'],
  'summarize-source': ['research', 'learning'],
  'ai-detector': ['editing'],
  cards: ['learning'],
};
