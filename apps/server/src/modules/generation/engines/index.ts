import type { GenerationSlug } from '@quire/contracts';
import type { ToolEngine } from '../engine-types';
import { findTopicEngine } from './find-topic';
import { freestyleEngine } from './freestyle';
import { summarizeEngine, summarizeSourceEngine, summarizeTextEngine } from './summarize';
import { writeChapterEngine } from './write-chapter';
import { writeEssayEngine } from './write-essay';
import { writeIntroductionEngine } from './write-introduction';
import { writeOutlineEngine } from './write-outline';

/** What each writing tool writes, on the built-in engine or a language model. */
// biome-ignore lint/suspicious/noExplicitAny: each engine takes its own tool's validated inputs; the runner validates them with GENERATION_INPUTS[slug] first.
export const TOOL_ENGINES: Record<GenerationSlug, ToolEngine<any>> = {
  'find-topic': findTopicEngine,
  'write-outline': writeOutlineEngine,
  'write-introduction': writeIntroductionEngine,
  'write-chapter': writeChapterEngine,
  'write-essay': writeEssayEngine,
  freestyle: freestyleEngine,
  summarize: summarizeEngine,
  'summarize-text': summarizeTextEngine,
  'summarize-source': summarizeSourceEngine,
};
