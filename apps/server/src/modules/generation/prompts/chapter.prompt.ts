import type { ChapterInputs } from '@quire/contracts';
import type { ToolRun } from '../engine-types';
import { PARAGRAPHS } from '../engines/engine-text';
import {
  citationRules,
  instructionLine,
  joinPrompt,
  languageName,
  type ModelPrompt,
  numberPassages,
  passageList,
} from './prompt-parts';

/** Chapter: one chapter of a longer work, focused on its headline, in the outline's place. */
export function chapterPrompt(run: ToolRun<ChapterInputs>): ModelPrompt {
  const passages = numberPassages(run.sources);
  const paragraphs = PARAGRAPHS[run.inputs.length];
  const system = `You write one chapter of a student's academic text, in an academic register.

Rules:
- Write in ${languageName(run.language)}, whatever the language of the passages.
- Write exactly ${paragraphs} paragraphs separated by blank lines, without headings or lists.
- Keep to the chapter's focus; the outline shows where the chapter stands in the whole work.
${citationRules(passages.length)}`;
  const prompt = joinPrompt(
    `Topic of the work: ${run.inputs.topic}`,
    `Chapter focus (headline): ${run.inputs.headline}`,
    `Outline of the work:\n${run.inputs.outline}`,
    passages.length > 0 ? `Numbered source passages:\n\n${passageList(passages)}` : '',
    instructionLine(run.inputs.user_instruction),
  );
  return { system, prompt, maxOutputTokens: 350 * paragraphs, passages };
}
