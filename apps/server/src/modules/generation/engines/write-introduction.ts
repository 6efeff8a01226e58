import type { IntroductionInputs } from '@quire/contracts';
import type { ToolEngine, ToolOutput, ToolRun } from '../engine-types';
import { introductionPrompt } from '../prompts/introduction.prompt';
import { noSourcesOutput, planParagraphs, writePlannedText } from './builtin-writing';
import { engineT, joinList, PARAGRAPHS } from './engine-text';
import { runModelTool } from './model-writing';
import { parseOutline } from './outline-parse';
import { candidateSentences, sourcePhrases, stemsOf } from './source-sentences';

/**
 * An introduction from the sources: it opens with the topic, gives one paragraph per key aspect of the
 * sources with quoted, cited sentences, and ends with the steps of the work (the outline's sections).
 */
function builtinIntroduction(run: ToolRun<IntroductionInputs>): ToolOutput {
  run.stage('creating_plan');
  const { topic, length, outline } = run.inputs;
  const candidates = candidateSentences(run.sources, run.language);
  if (candidates.length === 0) return noSourcesOutput(run);
  const t = engineT(run.language);
  const count = PARAGRAPHS[length];
  const focus = stemsOf(topic, run.language);
  const aspects = sourcePhrases(run.sources, run.language, focus, count);
  const paragraphs = planParagraphs({
    t,
    candidates,
    focus,
    aspects,
    count,
    quotesPerParagraph: 2,
    uses: new Map(),
    language: run.language,
  });
  paragraphs[0]?.before.unshift(t('write.openIntroduction', { topic }));
  const steps = outline ? parseOutline(outline).map((section) => section.title) : aspects;
  if (steps.length > 0)
    paragraphs.at(-1)?.after.push(t('write.structure', { sections: joinList(run.language, steps) }));
  run.stage('writing');
  return writePlannedText(run, [{ heading: null, paragraphs }], {
    instructionIgnored: Boolean(run.inputs.user_instruction),
  });
}

export const writeIntroductionEngine: ToolEngine<IntroductionInputs> = {
  slug: 'write-introduction',
  usesSources: true,
  run: async (run) =>
    run.ai.engine === 'model'
      ? runModelTool(run, run.ai, introductionPrompt(run), { cite: true })
      : builtinIntroduction(run),
};
