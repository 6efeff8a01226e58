import type { Citation, LibraryAnswer, LocaleCode } from '@quire/contracts';
import { checkCitations } from '../../ai/citations';
import type { AiGateway } from '../../ai/gateway';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import { translator } from '../../http/i18n';
import { type RetrievedPassage, retrievePassages } from '../sources/sources.retrieval';
import { listUserSources, type SourceRow } from '../sources/sources.service';
import { answeringPassages } from './builtin-answer';
import { NOT_IN_SOURCE_MARKER } from './model-prompt';

/** Passages read from each source; a source rarely answers with more than its best two. */
const PASSAGES_PER_SOURCE = 2;
/** Passages an answer across the library cites at most. */
const MAX_CITED = 5;
/** A passage from another source is cited only when it is nearly as relevant as the best one. */
const RELATIVE_THRESHOLD = 0.75;
const MAX_ANSWER_TOKENS = 900;

type SourcePassage = RetrievedPassage & { source: SourceRow };

/**
 * The signed-in user's ready sources a library-wide question goes to: all of them, or the ones named — a named
 * source that is not theirs, or not ready, is not found, so another user's ids never leak or get read.
 */
export async function librarySources(
  db: Database,
  userId: string,
  sourceIds?: readonly string[],
): Promise<SourceRow[]> {
  const own = [...(await listUserSources(db, userId, 'document')), ...(await listUserSources(db, userId, 'website'))];
  const ready = own.filter((source) => source.state === 'usable');
  if (!sourceIds) return ready;
  const byId = new Map(ready.map((source) => [source.id, source]));
  return [...new Set(sourceIds)].map((id) => {
    const source = byId.get(id);
    if (!source) throw new AppError('not_found');
    return source;
  });
}

/**
 * Answers one question across several sources: each source is searched as single-source chat searches it,
 * only passages relevant enough by the same answer policy are kept, and those nearly as relevant as the best
 * are cited with their source and page — a source that does not bear on the question is not cited. The
 * built-in engine quotes them; a language model writes from them and its citations are checked.
 */
export async function answerLibraryQuestion({
  db,
  ai,
  sources,
  question,
  locale,
  signal,
  onText,
}: {
  db: Database;
  ai: AiGateway;
  sources: SourceRow[];
  question: string;
  locale: LocaleCode;
  signal?: AbortSignal;
  onText?: (text: string) => void;
}): Promise<LibraryAnswer> {
  const t = translator(locale);
  const found: SourcePassage[] = [];
  for (const source of sources) {
    signal?.throwIfAborted();
    const passages = await retrievePassages(db, { sourceId: source.id, question, limit: PASSAGES_PER_SOURCE });
    found.push(...answeringPassages(passages).map((passage) => ({ ...passage, source })));
  }
  const best = Math.max(0, ...found.map((passage) => passage.relevance));
  const cited = found
    .filter((passage) => passage.relevance >= best * RELATIVE_THRESHOLD)
    .sort((a, b) => b.relevance - a.relevance || b.score - a.score)
    .slice(0, MAX_CITED);
  const notInLibrary = { content: t('chat:notInLibrary'), citations: [], searched: sources.length };
  if (cited.length === 0) {
    onText?.(notInLibrary.content);
    return { ...notInLibrary, engine: ai.engine };
  }
  if (ai.engine === 'model') {
    return { ...(await modelLibraryAnswer({ ai, cited, question, locale, signal, onText })), searched: sources.length };
  }
  const answer = quotedLibraryAnswer(cited, locale);
  for (const paragraph of answer.content.split(/(?<=\n\n)/)) onText?.(paragraph);
  return { ...answer, engine: 'builtin', searched: sources.length };
}

function citationOf(passage: SourcePassage): Citation {
  return {
    sourceId: passage.source.id,
    page: passage.source.type === 'document' ? passage.page : null,
    passage: passage.evidence,
  };
}

function label(passage: SourcePassage, locale: LocaleCode): string {
  const t = translator(locale);
  const title = passage.source.title ?? passage.source.name;
  return passage.source.type === 'document' ? `${title}, ${t('chat:page', { page: passage.page })}` : title;
}

function quotedLibraryAnswer(cited: SourcePassage[], locale: LocaleCode) {
  const t = translator(locale);
  const quotes = cited.map((passage, index) => `> ${passage.evidence} (${label(passage, locale)}) [${index + 1}]`);
  return {
    content: [t('chat:libraryIntro'), ...quotes, `_${t('chat:engineNote')}_`].join('\n\n'),
    citations: cited.map(citationOf),
  };
}

const LIBRARY_QA_SYSTEM = `You answer a student's question using only the numbered passages you are given, which come from several sources of their library.

Rules:
- Use only what the passages say. Do not add facts from elsewhere, and do not guess.
- After every statement, cite the passage it comes from by its number in square brackets, e.g. [1] or [2][3]. Cite only numbers you were given.
- Answer in the language the question is written in, even when the passages are in another language.
- Be concise: a few sentences, or a short list when the question asks for several things.
- If the passages do not answer the question, reply with exactly ${NOT_IN_SOURCE_MARKER} and nothing else.`;

async function modelLibraryAnswer({
  ai,
  cited,
  question,
  locale,
  signal,
  onText,
}: {
  ai: Extract<AiGateway, { engine: 'model' }>;
  cited: SourcePassage[];
  question: string;
  locale: LocaleCode;
  signal?: AbortSignal;
  onText?: (text: string) => void;
}): Promise<Omit<LibraryAnswer, 'searched'>> {
  const t = translator(locale);
  const numbered = cited.map((passage, index) => `[${index + 1}] (${label(passage, 'en')}) ${passage.text}`);
  const prompt = ['Passages:', ...numbered, `Question: ${question}`].join('\n\n');
  let written = '';
  for await (const piece of ai.streamText({
    system: LIBRARY_QA_SYSTEM,
    prompt,
    signal,
    maxOutputTokens: MAX_ANSWER_TOKENS,
  })) {
    written += piece;
  }
  const notInLibrary = { content: t('chat:notInLibrary'), citations: [], engine: 'model' as const };
  if (written.includes(NOT_IN_SOURCE_MARKER)) {
    onText?.(notInLibrary.content);
    return notInLibrary;
  }
  const checked = checkCitations(written.trim(), cited.length);
  if (checked.used.length === 0) {
    onText?.(notInLibrary.content);
    return notInLibrary;
  }
  const content = `${checked.text}\n\n_${t('chat:modelNote', { model: ai.model })}_`;
  onText?.(content);
  return {
    content,
    citations: checked.used.map((index) => citationOf(cited[index] as SourcePassage)),
    engine: 'model',
  };
}
