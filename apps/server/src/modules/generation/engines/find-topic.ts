import type { FindTopicInputs, LocaleCode } from '@quire/contracts';
import type { ModelGateway } from '../../../ai/gateway';
import { keyPhrases } from '../../../text/keywords';
import type { ToolEngine, ToolOutput, ToolRun } from '../engine-types';
import { findTopicPrompt } from '../prompts/find-topic.prompt';
import { emit, noSourcesOutput } from './builtin-writing';
import { blocks, builtinNote, type EngineT, engineT } from './engine-text';
import { streamModel } from './model-writing';
import { sourcePhrases, stemsOf } from './source-sentences';

/** Topic patterns, those that place a phrase in the student's context first. */
const IN_CONTEXT = ['topics.role', 'topics.in', 'topics.perspective'] as const;
const ON_ITS_OWN = ['topics.state', 'topics.challenges'] as const;

/**
 * Topic suggestions: the key phrases of the student's sources and of their topic hint, ranked by how much
 * they share with the subject and interests, set in the subject or an interest with translated patterns
 * ("The role of … in …", "… : state of research and open questions", "… and …: a comparison").
 */
export function suggestTopics(run: ToolRun<FindTopicInputs>): string[] {
  const t = engineT(run.language);
  const { study_subject, study_program, interests, topic, count } = run.inputs;
  const interestList = (interests ?? '')
    .split(/[,;\n]+/)
    .map((interest) => interest.trim())
    .filter(Boolean);
  const contexts = [study_subject ?? study_program, ...interestList].filter((context): context is string =>
    Boolean(context?.trim()),
  );
  const focus = stemsOf([study_subject, study_program, interests, topic].filter(Boolean).join(' '), run.language);
  const phrases = dedupe([
    ...(topic ? hintPhrases(topic, run.language) : []),
    ...sourcePhrases(run.sources, run.language, focus, count * 2),
    ...interestList,
  ]);
  if (phrases.length === 0 && contexts.length === 0) return [];
  const subjects = phrases.length > 0 ? phrases : contexts;
  const suggestions: string[] = [];
  for (let round = 0; suggestions.length < count && round < IN_CONTEXT.length + ON_ITS_OWN.length + 1; round++) {
    subjects.forEach((phrase, index) => {
      if (suggestions.length >= count) return;
      const suggestion = pattern(t, phrase, index + round, contexts, subjects);
      if (suggestion && !suggestions.includes(suggestion)) suggestions.push(suggestion);
    });
  }
  return suggestions;
}

function pattern(
  t: EngineT,
  phrase: string,
  turn: number,
  contexts: readonly string[],
  subjects: readonly string[],
): string | null {
  const context = contexts[turn % Math.max(1, contexts.length)];
  const patterns =
    context && context !== phrase
      ? [...IN_CONTEXT, 'topics.compare', ...ON_ITS_OWN]
      : [...ON_ITS_OWN, 'topics.compare'];
  const key = patterns[turn % patterns.length] as string;
  if (key === 'topics.compare') {
    const other = subjects[(subjects.indexOf(phrase) + 1) % subjects.length];
    return other && other !== phrase ? capitalise(t(key, { phrase, other })) : null;
  }
  return capitalise(t(key, { phrase, context: context ?? '' }));
}

/** The topic hint itself, and its key phrases when it is longer than a phrase. */
function hintPhrases(topic: string, language: LocaleCode): string[] {
  const words = topic.split(/\s+/).length;
  if (words <= 5) return [topic];
  return [topic, ...keyPhrases(topic, { language, limit: 3 }).map((found) => found.phrase)];
}

function dedupe(phrases: readonly string[]): string[] {
  const seen = new Set<string>();
  return phrases.filter((phrase) => {
    const key = phrase.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function capitalise(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

function builtinFindTopic(run: ToolRun<FindTopicInputs>): ToolOutput {
  run.stage('creating_plan');
  const items = suggestTopics(run);
  run.stage('writing');
  if (items.length === 0) {
    if (run.inputs.source_ids?.length) return noSourcesOutput(run);
    const text = emit(run, [engineT(run.locale)('topics.needInput')]);
    return { text, citations: [], engine: 'builtin', items: [] };
  }
  const t = engineT(run.language);
  const text = emit(run, [
    `## ${t('topics.heading')}`,
    items.map((item) => `- ${item}`).join('\n'),
    builtinNote(run.locale),
  ]);
  return { text, citations: [], engine: 'builtin', items };
}

/** On a model: its suggestions, one a line, as items and as the Markdown list. */
async function modelFindTopic(run: ToolRun<FindTopicInputs>, ai: ModelGateway): Promise<ToolOutput> {
  run.stage('creating_plan');
  run.stage('writing');
  const written = await streamModel(run, ai, findTopicPrompt(run));
  const items = dedupe(
    written
      .split('\n')
      .map((line) =>
        line
          .replace(/^\s*(?:[-*•]|\d+[.)])\s*/, '')
          .replace(/\*\*/g, '')
          .trim(),
      )
      .filter(Boolean),
  ).slice(0, run.inputs.count);
  const t = engineT(run.language);
  const text = blocks(
    `## ${t('topics.heading')}`,
    items.map((item) => `- ${item}`).join('\n'),
    `_${engineT(run.locale)('note.modelPlain', { model: ai.model })}_`,
  );
  return { text, citations: [], engine: 'model', items };
}

export const findTopicEngine: ToolEngine<FindTopicInputs> = {
  slug: 'find-topic',
  usesSources: true,
  recentSourcesByDefault: true,
  run: async (run) => (run.ai.engine === 'model' ? modelFindTopic(run, run.ai) : builtinFindTopic(run)),
};
