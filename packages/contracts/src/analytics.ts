import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { LocaleCode } from './locale-schemas';
import { localePath, matchPage, PAGES, type PageId } from './pages';

/**
 * Consent-gated, first-party analytics (spec §7 "an analytics service"): page views and a few events,
 * counted per anonymous tab session. No IP address, user id or user agent is ever sent or stored.
 */

/** What the web app counts: page views on navigation, a tool run started, a finished sign-up. */
export const ANALYTICS_EVENT_NAMES = ['page_view', 'tool_run', 'sign_up'] as const;
export const AnalyticsEventName = z.enum(ANALYTICS_EVENT_NAMES);
export type AnalyticsEventName = z.infer<typeof AnalyticsEventName>;

/** A coarse device class from the viewport width instead of the user agent. */
export const DEVICE_CLASSES = ['mobile', 'tablet', 'desktop'] as const;
export const DeviceClass = z.enum(DEVICE_CLASSES);
export type DeviceClass = z.infer<typeof DeviceClass>;

export const ANALYTICS_LIMITS = {
  /** Events in one batch. */
  eventsPerBatch: 25,
  /** Bytes of one batch's body; larger bodies are refused before they are parsed. */
  batchBytes: 16 * 1024,
  pathLength: 300,
  /** The longest period the operator summary covers. */
  summaryMaxDays: 366,
} as const;

/** A path without query string or fragment (those may carry personal data or tokens). */
const AnalyticsPath = z
  .string()
  .max(ANALYTICS_LIMITS.pathLength)
  .regex(/^\/[^?#\s]*$/);

/** Only a host name, never a whole referring address. */
const HostName = z
  .string()
  .max(253)
  .regex(/^[a-z0-9.-]+(:\d{1,5})?$/i);

export const AnalyticsEvent = z.object({
  name: AnalyticsEventName,
  path: AnalyticsPath,
  locale: LocaleCode,
  referrer_host: HostName.nullable().optional(),
  /** What the event is about, such as the tool of a tool run. */
  detail: z
    .string()
    .max(64)
    .regex(/^[a-z0-9-]+$/)
    .optional(),
});
export type AnalyticsEvent = z.infer<typeof AnalyticsEvent>;

/** One tab's events, sent in a batch (with sendBeacon when the page is left). */
export const AnalyticsBatchRequest = z.object({
  /** Random, made by the tab (sessionStorage); it links events of one visit and nothing else. */
  session_id: z.string().regex(/^[A-Za-z0-9-]{8,64}$/),
  device: DeviceClass,
  events: z.array(AnalyticsEvent).min(1).max(ANALYTICS_LIMITS.eventsPerBatch),
});
export type AnalyticsBatchRequest = z.infer<typeof AnalyticsBatchRequest>;

export const AnalyticsBatchResponse = z.object({ accepted: z.number().int().nonnegative() });
export type AnalyticsBatchResponse = z.infer<typeof AnalyticsBatchResponse>;

/** The period of the analytics summary, in days (operators only). */
export const AnalyticsSummaryQuery = z.object({
  days: z.coerce.number().int().min(1).max(ANALYTICS_LIMITS.summaryMaxDays).default(30),
});
export type AnalyticsSummaryQuery = z.infer<typeof AnalyticsSummaryQuery>;

export const AnalyticsSummary = z.object({
  days: z.number().int(),
  /** First and last day covered (UTC, YYYY-MM-DD). */
  from: z.iso.date(),
  to: z.iso.date(),
  totals: z.object({ page_views: z.number().int(), sessions: z.number().int(), events: z.number().int() }),
  /** Every day of the period, days without views included. */
  page_views: z.array(z.object({ day: z.iso.date(), views: z.number().int(), sessions: z.number().int() })),
  top_paths: z.array(z.object({ path: z.string(), views: z.number().int() })),
  top_events: z.array(z.object({ name: AnalyticsEventName, detail: z.string().nullable(), count: z.number().int() })),
  devices: z.array(z.object({ device: DeviceClass, views: z.number().int() })),
});
export type AnalyticsSummary = z.infer<typeof AnalyticsSummary>;

/**
 * Where the web app sends analytics, learnt from the server status so no rebuild is needed: Quire's own
 * endpoint, or Plausible when PLAUSIBLE_DOMAIN is configured. Either only with analytics consent.
 */
export const AnalyticsSettings = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('quire') }),
  z.object({ provider: z.literal('plausible'), domain: z.string(), script_url: z.string() }),
]);
export type AnalyticsSettings = z.infer<typeof AnalyticsSettings>;

/** Pages whose parameters are private (a share link's token, an own application's id): counted by pattern. */
const PRIVATE_PARAMETER_PAGES: readonly PageId[] = ['shared', 'ownApp', 'ownAppEdit'];

/** What a path that is no page is counted as: its text could be anything a visitor typed. */
export const NOT_FOUND_ANALYTICS_PATH = '/(not-found)';

/**
 * The path analytics may keep for a location: without query string, private parameters replaced by their
 * name (`/shared/:token`), and any path that is no page counted as one.
 */
export function analyticsPath(pathname: string): string {
  const page = matchPage(pathname.split(/[?#]/)[0] ?? '/');
  if (!page) return NOT_FOUND_ANALYTICS_PATH;
  if (!PRIVATE_PARAMETER_PAGES.includes(page.id)) {
    return localePath(page.locale, fillPattern(PAGES[page.id].path, page.params));
  }
  return localePath(page.locale, PAGES[page.id].path);
}

function fillPattern(pattern: string, params: Record<string, string>): string {
  return pattern
    .split('/')
    .map((part) => (part.startsWith(':') ? encodeURIComponent(params[part.slice(1)] ?? '') : part))
    .join('/');
}

export const analyticsEndpoints = {
  /** Page views and events of a visitor who consented; public, the body carries no personal data. */
  events: defineEndpoint({
    method: 'POST',
    service: 'api',
    path: '/analytics/events',
    body: AnalyticsBatchRequest,
    response: AnalyticsBatchResponse,
    status: 202,
  }),
  /** Visits and events, for the operators (OPERATOR_EMAILS); others get 404. */
  summary: defineEndpoint({
    method: 'GET',
    service: 'api',
    path: '/analytics/summary',
    query: AnalyticsSummaryQuery,
    response: AnalyticsSummary,
  }),
};
