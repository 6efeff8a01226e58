import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { feedbackMessages, generations, resultReports } from '../../db/schema';

export type FeedbackRow = typeof feedbackMessages.$inferSelect;
export type ResultReportRow = typeof resultReports.$inferSelect;

export async function insertFeedback(
  db: Database,
  feedback: typeof feedbackMessages.$inferInsert,
): Promise<FeedbackRow> {
  const [row] = await db.insert(feedbackMessages).values(feedback).returning();
  if (!row) throw new Error('insert into feedback_messages returned no row');
  return row;
}

/** Whether the result exists and belongs to the user: nobody reports (or learns of) another user's result. */
export async function ownsResult(db: Database, userId: string, generationId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: generations.id })
    .from(generations)
    .where(and(eq(generations.id, generationId), eq(generations.userId, userId)));
  return Boolean(row);
}

export async function insertResultReport(
  db: Database,
  report: typeof resultReports.$inferInsert,
): Promise<ResultReportRow> {
  const [row] = await db.insert(resultReports).values(report).returning();
  if (!row) throw new Error('insert into result_reports returned no row');
  return row;
}
