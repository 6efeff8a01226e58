import { writeCookie } from '../../lib/cookies';

/**
 * The contracts' REFERRAL_QUERY_PARAM, spelled out (a test keeps the two equal): importing anything of the
 * contracts' auth module into the entry chunk keeps zod in it (its chained schema calls count as side
 * effects), too large for the landing route's budget.
 */
export const REFERRAL_PARAMETER = 'ref';

/** The referral code a visitor arrived with, kept until they sign in. */
export const REFERRAL_COOKIE = 'quire_ref';
export const REFERRAL_COOKIE_MAX_AGE_DAYS = 30;

const REFERRAL_CODE = /^[A-Za-z0-9_-]{1,64}$/;

export function isReferralCode(value: string | null | undefined): value is string {
  return typeof value === 'string' && REFERRAL_CODE.test(value);
}

/**
 * Runs once as the app starts, before the router reads the address: a well-formed `?ref=` code is remembered
 * for 30 days, and the parameter leaves the address either way (the rest of the query and the hash stay).
 * Part of the entry chunk, so it stays this small; the login flow redeems the code (referral.api.ts).
 */
export function captureReferral(location: Location = window.location, history: History = window.history): void {
  const parts = location.search.slice(1).split('&');
  const isReferral = (part: string) => decodePart(part.split('=')[0] ?? '') === REFERRAL_PARAMETER;
  if (!parts.some(isReferral)) return;
  const code = new URLSearchParams(location.search).get(REFERRAL_PARAMETER);
  if (isReferralCode(code)) writeCookie(REFERRAL_COOKIE, code, REFERRAL_COOKIE_MAX_AGE_DAYS);
  const rest = parts.filter((part) => part && !isReferral(part)).join('&');
  history.replaceState(history.state, '', `${location.pathname}${rest ? `?${rest}` : ''}${location.hash}`);
}

function decodePart(part: string): string {
  try {
    return decodeURIComponent(part.replace(/\+/g, ' '));
  } catch {
    return part;
  }
}
