import { accountsEndpoints as endpoints, type ReferralInfo } from '@quire/contracts';
import { call } from '../../api/call';
import { readCookie, writeCookie } from '../../lib/cookies';
import { isReferralCode, REFERRAL_COOKIE } from './referral-cookie';

/** The signed-in user's own link and how many signed up through it. */
export function fetchReferral(options: { signal?: AbortSignal } = {}): Promise<ReferralInfo> {
  return call(endpoints.referral, {}, options);
}

/**
 * After a sign-in: names the referrer whose link the visitor arrived through (POST set_referrer), once. The
 * cookie goes whatever the answer; the server credits only new accounts, so a failure is only logged.
 */
export async function redeemReferral(): Promise<void> {
  const referrer = takeReferralCode();
  if (!referrer) return;
  try {
    await call(endpoints.setReferrer, { body: { referrer } });
  } catch (error) {
    console.warn('Could not register the referral', error);
  }
}

/** The remembered code, if any, removed as it is read: it is sent once. */
export function takeReferralCode(): string | null {
  const code = readCookie(REFERRAL_COOKIE);
  if (code === undefined) return null;
  writeCookie(REFERRAL_COOKIE, '', 0);
  return isReferralCode(code) ? code : null;
}
