import type { EssayInputs } from '@quire/contracts';
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

/** Essay: the whole text, section by section along an outline (the student's, or one planned first). */
export function essayPrompt(run: ToolRun<EssayInputs>, outline: string): ModelPrompt {
  const passages = numberPassages(run.sources);
  const paragraphs = PARAGRAPHS[run.inputs.length];
  const system = `You write a student's academic essay, in an academic register.

Rules:
- Write in ${languageName(run.language)}, whatever the language of the passages.
- Follow the outline: each main section becomes a Markdown heading "## Title" followed by ${paragraphs} paragraphs separated by blank lines.
${citationRules(passages.length)}`;
  const prompt = joinPrompt(
    `Topic: ${run.inputs.topic}`,
    `Outline to follow:\n${outline}`,
    passages.length > 0 ? `Numbered source passages:\n\n${passageList(passages)}` : '',
    instructionLine(run.inputs.user_instruction),
  );
  return { system, prompt, maxOutputTokens: 8_000, passages };
}
