import { REFERRAL_QUERY_PARAM } from '@quire/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readCookie } from '../../lib/cookies';
import { takeReferralCode } from './referral.api';
import { captureReferral, isReferralCode, REFERRAL_COOKIE, REFERRAL_PARAMETER } from './referral-cookie';

function arriveAt(address: string) {
  window.history.replaceState({ idx: 0, key: 'k1' }, '', address);
}

const here = () => `${window.location.pathname}${window.location.search}${window.location.hash}`;

beforeEach(() => arriveAt('/'));
afterEach(() => arriveAt('/'));

describe('captureReferral', () => {
  it('reads the parameter the server puts in referral links', () => {
    expect(REFERRAL_PARAMETER).toBe(REFERRAL_QUERY_PARAM);
  });

  it('remembers a well-formed code for 30 days and takes only ?ref off the address', () => {
    const cookieWrites = vi.spyOn(Document.prototype, 'cookie', 'set');
    arriveAt('/de/pricing?plan=yearly&ref=Ab_9-x&q=a%20b#faq');
    captureReferral();
    expect(readCookie(REFERRAL_COOKIE)).toBe('Ab_9-x');
    expect(cookieWrites).toHaveBeenCalledWith('quire_ref=Ab_9-x; Max-Age=2592000; Path=/; SameSite=Lax');
    expect(here()).toBe('/de/pricing?plan=yearly&q=a%20b#faq');
    expect(window.history.state).toEqual({ idx: 0, key: 'k1' });
  });

  it('leaves a bare path when ?ref was the only parameter', () => {
    arriveAt('/?ref=friend');
    captureReferral();
    expect(readCookie(REFERRAL_COOKIE)).toBe('friend');
    expect(here()).toBe('/');
  });

  it.each([
    ['characters outside the code alphabet', '%3Cscript%3E'],
    ['an empty value', ''],
    ['more than 64 characters', 'a'.repeat(65)],
    ['a space', 'ab%20cd'],
  ])('does not remember %s, and still cleans the address', (_, value) => {
    arriveAt(`/flows?ref=${value}&x=1`);
    captureReferral();
    expect(readCookie(REFERRAL_COOKIE)).toBeUndefined();
    expect(here()).toBe('/flows?x=1');
  });

  it('keeps a code remembered earlier when the new one is not well-formed', () => {
    arriveAt('/?ref=first');
    captureReferral();
    arriveAt('/?ref=not%20valid');
    captureReferral();
    expect(readCookie(REFERRAL_COOKIE)).toBe('first');
  });

  it('touches neither the address nor the cookies without ?ref', () => {
    const replace = vi.spyOn(window.history, 'replaceState');
    arriveAt('/pricing?referrer=x&reference=y');
    replace.mockClear();
    captureReferral();
    expect(replace).not.toHaveBeenCalled();
    expect(readCookie(REFERRAL_COOKIE)).toBeUndefined();
    expect(here()).toBe('/pricing?referrer=x&reference=y');
  });

  it('accepts a 64-character code', () => {
    expect(isReferralCode('a'.repeat(64))).toBe(true);
    expect(isReferralCode('a'.repeat(65))).toBe(false);
    expect(isReferralCode(null)).toBe(false);
  });
});

describe('takeReferralCode', () => {
  it('returns the remembered code once and forgets it', () => {
    arriveAt('/?ref=friend-1');
    captureReferral();
    expect(takeReferralCode()).toBe('friend-1');
    expect(readCookie(REFERRAL_COOKIE)).toBeUndefined();
    expect(takeReferralCode()).toBeNull();
  });

  it('drops a tampered cookie without returning it', () => {
    // biome-ignore lint/suspicious/noDocumentCookie: a cookie set by hand, as a visitor could.
    document.cookie = 'quire_ref=%3Cbad%3E; Path=/';
    expect(takeReferralCode()).toBeNull();
    expect(readCookie(REFERRAL_COOKIE)).toBeUndefined();
  });
});
