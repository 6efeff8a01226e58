import type { LocaleCode } from '@quire/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sources } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { retrievePassages } from '../sources/sources.retrieval';
import { findUserSource, type SourceRow } from '../sources/sources.store';
import { quotedAnswer } from './builtin-answer';
import { type ChatMessageRow, insertMessage, listMessages } from './chat.store';

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

/** Stores the question, answers it from the source's passages, stores and returns the answer. */
export async function askSource({
  db,
  userId,
  kind,
  sourceId,
  question,
  locale,
}: {
  db: Database;
  userId: string;
  kind: ChatSourceKind;
  sourceId: string;
  question: string;
  locale: LocaleCode;
}): Promise<ChatMessageRow> {
  const source = await chatSource(db, userId, kind, sourceId);
  // Unprocessed sources are never used (spec §4).
  if (source.state !== 'usable') throw new AppError('source_not_ready');
  await insertMessage(db, { userId, sourceId: source.id, role: 'user', content: question });
  const passages = await retrievePassages(db, { sourceId: source.id, question });
  const answer = quotedAnswer({ passages, sourceId: source.id, hasPages: source.type === 'document', locale });
  await db.update(sources).set({ lastUsedAt: sql`now()` }).where(eq(sources.id, source.id));
  return insertMessage(db, { userId, sourceId: source.id, role: 'assistant', engine: 'builtin', ...answer });
}
