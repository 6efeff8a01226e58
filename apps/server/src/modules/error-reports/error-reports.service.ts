import type { ErrorReportingSettings } from '@quire/contracts';
import { AppError } from '../../http/app-error';

/** How long Sentry's ingest may take to take an envelope. */
export const INGEST_TIMEOUT_MS = 5_000;

/**
 * Passes one of the web app's envelopes on to the ingest of SENTRY_DSN. Only envelopes addressed to that DSN
 * go through, so the route is no relay to anyone else's project; nothing about the visitor is added (the
 * ingest sees the server's address, not theirs).
 */
export async function forwardEnvelope({
  envelope,
  settings,
}: {
  envelope: string;
  settings: ErrorReportingSettings;
}): Promise<void> {
  if (!isAddressedTo(envelope, settings.dsn)) throw new AppError('validation_error');
  let response: Response;
  try {
    response = await fetch(envelopeEndpoint(settings.dsn), {
      method: 'POST',
      headers: { 'content-type': 'application/x-sentry-envelope' },
      body: envelope,
      signal: AbortSignal.timeout(INGEST_TIMEOUT_MS),
    });
  } catch (error) {
    throw new AppError('request_failed', { cause: error });
  }
  if (response.status === 429) throw new AppError('rate_limited');
  if (!response.ok)
    throw new AppError('request_failed', { cause: new Error(`the ingest answered ${response.status}`) });
}

/** `https://key@host/prefix/42` → `https://host/prefix/api/42/envelope/`, as Sentry's SDKs build it. */
export function envelopeEndpoint(dsn: string): string {
  const url = new URL(dsn);
  const segments = url.pathname.split('/').filter(Boolean);
  const project = segments.pop();
  const prefix = segments.map((segment) => `/${segment}`).join('');
  return `${url.protocol}//${url.host}${prefix}/api/${project}/envelope/`;
}

/** The envelope's first line names the DSN it is meant for (the SDK adds it when it sends through a tunnel). */
function isAddressedTo(envelope: string, dsn: string): boolean {
  const end = envelope.indexOf('\n');
  const firstLine = end < 0 ? envelope : envelope.slice(0, end);
  let header: unknown;
  try {
    header = JSON.parse(firstLine);
  } catch {
    return false;
  }
  const named = typeof header === 'object' && header !== null ? (header as { dsn?: unknown }).dsn : undefined;
  if (typeof named !== 'string' || !URL.canParse(named)) return false;
  const given = new URL(named);
  const configured = new URL(dsn);
  return (
    given.protocol === configured.protocol &&
    given.username === configured.username &&
    given.host === configured.host &&
    given.pathname === configured.pathname
  );
}
