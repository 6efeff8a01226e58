import type { FreestyleInputs } from '@quire/contracts';
import { pageLocator, renderCitations } from '../../citations/citations.render';
import type { ToolEngine, ToolOutput, ToolRun } from '../engine-types';
import { freestylePrompt } from '../prompts/freestyle.prompt';
import { emit } from './builtin-writing';
import { builtinNote, engineT, quoted, referenceSection } from './engine-text';
import { runModelTool } from './model-writing';
import { type Candidate, candidateSentences, coverage, pickSentences, stemsOf } from './source-sentences';

/** A sentence must hold at least this share of the prompt's content words to answer it. */
export const MIN_COVERAGE = 0.3;
const MAX_QUOTES = 6;

/**
 * Freestyle without a model: the source sentences that answer the prompt, quoted and cited, or a plain
 * statement that free writing needs a language model — never an invented text.
 */
function builtinFreestyle(run: ToolRun<FreestyleInputs>): ToolOutput {
  run.stage('creating_plan');
  const query = stemsOf(run.inputs.prompt, run.language);
  const relevant = candidateSentences(run.sources, run.language).filter(
    (candidate) => query.size > 0 && coverage(candidate, query) >= MIN_COVERAGE && sharesTwo(candidate, query),
  );
  run.stage('writing');
  if (relevant.length === 0) {
    const text = emit(run, [engineT(run.locale)('freestyle.needsModel')]);
    return { text, citations: [], engine: 'builtin' };
  }
  const quotes = pickSentences(relevant, query, MAX_QUOTES, new Map()).sort((a, b) => a.order - b.order);
  const t = engineT(run.language);
  const { inText, references } = renderCitations({
    style: run.citationStyle,
    language: run.language,
    sources: run.sources,
    groups: quotes.map((quote) => [
      { sourceId: idOf(run, quote), locator: pageLocator(quote.pageStart, quote.pageEnd) },
    ]),
    unknownAuthor: t('unknownAuthor'),
  });
  const list = quotes.map((quote, index) => `- ${quoted(run.language, quote.sentence)} ${inText[index]}.`).join('\n');
  const text = emit(run, [
    engineT(run.locale)('freestyle.intro'),
    list,
    referenceSection(run.citationStyle, run.language, references),
    builtinNote(run.locale),
  ]);
  return {
    text,
    citations: quotes.map((quote) => ({ sourceId: idOf(run, quote), page: quote.pageStart, passage: quote.sentence })),
    engine: 'builtin',
  };
}

/** A one-word overlap is chance; an answer shares at least two content words with a longer prompt. */
function sharesTwo(candidate: Candidate, query: ReadonlySet<string>): boolean {
  let shared = 0;
  for (const stem of query) if (candidate.stems.has(stem)) shared++;
  return shared >= Math.min(2, query.size);
}

function idOf(run: ToolRun<unknown>, quote: Candidate): string {
  return run.sources[quote.sourceIndex]?.id ?? '';
}

export const freestyleEngine: ToolEngine<FreestyleInputs> = {
  slug: 'freestyle',
  usesSources: true,
  run: async (run) =>
    run.ai.engine === 'model' ? runModelTool(run, run.ai, freestylePrompt(run), { cite: true }) : builtinFreestyle(run),
};
