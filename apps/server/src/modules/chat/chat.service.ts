import type { LocaleCode } from '@quire/contracts';
import { eq, sql } from 'drizzle-orm';
import type { AiGateway } from '../../ai/gateway';
import type { Database } from '../../db/client';
import { sources } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { type RetrievedPassage, retrievePassages } from '../sources/sources.retrieval';
import { findUserSource, type SourceRow } from '../sources/sources.service';
import { type Answer, quotedAnswer } from './builtin-answer';
import { type ChatMessageRow, insertExchange, listMessages } from './chat.store';
import { modelAnswer } from './model-answer';
import { translatedQuestion } from './question-translation';

/** The API's names for the two kinds of source (spec §7: documents and articles). */
export type ChatSourceKind = 'documents' | 'articles';
const SOURCE_TYPE: Record<ChatSourceKind, SourceRow['type']> = { documents: 'document', articles: 'website' };

/** A source of this user and kind; anything else is not found, so ids of others do not leak. */
export async function chatSource(db: Database, userId: string, kind: ChatSourceKind, id: string): Promise<SourceRow> {
  const source = await findUserSource(db, userId, id);
  if (!source || source.type !== SOURCE_TYPE[kind]) throw new AppError('not_found');
  return source;
}

export async function conversation(db: Database, userId: string, kind: ChatSourceKind, id: string) {
  const source = await chatSource(db, userId, kind, id);
  return listMessages(db, userId, source.id);
}

/** A source of this user and kind that can be asked about; unprocessed sources are never used (spec §4). */
export async function readySource(db: Database, userId: string, kind: ChatSourceKind, id: string): Promise<SourceRow> {
  const source = await chatSource(db, userId, kind, id);
  if (source.state !== 'usable') throw new AppError('source_not_ready');
  return source;
}

/** Passages a language model reads; the built-in engine quotes only the best few. */
const MODEL_PASSAGES = 6;

/**
 * Answers a question from a ready source — with the language model when one is configured, else with the
 * built-in engine's quotes — and stores the question with its answer. `onText` receives the answer's text
 * as it is written. A failed or cancelled answer stores nothing.
 */
export async function answerQuestion({
  db,
  ai,
  userId,
  source,
  question,
  locale,
  signal,
  onText,
}: {
  db: Database;
  ai: AiGateway;
  userId: string;
  source: SourceRow;
  question: string;
  locale: LocaleCode;
  signal?: AbortSignal;
  onText?: (text: string) => void;
}): Promise<ChatMessageRow> {
  const askedAt = new Date();
  const hasPages = source.type === 'document';
  let answer: Answer;
  if (ai.engine === 'model') {
    const passages = await retrievePassages(db, { sourceId: source.id, question, limit: MODEL_PASSAGES });
    const translation = await translatedQuestion({ ai, question, sourceLanguage: source.language, signal });
    const translated = translation
      ? await retrievePassages(db, { sourceId: source.id, question: translation, limit: MODEL_PASSAGES })
      : [];
    const about = { id: source.id, title: source.title ?? source.name, hasPages };
    const merged = mergePassages(passages, translated, MODEL_PASSAGES);
    answer = await modelAnswer({ ai, passages: merged, source: about, question, locale, signal, onText });
  } else {
    const passages = await retrievePassages(db, { sourceId: source.id, question });
    answer = quotedAnswer({ passages, sourceId: source.id, hasPages, locale });
    // The built-in engine has its whole answer at once; it goes out paragraph by paragraph.
    for (const paragraph of answer.content.split(/(?<=\n\n)/)) onText?.(paragraph);
  }
  signal?.throwIfAborted();
  await db.update(sources).set({ lastUsedAt: sql`now()` }).where(eq(sources.id, source.id));
  const base = { userId, sourceId: source.id };
  return insertExchange(db, {
    question: { ...base, role: 'user', content: question, createdAt: askedAt },
    // Never the same instant as the question, so the conversation keeps its order.
    answer: {
      ...base,
      role: 'assistant',
      engine: ai.engine,
      ...answer,
      createdAt: new Date(Math.max(Date.now(), askedAt.getTime() + 1)),
    },
  });
}

/** The passages found for the question and for its translation, each once, the most relevant first. */
function mergePassages(asked: RetrievedPassage[], translated: RetrievedPassage[], limit: number): RetrievedPassage[] {
  const byId = new Map<string, RetrievedPassage>();
  for (const passage of [...asked, ...translated]) {
    const before = byId.get(passage.chunkId);
    if (!before || passage.relevance > before.relevance) byId.set(passage.chunkId, passage);
  }
  return [...byId.values()].sort((a, b) => b.relevance - a.relevance).slice(0, limit);
}
