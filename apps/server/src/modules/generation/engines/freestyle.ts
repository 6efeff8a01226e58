import type { FreestyleInputs } from '@quire/contracts';
import type { ToolEngine, ToolOutput, ToolRun } from '../engine-types';
import { freestylePrompt } from '../prompts/freestyle.prompt';
import { emit } from './builtin-writing';
import { engineT } from './engine-text';
import { runModelTool } from './model-writing';
import { answerFromSources } from './source-answer';

/**
 * Freestyle without a model: the source sentences that answer the prompt, quoted and cited, or a plain
 * statement that free writing needs a language model — never an invented text.
 */
function builtinFreestyle(run: ToolRun<FreestyleInputs>): ToolOutput {
  run.stage('creating_plan');
  const t = engineT(run.locale);
  run.stage('writing');
  const answer = answerFromSources(run, { query: run.inputs.prompt, intro: t('freestyle.intro') });
  if (answer) return answer;
  const text = emit(run, [t('freestyle.needsModel')]);
  return { text, citations: [], engine: 'builtin', notice: true };
}

export const freestyleEngine: ToolEngine<FreestyleInputs> = {
  slug: 'freestyle',
  usesSources: true,
  run: async (run) =>
    run.ai.engine === 'model' ? runModelTool(run, run.ai, freestylePrompt(run), { cite: true }) : builtinFreestyle(run),
};
