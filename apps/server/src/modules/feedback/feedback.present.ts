import type { FeedbackResponse, ReportResultResponse } from '@quire/contracts';
import type { FeedbackRow, ResultReportRow } from './feedback.store';

export function presentFeedback(row: FeedbackRow): FeedbackResponse {
  return { id: row.id, created_at: row.createdAt.toISOString() };
}

export function presentResultReport(row: ResultReportRow): ReportResultResponse {
  return { id: row.id, created_at: row.createdAt.toISOString() };
}
