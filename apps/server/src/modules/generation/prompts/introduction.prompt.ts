import type { IntroductionInputs } from '@quire/contracts';
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

/** Introduction: the topic's relevance, the state of research, the question and how the work proceeds. */
export function introductionPrompt(run: ToolRun<IntroductionInputs>): ModelPrompt {
  const passages = numberPassages(run.sources);
  const paragraphs = PARAGRAPHS[run.inputs.length];
  const system = `You write the introduction of a student's academic text, in an academic register.

Rules:
- Write in ${languageName(run.language)}, whatever the language of the passages.
- Write exactly ${paragraphs} paragraphs separated by blank lines, without headings or lists.
- Lead from the topic's relevance through what the sources establish to the question; the last paragraph says how the work proceeds${run.inputs.outline ? ', following the outline' : ''}.
${citationRules(passages.length)}`;
  const prompt = joinPrompt(
    `Topic: ${run.inputs.topic}`,
    run.inputs.outline ? `Outline of the work:\n${run.inputs.outline}` : '',
    passages.length > 0 ? `Numbered source passages:\n\n${passageList(passages)}` : '',
    instructionLine(run.inputs.user_instruction),
  );
  return { system, prompt, maxOutputTokens: 350 * paragraphs, passages };
}
