import { and, count, countDistinct, desc, eq, gte, lt, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { analyticsEvents } from '../../db/schema';

export type NewAnalyticsEvent = typeof analyticsEvents.$inferInsert;

/** How many top paths and top events the summary lists. */
const TOP = 20;

export async function insertAnalyticsEvents(db: Database, events: NewAnalyticsEvent[]): Promise<number> {
  if (events.length === 0) return 0;
  await db.insert(analyticsEvents).values(events);
  return events.length;
}

export type Period = { from: Date; to: Date };

const inPeriod = ({ from, to }: Period) =>
  and(gte(analyticsEvents.occurredAt, from), lt(analyticsEvents.occurredAt, to));
const isPageView = eq(analyticsEvents.name, 'page_view');
const day = sql<string>`to_char(${analyticsEvents.occurredAt} at time zone 'UTC', 'YYYY-MM-DD')`;

/** Page views and distinct tab sessions per UTC day that had any. */
export async function pageViewsPerDay(
  db: Database,
  period: Period,
): Promise<{ day: string; views: number; sessions: number }[]> {
  return db
    .select({ day, views: count(), sessions: countDistinct(analyticsEvents.sessionId) })
    .from(analyticsEvents)
    .where(and(inPeriod(period), isPageView))
    .groupBy(day)
    .orderBy(day);
}

export async function topPaths(db: Database, period: Period): Promise<{ path: string; views: number }[]> {
  const views = count();
  return db
    .select({ path: analyticsEvents.path, views })
    .from(analyticsEvents)
    .where(and(inPeriod(period), isPageView))
    .groupBy(analyticsEvents.path)
    .orderBy(desc(views), analyticsEvents.path)
    .limit(TOP);
}

/** Events other than page views, by name and what they were about. */
export async function topEvents(
  db: Database,
  period: Period,
): Promise<{ name: 'page_view' | 'tool_run' | 'sign_up'; detail: string | null; count: number }[]> {
  const total = count();
  return db
    .select({ name: analyticsEvents.name, detail: analyticsEvents.detail, count: total })
    .from(analyticsEvents)
    .where(and(inPeriod(period), ne(analyticsEvents.name, 'page_view')))
    .groupBy(analyticsEvents.name, analyticsEvents.detail)
    .orderBy(desc(total), analyticsEvents.name, analyticsEvents.detail)
    .limit(TOP);
}

export async function pageViewsByDevice(
  db: Database,
  period: Period,
): Promise<{ device: 'mobile' | 'tablet' | 'desktop'; views: number }[]> {
  const views = count();
  return db
    .select({ device: analyticsEvents.device, views })
    .from(analyticsEvents)
    .where(and(inPeriod(period), isPageView))
    .groupBy(analyticsEvents.device)
    .orderBy(desc(views));
}

export async function periodTotals(
  db: Database,
  period: Period,
): Promise<{ pageViews: number; sessions: number; events: number }> {
  const [row] = await db
    .select({
      pageViews: sql<number>`count(*) filter (where ${analyticsEvents.name} = 'page_view')`.mapWith(Number),
      sessions: countDistinct(analyticsEvents.sessionId),
      events: sql<number>`count(*) filter (where ${analyticsEvents.name} <> 'page_view')`.mapWith(Number),
    })
    .from(analyticsEvents)
    .where(inPeriod(period));
  return row ?? { pageViews: 0, sessions: 0, events: 0 };
}
