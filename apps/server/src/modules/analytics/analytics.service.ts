import { type AnalyticsBatchRequest, type AnalyticsSummary, analyticsPath } from '@quire/contracts';
import type { Database } from '../../db/client';
import {
  insertAnalyticsEvents,
  pageViewsByDevice,
  pageViewsPerDay,
  periodTotals,
  topEvents,
  topPaths,
} from './analytics.store';

const DAY_MS = 86_400_000;

/**
 * Stores one tab's batch of events. Paths are cut down again here (no query string, private parameters
 * replaced), so a client that does not do it itself cannot put tokens or personal data into the table.
 */
export async function recordAnalyticsEvents({
  db,
  batch,
}: {
  db: Database;
  batch: AnalyticsBatchRequest;
}): Promise<number> {
  return insertAnalyticsEvents(
    db,
    batch.events.map((event) => ({
      name: event.name,
      path: analyticsPath(event.path),
      locale: event.locale,
      referrerHost: event.referrer_host?.toLowerCase() ?? null,
      detail: event.detail ?? null,
      sessionId: batch.session_id,
      device: batch.device,
    })),
  );
}

/** Visits and events of the last `days` UTC days, today included, for the operators' dashboard. */
export async function summarizeAnalytics({
  db,
  days,
  now = new Date(),
}: {
  db: Database;
  days: number;
  now?: Date;
}): Promise<AnalyticsSummary> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const period = { from: new Date(today - (days - 1) * DAY_MS), to: new Date(today + DAY_MS) };
  const [perDay, paths, events, devices, totals] = await Promise.all([
    pageViewsPerDay(db, period),
    topPaths(db, period),
    topEvents(db, period),
    pageViewsByDevice(db, period),
    periodTotals(db, period),
  ]);
  const byDay = new Map(perDay.map((row) => [row.day, row]));
  const allDays = Array.from({ length: days }, (_, index) => isoDay(period.from.getTime() + index * DAY_MS));
  return {
    days,
    from: isoDay(period.from.getTime()),
    to: isoDay(today),
    totals: { page_views: totals.pageViews, sessions: totals.sessions, events: totals.events },
    page_views: allDays.map((day) => ({
      day,
      views: byDay.get(day)?.views ?? 0,
      sessions: byDay.get(day)?.sessions ?? 0,
    })),
    top_paths: paths,
    top_events: events,
    devices,
  };
}

function isoDay(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}
