import type { EssayInputs } from '@quire/contracts';
import type { ModelGateway } from '../../../ai/gateway';
import type { ToolEngine, ToolOutput, ToolRun } from '../engine-types';
import { essayPrompt } from '../prompts/essay.prompt';
import { outlinePrompt } from '../prompts/outline.prompt';
import {
  closingSentence,
  noSourcesOutput,
  planParagraphs,
  type SectionPlan,
  writePlannedText,
} from './builtin-writing';
import { engineT, PARAGRAPHS } from './engine-text';
import { runModelTool } from './model-writing';
import { type OutlineSection, parseOutline } from './outline-parse';
import { candidateSentences, stemsOf } from './source-sentences';
import { buildOutline } from './write-outline';

/**
 * An essay from the sources: the student's outline (or one built from the sources' key phrases), then
 * each main section under its heading with the paragraphs of the essay's length, quoting and citing the
 * sentences that best match the section and its sub-sections.
 */
function builtinEssay(run: ToolRun<EssayInputs>): ToolOutput {
  run.stage('creating_plan');
  const { topic, length } = run.inputs;
  const candidates = candidateSentences(run.sources, run.language);
  if (candidates.length === 0) return noSourcesOutput(run);
  const t = engineT(run.language);
  const outline = essayOutline(run);
  const uses = new Map<number, number>();
  const topicStems = stemsOf(topic, run.language);
  const sections: SectionPlan[] = outline.map((section) => {
    const aspects = section.children.length > 0 ? section.children : [section.title];
    const paragraphs = planParagraphs({
      t,
      candidates,
      focus: new Set([...topicStems, ...stemsOf(section.title, run.language)]),
      aspects,
      count: PARAGRAPHS[length],
      quotesPerParagraph: 2,
      uses,
      language: run.language,
    });
    paragraphs[0]?.before.unshift(t('write.openSection', { section: section.title }));
    return { heading: section.title, paragraphs };
  });
  const aspects = outline.slice(1, -1).map((section) => section.title);
  sections
    .at(-1)
    ?.paragraphs.at(-1)
    ?.after.push(closingSentence(t, run.language, topic, aspects));
  run.stage('writing');
  return writePlannedText(run, sections, { instructionIgnored: Boolean(run.inputs.user_instruction) });
}

function essayOutline(run: ToolRun<EssayInputs>): OutlineSection[] {
  const provided = run.inputs.outline_mode === 'provide' && run.inputs.outline ? parseOutline(run.inputs.outline) : [];
  if (provided.length > 0) return provided;
  return buildOutline({
    topic: run.inputs.topic,
    sources: run.sources,
    language: run.language,
    length: run.inputs.length,
  });
}

/** On a model: the outline first (the student's, or the model's plan), then the essay along it. */
async function modelEssay(run: ToolRun<EssayInputs>, ai: ModelGateway): Promise<ToolOutput> {
  let outline = run.inputs.outline_mode === 'provide' ? run.inputs.outline : undefined;
  if (!outline) {
    run.stage('creating_plan');
    const plan = outlinePrompt(run);
    let planned = '';
    const request = {
      system: plan.system,
      prompt: plan.prompt,
      signal: run.signal,
      maxOutputTokens: plan.maxOutputTokens,
    };
    for await (const piece of ai.streamText(request)) {
      planned += piece;
    }
    outline = planned.trim();
  }
  return runModelTool(run, ai, essayPrompt(run, outline), { cite: true });
}

export const writeEssayEngine: ToolEngine<EssayInputs> = {
  slug: 'write-essay',
  usesSources: true,
  run: async (run) => (run.ai.engine === 'model' ? modelEssay(run, run.ai) : builtinEssay(run)),
};
