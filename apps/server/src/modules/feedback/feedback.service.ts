import type { FeedbackRequest, LocaleCode, ReportResultRequest } from '@quire/contracts';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import {
  type FeedbackRow,
  insertFeedback,
  insertResultReport,
  ownsResult,
  type ResultReportRow,
} from './feedback.store';

/** Stores the feedback dialog's message and optional rating from a signed-in user. */
export async function sendFeedback({
  db,
  userId,
  feedback,
  locale,
}: {
  db: Database;
  userId: string;
  feedback: FeedbackRequest;
  locale: LocaleCode;
}): Promise<FeedbackRow> {
  return insertFeedback(db, {
    userId,
    body: feedback.body,
    rating: feedback.rating ?? null,
    path: feedback.path ?? null,
    locale,
  });
}

/** Stores a report about one of the user's own results; another user's result (or none) is "not found". */
export async function reportResult({
  db,
  userId,
  report,
  locale,
}: {
  db: Database;
  userId: string;
  report: ReportResultRequest;
  locale: LocaleCode;
}): Promise<ResultReportRow> {
  if (!(await ownsResult(db, userId, report.result_id))) throw new AppError('not_found');
  return insertResultReport(db, {
    userId,
    generationId: report.result_id,
    reason: report.reason,
    comment: report.comment || null,
    locale,
  });
}
