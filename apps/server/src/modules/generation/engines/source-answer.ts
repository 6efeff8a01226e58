import { pageLocator, renderCitations } from '../../citations/citations.render';
import type { ToolOutput, ToolRun } from '../engine-types';
import { emit } from './builtin-writing';
import { builtinNote, engineT, quoted, referenceSection } from './engine-text';
import { type Candidate, candidateSentences, coverage, pickSentences, stemsOf } from './source-sentences';

/** A sentence must hold at least this share of the focus's content words to answer it. */
export const MIN_COVERAGE = 0.3;
const MAX_QUOTES = 6;

/**
 * The built-in engine's answer to a free request (freestyle, own applications): the source sentences that
 * answer `query`, quoted and cited under `intro`, then the reference list and the built-in note. A sentence
 * counts only when it covers enough of `focus` (the query unless given); null when none does, so the caller
 * can say what is missing instead of inventing a text.
 */
export function answerFromSources(
  run: ToolRun<unknown>,
  { query, focus = query, intro }: { query: string; focus?: string; intro: string },
): ToolOutput | null {
  const queryStems = stemsOf(query, run.language);
  const focusStems = stemsOf(focus, run.language);
  const needed = focusStems.size > 0 ? focusStems : queryStems;
  const relevant = candidateSentences(run.sources, run.language).filter(
    (candidate) => needed.size > 0 && coverage(candidate, needed) >= MIN_COVERAGE && sharesTwo(candidate, needed),
  );
  if (relevant.length === 0) return null;
  const quotes = pickSentences(relevant, queryStems, MAX_QUOTES, new Map()).sort((a, b) => a.order - b.order);
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
    intro,
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

/** A one-word overlap is chance; an answer shares at least two content words with a longer request. */
function sharesTwo(candidate: Candidate, query: ReadonlySet<string>): boolean {
  let shared = 0;
  for (const stem of query) if (candidate.stems.has(stem)) shared++;
  return shared >= Math.min(2, query.size);
}

function idOf(run: ToolRun<unknown>, quote: Candidate): string {
  return run.sources[quote.sourceIndex]?.id ?? '';
}
