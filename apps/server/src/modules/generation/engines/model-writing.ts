import { checkCitations } from '../../../ai/citations';
import type { ModelGateway } from '../../../ai/gateway';
import { AppError } from '../../../http/app-error';
import { type CiteItem, pageLocator, renderCitations } from '../../citations/citations.render';
import type { ToolCitation, ToolOutput, ToolRun } from '../engine-types';
import type { ModelPrompt, NumberedPassage } from '../prompts/prompt-parts';
import { blocks, engineT, referenceSection } from './engine-text';

/** A run of numbered references as the citation check leaves them: `[1]`, `[1, 3]`, `[2][4]`. */
const REFERENCES = /(?:\[\d+(?:, \d+)*\])+/g;

/**
 * Runs a tool on the language model: streams its text through `run.write` as it comes, then (with `cite`)
 * keeps only citations of passages it was given, renders them in the run's citation style and appends the
 * reference list of the sources actually cited. A text that cites none of the given sources says so.
 */
export async function runModelTool(
  run: ToolRun<unknown>,
  ai: ModelGateway,
  prompt: ModelPrompt,
  { cite }: { cite: boolean },
): Promise<ToolOutput> {
  run.stage('creating_plan');
  run.stage('writing');
  const written = (await streamModel(run, ai, prompt)).trim();
  if (!written) throw new AppError('empty_result');
  const t = engineT(run.locale);
  if (!cite || prompt.passages.length === 0) {
    return { text: blocks(written, `_${t('note.modelPlain', { model: ai.model })}_`), citations: [], engine: 'model' };
  }
  const checked = checkCitations(written, prompt.passages.length);
  if (checked.used.length === 0) {
    return { text: blocks(checked.text, `_${t('note.uncited')}_`), citations: [], engine: 'model' };
  }
  const used = checked.used.map((index) => prompt.passages[index] as NumberedPassage);
  return {
    text: blocks(citedText(run, checked.text, used), `_${t('note.model', { model: ai.model })}_`),
    citations: used.map(citationOf),
    engine: 'model',
  };
}

/** The model's text, piece by piece through `run.write`, collected. */
export async function streamModel(run: ToolRun<unknown>, ai: ModelGateway, prompt: ModelPrompt): Promise<string> {
  let written = '';
  for await (const piece of ai.streamText({
    system: prompt.system,
    prompt: prompt.prompt,
    signal: run.signal,
    maxOutputTokens: prompt.maxOutputTokens,
  })) {
    written += piece;
    run.write(piece);
  }
  return written;
}

/** `[n]` (renumbered by the citation check: `used[n - 1]`) → the style's in-text citation, plus the list. */
function citedText(run: ToolRun<unknown>, text: string, used: readonly NumberedPassage[]): string {
  const groups: CiteItem[][] = [...text.matchAll(REFERENCES)].map((match) => citeGroup(match[0], used));
  const t = engineT(run.language);
  const { inText, references } = renderCitations({
    style: run.citationStyle,
    language: run.language,
    sources: run.sources,
    groups,
    unknownAuthor: t('unknownAuthor'),
  });
  let index = 0;
  const body = text.replace(REFERENCES, () => inText[index++] ?? '');
  return blocks(body, referenceSection(run.citationStyle, run.language, references));
}

/** One in-text citation for a run of numbers; a source cited twice in it is named once. */
function citeGroup(run: string, used: readonly NumberedPassage[]): CiteItem[] {
  const items: CiteItem[] = [];
  for (const match of run.matchAll(/\d+/g)) {
    const numbered = used[Number(match[0]) - 1];
    if (!numbered || items.some((item) => item.sourceId === numbered.source.id)) continue;
    items.push({
      sourceId: numbered.source.id,
      locator: pageLocator(numbered.passage.pageStart, numbered.passage.pageEnd),
    });
  }
  return items;
}

function citationOf({ source, passage }: NumberedPassage): ToolCitation {
  return { sourceId: source.id, page: passage.pageStart, passage: passage.text };
}
