import type { AnalyticsEventName } from '@quire/contracts';
import type { Tracker } from './analytics.client';

type PlausibleSettings = { domain: string; script_url: string };
type PlausibleFunction = ((event: string, options?: { props?: Record<string, string> }) => void) & { q?: unknown[] };

declare global {
  interface Window {
    plausible?: PlausibleFunction;
  }
}

const SCRIPT_ID = 'quire-plausible';
/** Plausible's own switch to count nothing from this browser. */
const IGNORE_KEY = 'plausible_ignore';

/**
 * Plausible instead of Quire's endpoint (PLAUSIBLE_DOMAIN): its script counts page views itself, navigation
 * inside the app included; events go through `window.plausible`. Loaded only with analytics consent.
 */
export function createPlausibleTracker(settings: PlausibleSettings): Tracker {
  setIgnored(false);
  window.plausible ??= Object.assign(
    (...args: Parameters<PlausibleFunction>) => {
      // Calls made before the script arrived wait in its queue.
      const queued = window.plausible as PlausibleFunction;
      queued.q = [...(queued.q ?? []), args];
    },
    { q: [] as unknown[] },
  );
  if (!document.getElementById(SCRIPT_ID)) {
    const script = document.createElement('script');
    script.id = SCRIPT_ID;
    script.defer = true;
    script.dataset.domain = settings.domain;
    script.src = settings.script_url;
    document.head.append(script);
  }
  return {
    pageView() {
      // The script counts page views on its own.
    },
    event(name: AnalyticsEventName, _pathname: string, detail?: string) {
      window.plausible?.(name, detail ? { props: { detail } } : undefined);
    },
    flush() {
      // The script sends each event as it happens.
    },
    stop() {
      // A loaded script cannot be unloaded; Plausible's own switch makes it count nothing more.
      setIgnored(true);
      document.getElementById(SCRIPT_ID)?.remove();
    },
  };
}

function setIgnored(ignored: boolean): void {
  try {
    if (ignored) window.localStorage.setItem(IGNORE_KEY, 'true');
    else window.localStorage.removeItem(IGNORE_KEY);
  } catch {
    // Without storage the script keeps counting until the page is left; it was loaded with consent.
  }
}
