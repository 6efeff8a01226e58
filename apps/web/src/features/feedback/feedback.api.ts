import type { FeedbackRequest, FeedbackResponse, ReportResultRequest, ReportResultResponse } from '@quire/contracts';
import { api } from '../../api/client';

/** POST /api/feedback: the feedback dialog's message and optional rating. */
export function sendFeedback(feedback: FeedbackRequest): Promise<FeedbackResponse> {
  return api.post<FeedbackResponse>('/feedback', feedback);
}

/** POST /api/reports: "report a result" for one of the user's results. */
export function reportResult(report: ReportResultRequest): Promise<ReportResultResponse> {
  return api.post<ReportResultResponse>('/reports', report);
}
