import type { AnalyticsSummary } from '@quire/contracts';
import { api } from '../../api/client';

/** GET /api/analytics/summary?days=…: visits and events, for operators only (others get 404). */
export function loadAnalyticsSummary(days: number, signal?: AbortSignal): Promise<AnalyticsSummary> {
  return api.get<AnalyticsSummary>('/analytics/summary', { query: { days }, signal });
}
