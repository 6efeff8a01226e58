import type { Length, LocaleCode, OutlineInputs } from '@quire/contracts';
import type { ToolEngine, ToolRun, ToolSource } from '../engine-types';
import { outlinePrompt } from '../prompts/outline.prompt';
import { emit } from './builtin-writing';
import { builtinNote, engineT } from './engine-text';
import { runModelTool } from './model-writing';
import { type OutlineSection, outlineMarkdown } from './outline-parse';
import { candidateSentences, sourcePhrases, stemsOf } from './source-sentences';

/** Main sections between introduction and discussion, by length. */
const BODY_SECTIONS: Record<Length, number> = { short: 3, normal: 4, long: 5 };
const CHILDREN = 2;

/**
 * An outline for a topic: introduction, one main section per key phrase of the sources (with the phrases
 * that occur together with it as sub-sections), discussion and conclusion.
 */
export function buildOutline({
  topic,
  sources,
  language,
  length,
}: {
  topic: string;
  sources: readonly ToolSource[];
  language: LocaleCode;
  length: Length;
}): OutlineSection[] {
  const t = engineT(language);
  const body = BODY_SECTIONS[length];
  const phrases = sourcePhrases(sources, language, stemsOf(topic, language), body * (CHILDREN + 1)).map(capitalise);
  const heads = phrases.slice(0, body);
  const sentences = candidateSentences(sources, language).map((candidate) => candidate.sentence.toLowerCase());
  const children = groupUnder(heads, phrases.slice(body), sentences);
  const bodySections =
    heads.length > 0
      ? heads.map((title, index) => ({ title, children: children[index] ?? [] }))
      : [
          { title: t('outline.concepts'), children: [] },
          { title: t('outline.research'), children: [] },
        ];
  return [
    { title: t('outline.introduction'), children: [t('outline.background'), t('outline.aim')] },
    ...bodySections,
    { title: t('outline.discussion'), children: [t('outline.findings'), t('outline.open')] },
    { title: t('outline.conclusion'), children: [t('outline.summary'), t('outline.outlook')] },
  ];
}

/** Each remaining phrase goes under the head it shares most sentences with, at most CHILDREN per head. */
function groupUnder(heads: readonly string[], rest: readonly string[], sentences: readonly string[]): string[][] {
  const groups = heads.map(() => [] as string[]);
  for (const phrase of rest) {
    const lower = phrase.toLowerCase();
    let best = -1;
    let bestShared = -1;
    heads.forEach((head, index) => {
      if ((groups[index]?.length ?? 0) >= CHILDREN) return;
      const headLower = head.toLowerCase();
      const shared = sentences.filter((sentence) => sentence.includes(lower) && sentence.includes(headLower)).length;
      if (shared > bestShared) {
        best = index;
        bestShared = shared;
      }
    });
    if (best >= 0) groups[best]?.push(phrase);
  }
  return groups;
}

function capitalise(phrase: string): string {
  return phrase.charAt(0).toLocaleUpperCase() + phrase.slice(1);
}

function builtinOutline(run: ToolRun<OutlineInputs>) {
  run.stage('creating_plan');
  const sections = buildOutline({
    topic: run.inputs.topic,
    sources: run.sources,
    language: run.language,
    length: run.inputs.length,
  });
  run.stage('writing');
  const text = emit(run, [
    `# ${run.inputs.topic}`,
    outlineMarkdown(sections),
    builtinNote(run.locale, { instructionIgnored: Boolean(run.inputs.user_instruction) }),
  ]);
  return { text, citations: [], engine: 'builtin' as const };
}

export const writeOutlineEngine: ToolEngine<OutlineInputs> = {
  slug: 'write-outline',
  usesSources: true,
  run: async (run) => {
    if (run.ai.engine === 'model') return runModelTool(run, run.ai, outlinePrompt(run), { cite: false });
    return builtinOutline(run);
  },
};
