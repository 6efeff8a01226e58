import type { OutlineInputs } from '@quire/contracts';
import type { ToolRun } from '../engine-types';
import {
  instructionLine,
  joinPrompt,
  languageName,
  type ModelPrompt,
  numberPassages,
  passageList,
} from './prompt-parts';

const MAIN_SECTIONS = { short: '4 to 5', normal: '5 to 6', long: '6 to 8' } as const;

/** Outline: numbered Markdown headings for an academic text on the topic, shaped by the sources. */
export function outlinePrompt(run: ToolRun<OutlineInputs>): ModelPrompt {
  const passages = numberPassages(run.sources, 20);
  const system = `You plan academic texts for students. You write outlines only: no prose, no citations.

Rules:
- Write in ${languageName(run.language)}.
- Use Markdown: "## 1. Title" for main sections and "### 1.1 Title" for sub-sections; 2 or 3 sub-sections per main section.
- Start with an introduction and end with a conclusion; in between, sections that follow from the topic and the source passages.
- Output the outline and nothing else.`;
  const prompt = joinPrompt(
    `Topic: ${run.inputs.topic}`,
    `Number of main sections: ${MAIN_SECTIONS[run.inputs.length]}.`,
    passages.length > 0
      ? `Passages from the student's sources, to shape the sections:\n\n${passageList(passages)}`
      : '',
    instructionLine(run.inputs.user_instruction),
  );
  return { system, prompt, maxOutputTokens: 1_200, passages };
}
