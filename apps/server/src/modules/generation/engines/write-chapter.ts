import type { ChapterInputs } from '@quire/contracts';
import type { ToolEngine, ToolOutput, ToolRun } from '../engine-types';
import { chapterPrompt } from '../prompts/chapter.prompt';
import { closingSentence, noSourcesOutput, planParagraphs, writePlannedText } from './builtin-writing';
import { engineT, PARAGRAPHS } from './engine-text';
import { runModelTool } from './model-writing';
import { candidateSentences, sourcePhrases, stemsOf } from './source-sentences';

/**
 * A chapter from the sources: the paragraphs of its length, each on one key aspect of the sources that
 * matches the chapter's focus, with the best matching source sentences quoted and cited.
 */
function builtinChapter(run: ToolRun<ChapterInputs>): ToolOutput {
  run.stage('creating_plan');
  const { headline, topic, length } = run.inputs;
  const candidates = candidateSentences(run.sources, run.language);
  if (candidates.length === 0) return noSourcesOutput(run);
  const t = engineT(run.language);
  const count = PARAGRAPHS[length];
  const focus = stemsOf(`${headline} ${topic}`, run.language);
  const aspects = sourcePhrases(run.sources, run.language, focus, count);
  const paragraphs = planParagraphs({
    t,
    candidates,
    focus,
    aspects,
    count,
    quotesPerParagraph: length === 'short' ? 2 : 3,
    uses: new Map(),
    language: run.language,
  });
  paragraphs[0]?.before.unshift(t('write.openChapter', { headline, topic }));
  paragraphs.at(-1)?.after.push(closingSentence(t, run.language, topic, aspects));
  run.stage('writing');
  return writePlannedText(run, [{ heading: null, paragraphs }], {
    instructionIgnored: Boolean(run.inputs.user_instruction),
  });
}

export const writeChapterEngine: ToolEngine<ChapterInputs> = {
  slug: 'write-chapter',
  usesSources: true,
  run: async (run) =>
    run.ai.engine === 'model' ? runModelTool(run, run.ai, chapterPrompt(run), { cite: true }) : builtinChapter(run),
};
