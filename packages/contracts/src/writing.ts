import { z } from 'zod';
import { LocaleCode } from './locale-schemas';

export const Length = z.enum(['short', 'normal', 'long']);
export type Length = z.infer<typeof Length>;

/** quality = automatic research; quality_with_sources = the user's own (processed) sources. */
export const SourceMode = z.enum(['quality', 'quality_with_sources']);
export type SourceMode = z.infer<typeof SourceMode>;

export const OutlineMode = z.enum(['generate', 'provide']);
export type OutlineMode = z.infer<typeof OutlineMode>;

export const CITATION_STYLES = [
  'apa7',
  'mla9',
  'chicago-author-date',
  'harvard',
  'ieee',
  'vancouver',
  'din-1505-2',
] as const;
export const CitationStyle = z.enum(CITATION_STYLES);
export type CitationStyle = z.infer<typeof CitationStyle>;

export const SummaryType = z.enum(['informative', 'descriptive', 'critical', 'abstract']);
export type SummaryType = z.infer<typeof SummaryType>;

const topic = z.string().trim().min(1).max(300);
const sourceIds = z.array(z.string().min(1)).max(50);

/** Spec §3 essay inputs. */
export const EssayInputs = z
  .object({
    topic,
    language: LocaleCode,
    length: Length.default('normal'),
    source_type: SourceMode.default('quality'),
    outline_mode: OutlineMode.default('generate'),
    outline: z.string().trim().max(5_000).optional(),
    citation_style: CitationStyle.default('apa7'),
    user_instruction: z.string().trim().max(1_000).optional(),
    source_ids: sourceIds.optional(),
  })
  .refine((inputs) => inputs.outline_mode !== 'provide' || Boolean(inputs.outline), {
    path: ['outline'],
    message: 'required',
  });
export type EssayInputs = z.infer<typeof EssayInputs>;

/** Spec §3 chapter inputs: focus (headline), length, topic and outline. */
export const ChapterInputs = z.object({
  headline: z.string().trim().min(1).max(300),
  length: Length.default('normal'),
  topic,
  outline: z.string().trim().min(1).max(5_000),
  language: LocaleCode.optional(),
  source_type: SourceMode.default('quality'),
  citation_style: CitationStyle.default('apa7'),
  user_instruction: z.string().trim().max(1_000).optional(),
  source_ids: sourceIds.optional(),
});
export type ChapterInputs = z.infer<typeof ChapterInputs>;

/** Spec §3 summary inputs. */
export const SummaryInputs = z.object({
  summary_type: SummaryType.default('informative'),
  text: z.string().trim().min(1).max(200_000),
  prompt: z.string().trim().max(1_000).optional(),
});
export type SummaryInputs = z.infer<typeof SummaryInputs>;

/** Spec §3 "other tool inputs". */
export const StudyInputs = z.object({
  year_of_publication: z.number().int().min(1000).max(3000).optional(),
  study_program: z.string().trim().max(200).optional(),
  study_subject: z.string().trim().max(200).optional(),
  interests: z.string().trim().max(500).optional(),
});
export type StudyInputs = z.infer<typeof StudyInputs>;

/** Spec §3 history item; `slug` is added by the client. */
export const HistoryItem = z.object({
  id: z.string(),
  created_at: z.iso.datetime({ offset: true }),
  inputs: z.record(z.string(), z.unknown()).and(z.object({ topic: z.string().optional() })),
  words_used: z.number().int().nonnegative(),
  slug: z.string().optional(),
});
export type HistoryItem = z.infer<typeof HistoryItem>;

/** Spec §3 current project: the topic is trimmed of surrounding whitespace. */
export const CurrentProject = z.object({ topic: z.string().trim().max(300), language: LocaleCode });
export type CurrentProject = z.infer<typeof CurrentProject>;
