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

export async function insertMessage(db: Database, message: NewChatMessage): Promise<ChatMessageRow> {
  const [row] = await db.insert(chatMessages).values(message).returning();
  if (!row) throw new Error('inserting a chat message returned no row');
  return row;
}
