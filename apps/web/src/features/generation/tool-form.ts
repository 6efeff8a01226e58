import {
  type CitationStyle,
  describeIssues,
  type FieldError,
  GENERATION_INPUTS,
  type GenerationSlug,
  type Length,
  type LocaleCode,
  type OutlineMode,
  type SourceMode,
  type SummaryType,
} from '@quire/contracts';
import type { z } from 'zod';
import type { Translate } from '../../i18n/translate';

/** The form as typed; each tool uses the fields `TOOL_FIELDS` lists. */
export type ToolFormValues = {
  topic: string;
  headline: string;
  outline: string;
  prompt: string;
  text: string;
  study_subject: string;
  study_program: string;
  interests: string;
  language: LocaleCode;
  length: Length;
  source_type: SourceMode;
  outline_mode: OutlineMode;
  citation_style: CitationStyle;
  user_instruction: string;
  summary_type: SummaryType;
  /** Chosen sources (source type "my sources", or freestyle and find-topic). */
  source_ids: string[];
  /** The one source to summarize. */
  source_id: string;
};

export type ToolField = keyof ToolFormValues;
export type ToolFieldErrors = Partial<Record<ToolField, string>>;

/** Each tool's fields, in the order the form shows them (spec §3 inputs). */
export const TOOL_FIELDS: Record<GenerationSlug, readonly ToolField[]> = {
  'find-topic': ['topic', 'study_subject', 'study_program', 'interests', 'language', 'source_ids'],
  'write-outline': ['topic', 'language', 'length', 'source_type', 'user_instruction'],
  'write-introduction': ['topic', 'outline', 'language', 'length', 'source_type', 'citation_style', 'user_instruction'],
  'write-chapter': [
    'headline',
    'topic',
    'outline',
    'language',
    'length',
    'source_type',
    'citation_style',
    'user_instruction',
  ],
  'write-essay': [
    'topic',
    'language',
    'length',
    'source_type',
    'outline_mode',
    'outline',
    'citation_style',
    'user_instruction',
  ],
  freestyle: ['prompt', 'language', 'source_ids', 'citation_style'],
  summarize: ['summary_type', 'text', 'prompt', 'language'],
  'summarize-text': ['summary_type', 'text', 'prompt', 'language'],
  'summarize-source': ['summary_type', 'source_id', 'prompt', 'language'],
};

/** The label of each field; the messages that name a field use the same words. */
export const FIELD_LABELS: Record<ToolField, string> = {
  topic: 'fields:topic',
  headline: 'fields:headline',
  outline: 'fields:outline',
  prompt: 'fields:prompt',
  text: 'fields:text',
  study_subject: 'fields:study_subject',
  study_program: 'fields:study_program',
  interests: 'fields:interests',
  language: 'generation.form.language',
  length: 'fields:length',
  source_type: 'fields:source_type',
  outline_mode: 'fields:outline_mode',
  citation_style: 'fields:citation_style',
  user_instruction: 'fields:user_instruction',
  summary_type: 'fields:summary_type',
  source_ids: 'fields:source_ids',
  source_id: 'generation.form.source',
};

/** The freestyle prompt is the task itself, not an extra focus: it has a label of its own. */
export function fieldLabelKey(slug: GenerationSlug, field: ToolField): string {
  if (field === 'prompt') return slug === 'freestyle' ? 'generation.form.freestylePrompt' : 'generation.form.focus';
  return FIELD_LABELS[field];
}

/** Whether a field is shown with the values as they are (the essay's own outline only in "provide" mode). */
export function fieldVisible(slug: GenerationSlug, field: ToolField, values: ToolFormValues): boolean {
  if (slug === 'write-essay' && field === 'outline') return values.outline_mode === 'provide';
  return TOOL_FIELDS[slug].includes(field);
}

/** Whether the tool writes from the user's own sources with these values (the picker is shown). */
export function picksSources(slug: GenerationSlug, values: ToolFormValues): boolean {
  const fields = TOOL_FIELDS[slug];
  if (fields.includes('source_ids')) return true;
  return fields.includes('source_type') && values.source_type === 'quality_with_sources';
}

/**
 * A fresh form: the schema's defaults, the current project's topic, and the text written in the project's
 * language or else the UI language.
 */
