import type { LocaleCode } from '@quire/contracts';
import { pageLocator, renderCitations } from '../../citations/citations.render';
import type { ToolCitation, ToolOutput, ToolRun } from '../engine-types';
import { blocks, builtinNote, type EngineT, engineT, joinList, quoted, referenceSection } from './engine-text';
import { type Candidate, pickSentences, stemsOf } from './source-sentences';

/** A paragraph the built-in engine will write: connecting sentences around quoted source sentences. */
export type ParagraphPlan = { before: string[]; quotes: Candidate[]; after: string[] };
/** A part of the text: an optional heading and its paragraphs. */
export type SectionPlan = { heading: string | null; paragraphs: ParagraphPlan[] };

const LEADS = ['write.lead1', 'write.lead2', 'write.lead3', 'write.lead4'];

/**
 * Plans `count` paragraphs, one aspect each: an opening sentence naming the aspect, then the source
 * sentences that best match the focus and the aspect. `uses` counts sentences already quoted, so a
 * sentence is repeated only when the sources have nothing better left.
 */
export function planParagraphs({
  t,
  candidates,
  focus,
  aspects,
  count,
  quotesPerParagraph,
  uses,
  language,
}: {
  t: EngineT;
  candidates: readonly Candidate[];
  focus: ReadonlySet<string>;
  aspects: readonly string[];
  count: number;
  quotesPerParagraph: number;
  uses: Map<number, number>;
  language: LocaleCode;
}): ParagraphPlan[] {
  return Array.from({ length: count }, (_, index) => {
    const aspect = aspects.length > 0 ? (aspects[index % aspects.length] as string) : null;
    const query = new Set([...focus, ...(aspect ? stemsOf(aspect, language) : [])]);
    const quotes = pickSentences(candidates, query, quotesPerParagraph, uses);
    return { before: aspect ? [aspectSentence(t, aspect, index, count)] : [], quotes, after: [] };
  });
}

function aspectSentence(t: EngineT, aspect: string, index: number, count: number): string {
  if (index === 0) return t('write.aspectFirst', { aspect });
  if (index === count - 1) return t('write.aspectLast', { aspect });
  return t(index % 2 === 1 ? 'write.aspectNext' : 'write.aspectAlso', { aspect });
}

/** The closing sentence naming how the cited sources approach the topic. */
export function closingSentence(t: EngineT, language: LocaleCode, topic: string, aspects: readonly string[]): string {
  return aspects.length === 0 ? '' : t('write.close', { topic, aspects: joinList(language, aspects.slice(0, 3)) });
}

/**
 * Writes the planned sections: in-text citations in the run's style (all rendered at once, so numbering and
 * disambiguation agree), paragraph by paragraph through `run.write`, then the reference list of exactly the
 * cited sources and the built-in engine's note.
 */
export function writePlannedText(
  run: ToolRun<unknown>,
  sections: readonly SectionPlan[],
  { instructionIgnored = false }: { instructionIgnored?: boolean } = {},
): ToolOutput {
  const t = engineT(run.language);
  const quotes = sections.flatMap((section) => section.paragraphs.flatMap((paragraph) => paragraph.quotes));
  const { inText, references } = renderCitations({
    style: run.citationStyle,
    language: run.language,
    sources: run.sources,
    groups: quotes.map((quote) => [
      { sourceId: sourceIdOf(run, quote), locator: pageLocator(quote.pageStart, quote.pageEnd) },
    ]),
    unknownAuthor: t('unknownAuthor'),
  });
  const pieces: string[] = [];
  let quoteIndex = 0;
  for (const section of sections) {
    if (section.heading) pieces.push(`## ${section.heading}`);
    for (const paragraph of section.paragraphs) {
      const sentences = paragraph.quotes.map((quote) => {
        const lead = t(LEADS[quoteIndex % LEADS.length] as string);
        return `${lead} ${quoted(run.language, quote.sentence)} ${inText[quoteIndex++]}.`;
      });
      pieces.push([...paragraph.before, ...sentences, ...paragraph.after].filter(Boolean).join(' '));
    }
  }
  pieces.push(
    referenceSection(run.citationStyle, run.language, references),
    builtinNote(run.locale, { instructionIgnored }),
  );
  return {
    text: emit(run, pieces),
    citations: quotes.map((quote) => citationOf(run, quote)),
    engine: 'builtin',
  };
}

/** Streams the non-empty pieces as paragraphs; the text returned is exactly what was written. */
export function emit(run: ToolRun<unknown>, pieces: readonly string[]): string {
  const text = blocks(...pieces);
  const kept = pieces.filter((piece) => piece.trim());
  kept.forEach((piece, index) => {
    run.write(index === 0 ? piece : `\n\n${piece}`);
  });
  return text;
}

/** The answer when no source gave the built-in engine anything to write from. */
export function noSourcesOutput(run: ToolRun<unknown>): ToolOutput {
  const text = emit(run, [`_${engineT(run.locale)('note.noSources')}_`]);
  return { text, citations: [], engine: 'builtin' };
}

function sourceIdOf(run: ToolRun<unknown>, quote: Candidate): string {
  return run.sources[quote.sourceIndex]?.id ?? '';
}

function citationOf(run: ToolRun<unknown>, quote: Candidate): ToolCitation {
  return { sourceId: sourceIdOf(run, quote), page: quote.pageStart, passage: quote.sentence };
}
