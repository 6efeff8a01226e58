import type { FreestyleInputs } from '@quire/contracts';
import type { ToolRun } from '../engine-types';
import { citationRules, joinPrompt, languageName, type ModelPrompt, numberPassages, passageList } from './prompt-parts';

/** Freestyle: whatever the student asks for, grounded in their sources when they gave some. */
export function freestylePrompt(run: ToolRun<FreestyleInputs>): ModelPrompt {
  const passages = numberPassages(run.sources);
  const system = `You are a writing assistant for students and researchers. You do what the student's prompt asks, in an academic register unless it asks otherwise.

Rules:
- Write in ${languageName(run.language)}.
${citationRules(passages.length)}`;
  const prompt = joinPrompt(
    `The student's prompt: ${run.inputs.prompt}`,
    passages.length > 0 ? `Numbered source passages:\n\n${passageList(passages)}` : '',
  );
  return { system, prompt, maxOutputTokens: 3_000, passages };
}
