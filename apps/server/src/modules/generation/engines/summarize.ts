import type {
  GenerationSlug,
  LocaleCode,
  SummarizeSourceInputs,
  SummarizeTextInputs,
  SummaryType,
} from '@quire/contracts';
import type { z } from 'zod';
import { AppError } from '../../../http/app-error';
import { quotableParts } from '../../../text/chunking';
import { keyPhrases } from '../../../text/keywords';
import { detectLanguage } from '../../../text/language';
import { type RankedSentence, rankSentences } from '../../../text/textrank';
import { renderCitations } from '../../citations/citations.render';
import type { ToolCitation, ToolEngine, ToolOutput, ToolRun, ToolSource } from '../engine-types';
import { summarizePrompt } from '../prompts/summarize.prompt';
import { emit } from './builtin-writing';
import { blocks, builtinNote, type EngineT, engineT, joinList } from './engine-text';
import { runModelTool } from './model-writing';
import { quotable, sentencePages } from './source-sentences';
import { coverageOf, hedges } from './summary-rules';

type TextInputs = z.infer<typeof SummarizeTextInputs>;
type SourceInputs = z.infer<typeof SummarizeSourceInputs>;

/** What a summary is made of: the body and the source sentences it took, verbatim. */
type Summary = { body: string; sentences: string[] };

/**
 * A summary by TextRank: the text's most central sentences, verbatim and in their order. Informative gives
 * the key sentences; abstract 4–6 of them in one paragraph; descriptive the main topics and the sentences
 * that open them; critical the key sentences and, labelled apart, the limitations the text names itself.
 */
export function summarise({
  text,
  type,
  focus,
  language,
}: {
  text: string;
  type: SummaryType;
  focus: string | undefined;
  language: LocaleCode;
}): Summary {
  const t = engineT(language);
  const textLanguage = detectLanguage(text) ?? language;
  const ranked = rankedForSummary(text, textLanguage, focus);
  if (ranked.length === 0) return { body: t('summary.empty'), sentences: [] };
  const top = (count: number, from = ranked) =>
    [...from]
      .sort((a, b) => b.score - a.score || a.index - b.index)
      .slice(0, count)
      .sort((a, b) => a.index - b.index);
  const share = (ratio: number, min: number, max: number) =>
    Math.min(max, Math.max(min, Math.round(ranked.length * ratio)));
  switch (type) {
    case 'informative': {
      const picked = top(share(0.25, 5, 10));
      return { body: paragraphsOf(picked), sentences: texts(picked) };
    }
    case 'abstract': {
      const picked = top(share(0.1, 4, 6));
      return { body: blocks(`**${t('summary.abstract')}**`, texts(picked).join(' ')), sentences: texts(picked) };
    }
    case 'descriptive':
      return descriptive(t, language, text, textLanguage, ranked, top);
    case 'critical': {
      const keyPoints = top(share(0.15, 3, 6));
      const limitations = top(
        5,
        ranked.filter((sentence) => hedges(sentence.text, textLanguage) && !keyPoints.includes(sentence)),
      );
      return {
        body: blocks(
          `**${t('summary.keyPoints')}**`,
          paragraphsOf(keyPoints),
          `**${t('summary.limitations')}**`,
          limitations.length > 0 ? bullets(limitations) : t('summary.noLimitations'),
        ),
        sentences: texts([...keyPoints, ...limitations]),
      };
    }
  }
}

function descriptive(
  t: EngineT,
  language: LocaleCode,
  text: string,
  textLanguage: string,
  ranked: RankedSentence[],
  top: (count: number, from?: RankedSentence[]) => RankedSentence[],
): Summary {
  const topics = keyPhrases(text, { language: textLanguage, limit: 12 })
    .map((found) => found.phrase)
    .filter((phrase) => !/\p{N}/u.test(phrase))
    .slice(0, 6);
  const openers = paragraphOpeners(text, ranked);
  const developing = top(6, openers.length >= 3 ? openers : ranked.filter((sentence) => mentionsAny(sentence, topics)));
  return {
    body: blocks(
      `**${t('summary.covers')}**`,
      topics.length > 0 ? t('summary.topics', { topics: joinList(language, topics) }) : '',
      `**${t('summary.development')}**`,
      bullets(developing.length > 0 ? developing : top(4)),
    ),
    sentences: texts(developing.length > 0 ? developing : top(4)),
  };
}

function rankedForSummary(text: string, language: string, focus: string | undefined): RankedSentence[] {
  const ranked = rankSentences(text, language);
  const prose = ranked.filter((sentence) => quotable(sentence.text, language));
  const usable = prose.length >= 2 ? prose : ranked.filter((sentence) => sentence.text.split(/\s+/).length >= 4);
  if (!focus) return usable;
  return usable.map((sentence) => ({
    ...sentence,
    score: sentence.score * (1 + coverageOf(sentence.text, focus, language)),
  }));
}

