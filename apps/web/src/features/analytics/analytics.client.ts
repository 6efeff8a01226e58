import {
  ANALYTICS_LIMITS,
  type AnalyticsBatchRequest,
  type AnalyticsEvent,
  type AnalyticsEventName,
  analyticsEndpoints,
  analyticsPath,
  type DeviceClass,
  parseLocalePath,
} from '@quire/contracts';
import { buildUrl } from '../../api/client';

/** How long events wait to be sent together; leaving the page sends them at once. */
export const FLUSH_DELAY_MS = 2_000;
const SESSION_KEY = 'quire_analytics_session';

export type Tracker = {
  /** Counts a page view of `pathname` (its query string is never used). */
  pageView(pathname: string): void;
  /** Counts an event on the page at `pathname`, such as a tool run. */
  event(name: AnalyticsEventName, pathname: string, detail?: string): void;
  /** Sends what is waiting; with `leaving`, by sendBeacon, which survives the page being closed. */
  flush(leaving?: boolean): void;
  /** Consent withdrawn: forgets what is waiting and sends nothing any more. */
  stop(): void;
};

/**
 * Quire's own analytics: events wait a moment and go to POST /api/analytics/events in one batch with a random
 * id for this tab, never with the session's access token. (A beacon carries the site's cookies, as browsers
 * send them; the endpoint reads none.)
 */
export function createQuireTracker(options: { flushDelayMs?: number } = {}): Tracker {
  const flushDelayMs = options.flushDelayMs ?? FLUSH_DELAY_MS;
  const url = buildUrl('api', analyticsEndpoints.events.path);
  let queue: AnalyticsEvent[] = [];
  let timer: number | undefined;
  let stopped = false;
  let referrerHost = externalReferrerHost();

  function enqueue(event: AnalyticsEvent) {
    if (stopped) return;
    queue.push(event);
    if (queue.length >= ANALYTICS_LIMITS.eventsPerBatch) flush();
    else timer ??= window.setTimeout(() => flush(), flushDelayMs);
  }

  function flush(leaving = false) {
    window.clearTimeout(timer);
    timer = undefined;
    if (stopped || queue.length === 0) return;
    const batch: AnalyticsBatchRequest = { session_id: tabSessionId(), device: deviceClass(), events: queue };
    queue = [];
    const body = JSON.stringify(batch);
    if (leaving && typeof navigator.sendBeacon === 'function') {
      if (navigator.sendBeacon(url, new Blob([body], { type: 'application/json' }))) return;
    }
    fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
      keepalive: true,
      credentials: 'omit',
    }).catch((error: unknown) => console.warn('Analytics events could not be sent', error));
  }

  return {
    pageView(pathname) {
      // The referring site counts once, for the page the visitor arrived on.
      enqueue({ ...describePage(pathname), name: 'page_view', referrer_host: referrerHost });
      referrerHost = null;
    },
    event(name, pathname, detail) {
      enqueue({ ...describePage(pathname), name, ...(detail ? { detail } : {}) });
    },
    flush,
    stop() {
      stopped = true;
      window.clearTimeout(timer);
      queue = [];
    },
  };
}

function describePage(pathname: string): Pick<AnalyticsEvent, 'path' | 'locale'> {
  return { path: analyticsPath(pathname), locale: parseLocalePath(pathname).locale };
}

/** Random per tab (sessionStorage is per tab), made only once the visitor consented. */
export function tabSessionId(): string {
  try {
    const known = window.sessionStorage.getItem(SESSION_KEY);
    if (known) return known;
    const made = crypto.randomUUID();
    window.sessionStorage.setItem(SESSION_KEY, made);
    return made;
  } catch {
    return crypto.randomUUID();
  }
}

/** A coarse class from the viewport width, instead of anything the user agent tells. */
export function deviceClass(width: number = window.innerWidth): DeviceClass {
  if (width < 600) return 'mobile';
  if (width < 960) return 'tablet';
  return 'desktop';
}

/** The host of the page that linked here, when it is another site; never its path or query. */
export function externalReferrerHost(referrer: string = document.referrer): string | null {
  if (!referrer) return null;
  try {
    const host = new URL(referrer).host.toLowerCase();
    return host && host !== window.location.host.toLowerCase() ? host : null;
  } catch {
    return null;
  }
}
