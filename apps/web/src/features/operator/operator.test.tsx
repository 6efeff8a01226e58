import type { AnalyticsSummary } from '@quire/contracts';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildRoutes } from '../../app/routes';
import { storeConsentChoice } from '../../test/consent';
import { json, STATUS_OK, stubFetch } from '../../test/fetch-stub';
import { testProfile } from '../../test/profile';
import { fireEvent, render, screen, waitFor } from '../../test/render';
import { signIn } from '../../test/session';
import { invalidateServerStatus } from '../status/status.store';

const LOADED = { timeout: 5_000 };

const SUMMARY: AnalyticsSummary = {
  days: 3,
  from: '2026-03-01',
  to: '2026-03-03',
  totals: { page_views: 1234, sessions: 56, events: 7 },
  page_views: [
    { day: '2026-03-01', views: 400, sessions: 20 },
    { day: '2026-03-02', views: 0, sessions: 0 },
    { day: '2026-03-03', views: 834, sessions: 36 },
  ],
  top_paths: [{ path: '/feature/write-chapter', views: 700 }],
  top_events: [{ name: 'tool_run', detail: 'write-chapter', count: 7 }],
  devices: [{ device: 'mobile', views: 1234 }],
};

function serve(summary: (days: string | null) => Response) {
  return stubFetch((call) => {
    if (call.url === '/api/status') return json(200, STATUS_OK);
    if (call.url === '/api/auth/user/customer') return json(200, { data: testProfile() });
    if (call.url === '/api/prompt_templates') return json(200, { data: [] });
    if (call.url.startsWith('/api/analytics/summary'))
      return summary(new URL(call.url, 'http://x').searchParams.get('days'));
    return json(404, { error: { code: 'not_found', message: 'Not found' } });
  });
}

beforeEach(() => {
  invalidateServerStatus();
  signIn({}, { name: 'Ops', email: 'ops@example.org' });
  storeConsentChoice({ functional: true });
});

describe('/operator', () => {
  it('shows an operator the figures of the chosen period', async () => {
    const { calls } = serve(() => json(200, { data: SUMMARY }));
    render(<RouterProvider router={createMemoryRouter(buildRoutes(), { initialEntries: ['/de/operator'] })} />);
    expect((await screen.findByTestId('operator-page-views', {}, LOADED)).textContent).toBe('1.234');
    expect(screen.getByTestId('page-title').textContent).toBe('Betreiber-Übersicht');
    expect(screen.getByTestId('operator-top-paths').textContent).toContain('/feature/write-chapter');
    expect(screen.getByTestId('operator-top-events').textContent).toContain('Werkzeug gestartet');
    expect(calls.some((call) => call.url === '/api/analytics/summary?days=30')).toBe(true);

    fireEvent.change(screen.getByTestId('operator-period'), { target: { value: '7' } });
    await waitFor(() => expect(calls.some((call) => call.url === '/api/analytics/summary?days=7')).toBe(true));
  });

  it('tells anyone else, in their language, that there is nothing here', async () => {
    serve(() => json(404, { error: { code: 'not_found', message: 'Not found' } }));
    render(<RouterProvider router={createMemoryRouter(buildRoutes(), { initialEntries: ['/fr/operator'] })} />);
    const notice = await screen.findByTestId('operator-not-found', {}, LOADED);
    expect(notice.textContent).toContain('Cette page est réservée aux exploitants');
    expect(screen.queryByTestId('operator-totals')).toBeNull();
  });
});
