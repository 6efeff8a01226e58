import {
  type AnalyticsSettings,
  type ErrorReportingSettings,
  type ServerStatus,
  type StatusBanner,
  SURVEY_DELAY_SECONDS,
  statusEndpoints,
} from '@quire/contracts';
import { useQuery } from '@tanstack/react-query';
import { endpointPath } from '../../api/call';
import { api } from '../../api/client';
import { queryClient } from '../../lib/query-client';

/** How long one answer of the server status is reused. */
export const STATUS_TTL_MS = 30_000;
/** A status check never holds a page longer than this; a slow server counts as "no maintenance". */
export const STATUS_TIMEOUT_MS = 4_000;

export const statusKeys = { status: ['status'] as const };

/**
 * The server's maintenance flag and banner, cached for 30 s. Resolves to null when the status is
 * unknown (the call failed): the site then behaves as if there were no maintenance.
 */
export function loadServerStatus(): Promise<ServerStatus | null> {
  return queryClient.fetchQuery({ queryKey: statusKeys.status, queryFn: fetchStatus, staleTime: STATUS_TTL_MS });
}

/** The last known status, for the banner; null before the first answer or after a failure. */
export function getServerStatusSnapshot(): ServerStatus | null {
  return queryClient.getQueryData<ServerStatus | null>(statusKeys.status) ?? null;
}

/** Marks the cached status as old, so the next check asks the server again (the maintenance page's retry). */
export function invalidateServerStatus(): void {
  void queryClient.invalidateQueries({ queryKey: statusKeys.status, refetchType: 'none' });
}

/** The last known status for components; asks for nothing itself (the page guards do). */
export function useServerStatus(): ServerStatus | null {
  const { data } = useQuery({ queryKey: statusKeys.status, queryFn: fetchStatus, enabled: false });
  return data ?? null;
}

async function fetchStatus(): Promise<ServerStatus | null> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), STATUS_TIMEOUT_MS);
  try {
    const endpoint = statusEndpoints.status;
    const answer = await api.get<unknown>(endpointPath(endpoint, {}), {
      signal: controller.signal,
      service: endpoint.service,
    });
    return parseStatus(answer);
  } catch (error) {
    console.warn('Server status unknown', error);
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/** Accepts only a well-formed status; anything else counts as unknown. Missing run-time settings take defaults. */
export function parseStatus(data: unknown): ServerStatus | null {
  if (typeof data !== 'object' || data === null) return null;
  const {
    maintenance,
    banner,
    survey_delay_seconds: delay,
    analytics,
    error_reporting: errorReporting,
  } = data as Record<string, unknown>;
  if (typeof maintenance !== 'boolean') return null;
  return {
    maintenance,
    banner: isBanner(banner) ? banner : null,
    survey_delay_seconds: typeof delay === 'number' && delay >= 0 ? delay : SURVEY_DELAY_SECONDS,
    analytics: isAnalyticsSettings(analytics) ? analytics : { provider: 'quire' },
    error_reporting: isErrorReportingSettings(errorReporting) ? errorReporting : null,
  };
}

function isErrorReportingSettings(value: unknown): value is ErrorReportingSettings {
  if (typeof value !== 'object' || value === null) return false;
  const { dsn, environment } = value as Record<string, unknown>;
  return typeof dsn === 'string' && dsn !== '' && typeof environment === 'string';
}

function isAnalyticsSettings(value: unknown): value is AnalyticsSettings {
  if (typeof value !== 'object' || value === null) return false;
  const { provider, domain, script_url: scriptUrl } = value as Record<string, unknown>;
  return (
    provider === 'quire' || (provider === 'plausible' && typeof domain === 'string' && typeof scriptUrl === 'string')
  );
}

function isBanner(value: unknown): value is StatusBanner {
  return value === 'unreliable' || value === 'fixing';
}
