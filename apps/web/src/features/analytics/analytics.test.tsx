import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildRoutes } from '../../app/routes';
import { storeConsentChoice } from '../../test/consent';
import { json, STATUS_OK, type StubbedCall, serverStatus, stubFetch } from '../../test/fetch-stub';
import { testProfile } from '../../test/profile';
import { act, fireEvent, render, screen, waitFor } from '../../test/render';
import { signIn } from '../../test/session';
import { REQUIRED_ONLY, saveConsent } from '../consent/consent.store';
import { invalidateServerStatus } from '../status/status.store';
import { createQuireTracker, deviceClass, externalReferrerHost, FLUSH_DELAY_MS } from './analytics.client';
import { NEW_ACCOUNT_MS, takeSignUp } from './sign-ups';
import { toolRunOf } from './tool-runs';

const LOADED = { timeout: 5_000 };
const events = (calls: StubbedCall[]) => calls.filter((call) => call.url === '/api/analytics/events');

function serve(status: unknown = STATUS_OK) {
  return stubFetch((call) => {
    if (call.url === '/api/status') return json(200, status);
    if (call.url === '/api/analytics/events') return json(202, { data: { accepted: 1 } });
    if (call.url === '/api/auth/user/customer') return json(200, { data: testProfile() });
    return json(404, { error: { code: 'not_found', message: 'Not found' } });
  });
}

function consent(analytics: boolean) {
  storeConsentChoice({ analytics });
}

beforeEach(() => invalidateServerStatus());
afterEach(() => {
  vi.useRealTimers();
  document.getElementById('quire-plausible')?.remove();
  delete window.plausible;
});

describe('analytics in the app', () => {
  it('sends nothing at all without analytics consent, across navigation', async () => {
    consent(false);
    const { calls } = serve();
    const router = createMemoryRouter(buildRoutes(), { initialEntries: ['/'] });
    render(<RouterProvider router={router} />);
    await screen.findByTestId('page-title', {}, LOADED);
    await router.navigate('/pricing');
    await screen.findByTestId('page-title', {}, LOADED);
    // The marker: consent given now counts this page, in the first batch and alone. Had anything been counted
    // before, it would be in that batch or in one before it.
    act(() => saveConsent({ ...REQUIRED_ONLY, analytics: true }));
    await waitFor(() => expect(events(calls)).toHaveLength(1), LOADED);
    expect(events(calls)[0]?.body).toMatchObject({ events: [{ name: 'page_view', path: '/pricing' }] });
    expect((events(calls)[0]?.body as { events?: unknown[] } | undefined)?.events).toHaveLength(1);
  }, 15_000);

  it('counts a page view as soon as the visitor accepts, then one per navigation, without the access token', async () => {
    signIn();
    const { calls } = serve();
    const router = createMemoryRouter(buildRoutes(), { initialEntries: ['/de/pricing?checkout=x'] });
    render(<RouterProvider router={router} />);
    fireEvent.click(await screen.findByTestId('consent-accept', {}, LOADED));
    await waitFor(() => expect(events(calls)).toHaveLength(1), LOADED);
    const [first] = events(calls);
    expect(first?.headers.get('authorization')).toBeNull();
    expect(first?.body).toMatchObject({
      device: 'desktop',
      events: [{ name: 'page_view', path: '/de/pricing', locale: 'de', referrer_host: null }],
    });
    const sessionId = (first?.body as { session_id: string } | undefined)?.session_id;
    expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);

    await router.navigate('/shared/Abc123Def456Ghi789Jkl0');
    await waitFor(() => expect(events(calls)).toHaveLength(2), LOADED);
    expect(events(calls)[1]?.body).toMatchObject({
      session_id: sessionId,
      events: [{ name: 'page_view', path: '/shared/:token', locale: 'en' }],
    });
  }, 15_000);

  it('loads Plausible instead when the server names a Plausible domain, and sends nothing to Quire', async () => {
    consent(true);
    // Time passes as usual, and the test can run a Quire tracker's sending delay out at once.
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    const { calls } = serve(
      serverStatus({
        analytics: {
          provider: 'plausible',
          domain: 'quire.example.org',
          script_url: 'https://stats.example.org/js/script.js',
        },
      }),
    );
    render(<RouterProvider router={createMemoryRouter(buildRoutes(), { initialEntries: ['/'] })} />);
    await waitFor(() => expect(document.getElementById('quire-plausible')).not.toBeNull(), LOADED);
    const script = document.getElementById('quire-plausible') as HTMLScriptElement;
    expect(script.src).toBe('https://stats.example.org/js/script.js');
    expect(script.dataset.domain).toBe('quire.example.org');
    // The tracker has started (its script is in) and React has run its effects, the page view's among them;
    // past the sending delay, a Quire tracker beside it would have sent that page view.
    await act(async () => {});
    await act(() => vi.advanceTimersByTimeAsync(FLUSH_DELAY_MS));
    expect(events(calls)).toEqual([]);
  }, 15_000);
});

