import {
  feedbackEndpoints as endpoints,
  type FeedbackRequest,
  type FeedbackResponse,
  type ReportResultRequest,
  type ReportResultResponse,
} from '@quire/contracts';
import { call } from '../../api/call';

/** The feedback dialog's message and optional rating. */
export function sendFeedback(feedback: FeedbackRequest): Promise<FeedbackResponse> {
  return call(endpoints.send, { body: feedback });
}

/** "report a result" for one of the user's results. */
export function reportResult(report: ReportResultRequest): Promise<ReportResultResponse> {
  return call(endpoints.report, { body: report });
}