/** The first ranked sentence of each paragraph of the text: where its topics are introduced. */
function paragraphOpeners(text: string, ranked: RankedSentence[]): RankedSentence[] {
  const openers: RankedSentence[] = [];
  const normalised = (value: string) => value.replace(/\s+/g, ' ').trim();
  for (const paragraph of text.split(/\n\s*\n/).map(normalised)) {
    const first = ranked.find((sentence) => paragraph.startsWith(sentence.text.slice(0, 40)));
    if (first && !openers.includes(first)) openers.push(first);
  }
  return openers;
}

function mentionsAny(sentence: RankedSentence, phrases: readonly string[]): boolean {
  const lower = sentence.text.toLowerCase();
  return phrases.some((phrase) => lower.includes(phrase));
}

function texts(sentences: readonly RankedSentence[]): string[] {
  return sentences.map((sentence) => sentence.text);
}

/** Sentences in paragraphs of at most four, so a long summary stays readable. */
function paragraphsOf(sentences: readonly RankedSentence[]): string {
  const paragraphs: string[] = [];
  for (let start = 0; start < sentences.length; start += 4) {
    paragraphs.push(texts(sentences.slice(start, start + 4)).join(' '));
  }
  return paragraphs.join('\n\n');
}

function bullets(sentences: readonly RankedSentence[]): string {
  return sentences.map((sentence) => `- ${sentence.text}`).join('\n');
}

/**
 * A source's quotable text from its passages, in page order: headings, captions and footnotes left out, each
 * leaving a paragraph break so the sentences around it stay apart.
 */
function sourceText(source: ToolSource): string {
  return [...source.passages]
    .map((passage, index) => ({ passage, index }))
    .sort((a, b) => (a.passage.pageStart ?? 0) - (b.passage.pageStart ?? 0) || a.index - b.index)
    .flatMap(({ passage }) => quotableParts(passage))
    .join('\n\n');
}

function findSource(run: ToolRun<SourceInputs>): ToolSource {
  const source = run.sources.find((candidate) => candidate.id === run.inputs.source_id) ?? run.sources[0];
  if (!source) throw new AppError('not_found');
  return source;
}

/** The summarised source's reference entry, in the run's style. */
function sourceLine(run: ToolRun<SourceInputs>, source: ToolSource): string {
  const t = engineT(run.language);
  const { references } = renderCitations({
    style: run.citationStyle,
    language: run.language,
    sources: [source],
    groups: [[{ sourceId: source.id, locator: null }]],
    unknownAuthor: t('unknownAuthor'),
  });
  return `_${t('summary.source', { reference: references[0] ?? source.title })}_`;
}

/** Each summary sentence's page: where its words are in the passage it was taken from. */
function sentenceCitations(source: ToolSource, sentences: readonly string[]): ToolCitation[] {
  return sentences.map((sentence) => ({
    sourceId: source.id,
    page: sentencePage(source, sentence),
    passage: sentence,
  }));
}

function sentencePage(source: ToolSource, sentence: string): number | null {
  const start = sentence.slice(0, 60).replace(/\s+/g, ' ');
  for (const passage of source.passages) {
    const at = passage.text.indexOf(start);
    if (at >= 0) return sentencePages(passage, at, sentence.length).pageStart;
  }
  return null;
}

function builtinText(run: ToolRun<TextInputs>): ToolOutput {
  run.stage('writing');
  const { body } = summarise({
    text: run.inputs.text,
    type: run.inputs.summary_type,
    focus: run.inputs.prompt,
    language: run.language,
  });
  return { text: emit(run, [body, builtinNote(run.locale)]), citations: [], engine: 'builtin' };
}

function builtinSource(run: ToolRun<SourceInputs>): ToolOutput {
  const source = findSource(run);
  run.stage('writing');
  const { body, sentences } = summarise({
    text: sourceText(source),
    type: run.inputs.summary_type,
    focus: run.inputs.prompt,
    language: run.language,
  });
  const text = emit(run, [sourceLine(run, source), body, builtinNote(run.locale)]);
  return { text, citations: sentenceCitations(source, sentences), engine: 'builtin' };
}

function textEngine(slug: GenerationSlug): ToolEngine<TextInputs> {
  return {
    slug,
    usesSources: false,
    run: async (run) => {
      if (run.ai.engine !== 'model') return builtinText(run);
      const prompt = summarizePrompt({
        text: run.inputs.text,
        type: run.inputs.summary_type,
        language: run.language,
        focus: run.inputs.prompt,
      });
      return runModelTool(run, run.ai, prompt, { cite: false });
    },
  };
}

export const summarizeEngine = textEngine('summarize');
export const summarizeTextEngine = textEngine('summarize-text');

export const summarizeSourceEngine: ToolEngine<SourceInputs> = {
  slug: 'summarize-source',
  usesSources: true,
  run: async (run) => {
    if (run.ai.engine !== 'model') return builtinSource(run);
    const source = findSource(run);
    const prompt = summarizePrompt({
      text: sourceText(source),
      type: run.inputs.summary_type,
      language: run.language,
      focus: run.inputs.prompt,
    });
    const output = await runModelTool(run, run.ai, prompt, { cite: false });
    return { ...output, text: blocks(sourceLine(run, source), output.text) };
  },
};
