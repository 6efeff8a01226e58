import { createMemoryRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppShell } from '../../app/AppShell';
import { ErrorFallback } from '../../app/error/ErrorFallback';
import { ErrorPage } from '../../app/error/ErrorPage';
import { lazyComponent } from '../../app/lazy-route';
import { storeConsentChoice } from '../../test/consent';
import { json, STATUS_OK, type StubbedCall, stubFetch } from '../../test/fetch-stub';
import { act, render, screen, waitFor } from '../../test/render';
import { REQUIRED_ONLY, saveConsent } from '../consent/consent.store';
import { invalidateServerStatus, loadServerStatus } from '../status/status.store';
import { reportError, startErrorReporting } from './error-reporting';
import { startSentry } from './sentry-browser';

// The SDK's chunk is replaced here only: these tests are about when it is fetched and what it is given.
vi.mock('./sentry-browser', () => ({ startSentry: vi.fn() }));

const SETTINGS = { dsn: 'https://public@o1.ingest.example.org/7', environment: 'staging' };
const WITH_DSN = {
  data: {
    maintenance: false,
    banner: null,
    survey_delay_seconds: 120,
    analytics: { provider: 'quire' },
    error_reporting: SETTINGS,
  },
};
const LOADED = { timeout: 5_000 };

const sink = { report: vi.fn(), close: vi.fn(async () => {}) };

beforeEach(() => {
  invalidateServerStatus();
  vi.mocked(startSentry).mockReset().mockReturnValue(sink);
  sink.report.mockReset();
  sink.close.mockReset();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

function consent(analytics: boolean) {
  storeConsentChoice({ functional: true, analytics });
}

function serve(status: unknown) {
  return stubFetch((call: StubbedCall) =>
    call.url === '/api/status' ? json(200, status) : json(404, { error: { code: 'not_found', message: 'Not found' } }),
  );
}

/**
 * A page whose layout fails to load, inside the real shell (which holds the consent-governed parts); its loader
 * reads the server status as every page's guards do.
 */
function renderFailingPage() {
  const routes: RouteObject[] = [
    {
      id: 'root',
      Component: AppShell,
      ErrorBoundary: ErrorFallback,
      children: [
        {
          path: '/',
          loader: () => loadServerStatus(),
          ErrorBoundary: ErrorPage,
          children: [
            {
              lazy: lazyComponent(() => Promise.reject(new Error('Layout chunk exploded'))),
              children: [{ index: true, Component: () => null }],
            },
          ],
        },
      ],
    },
  ];
  render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/'] })} />);
}

/**
 * Starts a reporter of the test's own and resolves once it was given an error with `message`: an error
 * reported while no reporter ran waits for one, so the probe receiving it shows that none had started.
 */
async function probeFor(message: string) {
  const probe = { report: vi.fn(), close: vi.fn(async () => {}) };
  const stop = startErrorReporting(SETTINGS, async () => ({ startSentry: () => probe }));
  await waitFor(() => expect(probe.report).toHaveBeenCalledWith(expect.objectContaining({ message })));
  stop();
}

/** The status arrived, the error page is shown and React ran its effects: the SDK would have been asked for. */
async function settled(calls: StubbedCall[]) {
  await screen.findByText('Error 500', {}, LOADED);
  await waitFor(() => expect(calls.some((call) => call.url === '/api/status')).toBe(true));
  await act(async () => {});
  // The page's error still waited for a reporter: the app started none.
  await probeFor('Layout chunk exploded');
}

describe('error reporting in the app', () => {
  // First: errors of pages that failed while reporting was off wait for it to start (the later tests leave some).
  it('starts with both, reports what the error page caught, and stops when consent is withdrawn', async () => {
    consent(true);
    serve(WITH_DSN);
    renderFailingPage();
    await waitFor(() => expect(startSentry).toHaveBeenCalledWith(SETTINGS), LOADED);
    await waitFor(() => expect(sink.report).toHaveBeenCalledTimes(1), LOADED);
    expect(String(sink.report.mock.calls[0]?.[0])).toContain('Layout chunk exploded');

    act(() => saveConsent(REQUIRED_ONLY));
    await waitFor(() => expect(sink.close).toHaveBeenCalledTimes(1));
    reportError(new Error('after withdrawal'));
    // It waits for a reporter (the probe gets it) rather than going to the stopped one.
    await probeFor('after withdrawal');
    expect(sink.report).toHaveBeenCalledTimes(1);
    expect(startSentry).toHaveBeenCalledTimes(1);
  });

  it('fetches no SDK without analytics consent, though the server has a DSN', async () => {
    consent(false);
    const { calls } = serve(WITH_DSN);
    renderFailingPage();
    await settled(calls);
    expect(startSentry).not.toHaveBeenCalled();
  });

  it('fetches no SDK without a DSN, though the visitor consented', async () => {
    consent(true);
    const { calls } = serve(STATUS_OK);
    renderFailingPage();
    await settled(calls);
    expect(startSentry).not.toHaveBeenCalled();
  });
});

describe('startErrorReporting', () => {
  it('runs on without reporting when the SDK does not load', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const stop = startErrorReporting(SETTINGS, () => Promise.reject(new Error('chunk gone')));
    reportError(new Error('nobody hears this'));
    await waitFor(() => expect(warn).toHaveBeenCalledWith('Error reporting could not start', expect.any(Error)));
    stop();
    expect(sink.report).not.toHaveBeenCalled();
  });
});
