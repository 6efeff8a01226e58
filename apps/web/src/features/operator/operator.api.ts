import { type AnalyticsSummary, analyticsEndpoints } from '@quire/contracts';
import { call } from '../../api/call';

/** Visits and events, for operators only (others get 404). */
export function loadAnalyticsSummary(days: number, signal?: AbortSignal): Promise<AnalyticsSummary> {
  return call(analyticsEndpoints.summary, { query: { days } }, { signal });
}