export function initialValues(
  slug: GenerationSlug,
  uiLanguage: LocaleCode,
  project: { topic: string; language: LocaleCode | null } = { topic: '', language: null },
): ToolFormValues {
  const language = project.language ?? uiLanguage;
  return {
    topic: project.topic,
    headline: '',
    outline: '',
    prompt: '',
    text: '',
    study_subject: '',
    study_program: '',
    interests: '',
    language,
    length: schemaDefault(slug, 'length') ?? 'normal',
    source_type: schemaDefault(slug, 'source_type') ?? 'quality',
    outline_mode: schemaDefault(slug, 'outline_mode') ?? 'generate',
    citation_style: schemaDefault(slug, 'citation_style') ?? 'apa7',
    user_instruction: '',
    summary_type: schemaDefault(slug, 'summary_type') ?? 'informative',
    source_ids: [],
    source_id: '',
  };
}

/** A form filled with a result's inputs (opening it from the history); what they lack keeps `base`. */
export function valuesFromInputs(base: ToolFormValues, inputs: Record<string, unknown>): ToolFormValues {
  const next: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(inputs)) {
    if (!(key in base)) continue;
    const current = next[key];
    if (Array.isArray(current) && Array.isArray(value)) next[key] = value.filter((id) => typeof id === 'string');
    else if (typeof current === 'string' && typeof value === 'string') next[key] = value;
  }
  return next as ToolFormValues;
}

/** The inputs the form sends: the tool's fields, empty text left out, sources only where they are used. */
export function buildInputs(slug: GenerationSlug, values: ToolFormValues): Record<string, unknown> {
  const inputs: Record<string, unknown> = {};
  for (const field of TOOL_FIELDS[slug]) {
    if (!fieldVisible(slug, field, values)) continue;
    if (field === 'source_ids') continue;
    const value = values[field];
    if (typeof value === 'string' && value.trim() === '') continue;
    inputs[field] = value;
  }
  if (picksSources(slug, values) && values.source_ids.length > 0) inputs.source_ids = values.source_ids;
  return inputs;
}

export type ToolFormCheck =
  | { ok: true; inputs: Record<string, unknown> }
  | { ok: false; errors: ToolFieldErrors; first: ToolField };

/**
 * Checks the form with the tool's schema from the contracts (the server checks the same): the inputs to send,
 * or one translated message per wrong field (spec §5 wording). Writing from one's own sources needs at least
 * one of them chosen.
 */
export function checkToolForm(slug: GenerationSlug, values: ToolFormValues, t: Translate): ToolFormCheck {
  const inputs = buildInputs(slug, values);
  const parsed = (GENERATION_INPUTS[slug] as z.ZodType).safeParse(inputs);
  const errors: ToolFieldErrors = {};
  if (!parsed.success) {
    for (const issue of describeIssues(parsed.error)) {
      const field = issue.path.split('.')[0] as ToolField;
      if (!TOOL_FIELDS[slug].includes(field) || errors[field]) continue;
      errors[field] = t(`validation:${issue.key}`, { field: t(fieldLabelKey(slug, field)), ...issue.params });
    }
  }
  const ownSources = TOOL_FIELDS[slug].includes('source_type') && values.source_type === 'quality_with_sources';
  if (ownSources && values.source_ids.length === 0 && !errors.source_ids) {
    errors.source_ids = t('generation.form.pickSources');
  }
  // The chosen sources sit below the source type, which is never wrong itself.
  const first =
    TOOL_FIELDS[slug].find((field) => errors[field]) ?? (errors.source_ids ? ('source_ids' as const) : undefined);
  if (first) return { ok: false, errors, first };
  return { ok: true, inputs: parsed.success ? (parsed.data as Record<string, unknown>) : inputs };
}

/** The server's field errors (`inputs.headline`) as the form's. */
export function serverFieldErrors(slug: GenerationSlug, fields: readonly FieldError[]): ToolFieldErrors {
  const errors: ToolFieldErrors = {};
  for (const { path, message } of fields) {
    const field = path.replace(/^inputs\./, '').split('.')[0] as ToolField;
    if (TOOL_FIELDS[slug].includes(field) && !errors[field]) errors[field] = message;
  }
  return errors;
}

function schemaDefault<K extends ToolField>(slug: GenerationSlug, field: K): ToolFormValues[K] | undefined {
  const schema = GENERATION_INPUTS[slug] as unknown as { shape?: Record<string, z.ZodType> };
  const parsed = schema.shape?.[field]?.safeParse(undefined);
  return parsed?.success && parsed.data !== undefined ? (parsed.data as ToolFormValues[K]) : undefined;
}
