import type { ToolEngine, ToolOutput, ToolRun } from '../generation/engine-types';
import { emit } from '../generation/engines/builtin-writing';
import { engineT } from '../generation/engines/engine-text';
import { runModelTool } from '../generation/engines/model-writing';
import { answerFromSources } from '../generation/engines/source-answer';
import { inputTexts, type OwnAppTask, type OwnAppValues, ownAppPrompt, plainPrompt } from './own-apps.prompt';

/**
 * What an own application writes. With a language model: its prompt, the inputs filled in as quoted blocks.
 * Without one: the sentences of the user's recent sources that answer the filled prompt, quoted and cited,
 * or a plain statement that this application needs a language model or sources — never an invented text.
 */
export function ownAppEngine(task: OwnAppTask, { withSources }: { withSources: boolean }): ToolEngine<OwnAppValues> {
  return {
    slug: 'own-app',
    usesSources: withSources,
    recentSourcesByDefault: true,
    question: (values) => plainPrompt(task, values),
    run: async (run) =>
      run.ai.engine === 'model'
        ? runModelTool(run, run.ai, ownAppPrompt(task, run), { cite: false })
        : builtinOwnApp(task, run),
  };
}

function builtinOwnApp(task: OwnAppTask, run: ToolRun<OwnAppValues>): ToolOutput {
  run.stage('creating_plan');
  const t = engineT(run.locale);
  run.stage('writing');
  const answer = answerFromSources(run, {
    query: plainPrompt(task, run.inputs),
    // The prompt's own words are instructions ("explain", "summarise"); the inputs name what to find.
    focus: inputTexts(task, run.inputs),
    intro: t('ownApps.intro', { name: task.name }),
  });
  if (answer) return answer;
  const missing = run.sources.length === 0 ? 'ownApps.needsModel' : 'ownApps.notCovered';
  return { text: emit(run, [t(missing, { name: task.name })]), citations: [], engine: 'builtin', notice: true };
}
