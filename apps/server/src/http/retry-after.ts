/**
 * The wait a Retry-After header asks for, in milliseconds: delay-seconds or an HTTP date (RFC 9110
 * §10.2.3), negative for a date already past; null when the header is absent or unreadable.
 */
export function retryAfterHeaderMs(value: string | null | undefined, now = Date.now()): number | null {
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : date - now;
}