describe('createQuireTracker', () => {
  it('sends events together after a moment, and by beacon when the page is left', () => {
    vi.useFakeTimers();
    const { calls } = serve();
    const beacon = vi.fn((_url: string, _data?: BodyInit | null) => true);
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: beacon });
    const tracker = createQuireTracker({ flushDelayMs: 1_000 });
    tracker.pageView('/nl/feature/write-chapter');
    tracker.event('tool_run', '/nl/feature/write-chapter', 'write-chapter');
    expect(events(calls)).toEqual([]);
    vi.advanceTimersByTime(1_000);
    expect(events(calls)).toHaveLength(1);
    expect(events(calls)[0]?.body).toMatchObject({
      events: [
        { name: 'page_view', path: '/nl/feature/write-chapter', locale: 'nl' },
        { name: 'tool_run', path: '/nl/feature/write-chapter', locale: 'nl', detail: 'write-chapter' },
      ],
    });

    tracker.pageView('/pricing');
    tracker.flush(true);
    expect(beacon).toHaveBeenCalledTimes(1);
    expect(beacon.mock.calls[0]?.[0]).toBe('/api/analytics/events');
    expect(events(calls)).toHaveLength(1);
  });

  it('forgets what waits once stopped (consent withdrawn)', () => {
    vi.useFakeTimers();
    const { calls } = serve();
    const tracker = createQuireTracker({ flushDelayMs: 1_000 });
    tracker.pageView('/');
    tracker.stop();
    vi.advanceTimersByTime(5_000);
    tracker.flush(true);
    tracker.pageView('/pricing');
    vi.advanceTimersByTime(5_000);
    expect(events(calls)).toEqual([]);
  });
});

describe('what analytics may know', () => {
  it('classes devices by viewport width only', () => {
    expect(deviceClass(390)).toBe('mobile');
    expect(deviceClass(800)).toBe('tablet');
    expect(deviceClass(1280)).toBe('desktop');
  });

  it('keeps only the host of another site that linked here', () => {
    expect(externalReferrerHost('https://Search.Example.org/q?name=Ada')).toBe('search.example.org');
    expect(externalReferrerHost(`${window.location.origin}/pricing`)).toBeNull();
    expect(externalReferrerHost('')).toBeNull();
    expect(externalReferrerHost('not a url')).toBeNull();
  });

  it("counts a tool run for a tool page's own form only", () => {
    document.body.innerHTML =
      '<main><form id="tool"></form><div role="dialog"><form id="dialog"></form></div></main><form id="outside"></form>';
    const form = (id: string) => document.getElementById(id) as HTMLFormElement;
    expect(toolRunOf(form('tool'), '/de/feature/write-chapter')).toBe('write-chapter');
    expect(toolRunOf(form('tool'), '/flow/summarize')).toBe('summarize');
    expect(toolRunOf(form('tool'), '/apps/6f1c2a9e-8b1d-4c3e-9f0a-1b2c3d4e5f60')).toBe('own-app');
    expect(toolRunOf(form('tool'), '/apps/new')).toBeNull();
    expect(toolRunOf(form('tool'), '/contact')).toBeNull();
    expect(toolRunOf(form('dialog'), '/feature/write-chapter')).toBeNull();
    expect(toolRunOf(form('outside'), '/feature/write-chapter')).toBeNull();
    document.body.innerHTML = '';
  });

  it('counts a sign-up once, for an account made moments ago', () => {
    const now = Date.parse('2026-03-01T12:00:00Z');
    const fresh = { id: 'user-new', created_at: new Date(now - 60_000).toISOString() };
    expect(takeSignUp(fresh, now)).toBe(true);
    expect(takeSignUp(fresh, now + 1_000)).toBe(false);
    expect(takeSignUp({ id: 'user-old', created_at: new Date(now - NEW_ACCOUNT_MS).toISOString() }, now)).toBe(false);
  });
});
