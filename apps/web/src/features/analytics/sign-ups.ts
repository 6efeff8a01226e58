/** An account this young, seen for the first time on this device, has just been made: a sign-up. */
export const NEW_ACCOUNT_MS = 10 * 60_000;
const COUNTED_KEY = 'quire_analytics_sign_ups';

/**
 * Whether a profile is a sign-up not counted yet: created moments ago and not counted on this device. Marks it
 * counted, so a reload or another tab does not count it again.
 */
export function takeSignUp(profile: { id: string; created_at: string }, now: number = Date.now()): boolean {
  const age = now - Date.parse(profile.created_at);
  if (!(age >= 0 && age < NEW_ACCOUNT_MS)) return false;
  const counted = readCounted();
  if (counted.includes(profile.id)) return false;
  try {
    // Only the newest few are kept: an older account is too old to count anyway.
    window.localStorage.setItem(COUNTED_KEY, JSON.stringify([...counted.slice(-4), profile.id]));
  } catch {
    return false;
  }
  return true;
}

function readCounted(): string[] {
  try {
    const value: unknown = JSON.parse(window.localStorage.getItem(COUNTED_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
  } catch {
    return [];
  }
}
