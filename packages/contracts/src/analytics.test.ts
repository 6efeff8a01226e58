import { describe, expect, it } from 'vitest';
import { AnalyticsBatchRequest, analyticsPath, NOT_FOUND_ANALYTICS_PATH } from './analytics';

describe('analyticsPath', () => {
  it.each([
    ['/', '/'],
    ['/de', '/de'],
    ['/fr/pricing/', '/fr/pricing'],
    ['/pricing?checkout=cancelled', '/pricing'],
    ['/feature/write-chapter#result', '/feature/write-chapter'],
    ['/blog/how-to-cite-apa', '/blog/how-to-cite-apa'],
    ['/shared/Abc123Def456Ghi789Jkl0', '/shared/:token'],
    ['/nl/apps/6f1c2a9e-8b1d-4c3e-9f0a-1b2c3d4e5f60', '/nl/apps/:app'],
    ['/apps/new', '/apps/:app'],
    ['/ada@example.org', NOT_FOUND_ANALYTICS_PATH],
    ['/feature/no-such-tool', NOT_FOUND_ANALYTICS_PATH],
  ])('counts %s as %s', (path, expected) => {
    expect(analyticsPath(path)).toBe(expected);
  });
});

describe('AnalyticsBatchRequest', () => {
  const event = { name: 'page_view', path: '/', locale: 'en' };
  it('takes a tab session, a device class and up to 25 events', () => {
    expect(
      AnalyticsBatchRequest.safeParse({ session_id: 'tab-12345678', device: 'tablet', events: [event] }).success,
    ).toBe(true);
    expect(
      AnalyticsBatchRequest.safeParse({ session_id: 'tab-12345678', device: 'tablet', events: Array(26).fill(event) })
        .success,
    ).toBe(false);
  });

  it('refuses what could identify someone: a query string, a full referring address, a long session id', () => {
    const base = { session_id: 'tab-12345678', device: 'desktop' };
    expect(AnalyticsBatchRequest.safeParse({ ...base, events: [{ ...event, path: '/?email=a@b.org' }] }).success).toBe(
      false,
    );
    expect(
      AnalyticsBatchRequest.safeParse({ ...base, events: [{ ...event, referrer_host: 'https://x.org/a?b' }] }).success,
    ).toBe(false);
    expect(AnalyticsBatchRequest.safeParse({ ...base, session_id: 'x'.repeat(65), events: [event] }).success).toBe(
      false,
    );
  });
});
