import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { chatMessages } from '../../db/schema';

export type ChatMessageRow = typeof chatMessages.$inferSelect;
export type NewChatMessage = typeof chatMessages.$inferInsert;

export async function listMessages(db: Database, userId: string, sourceId: string): Promise<ChatMessageRow[]> {
  return db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.sourceId, sourceId), eq(chatMessages.userId, userId)))
    .orderBy(asc(chatMessages.createdAt));
}

/** A question and its answer, in one statement: a question whose answer failed is not kept half-asked. */
export async function insertExchange(
  db: Database,
  { question, answer }: { question: NewChatMessage; answer: NewChatMessage },
): Promise<ChatMessageRow> {
  const rows = await db.insert(chatMessages).values([question, answer]).returning();
  const stored = rows.find((row) => row.role === 'assistant');
  if (!stored) throw new Error('storing a chat exchange returned no answer');
  return stored;
}
