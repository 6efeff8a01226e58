import type { Profile } from '@quire/contracts';
import { StrictMode } from 'react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buildRoutes } from '../../app/routes';
import { getProfileSnapshot } from '../../features/auth/profile.store';
import { invalidateServerStatus } from '../../features/status/status.store';
import { json, STATUS_OK, type StubbedCall, stubFetch } from '../../test/fetch-stub';
import { fireEvent, render, screen, waitFor, within } from '../../test/render';
import { signIn } from '../../test/session';

const TRIAL_PROFILE: Profile = {
  id: 'user-1',
  name: 'Ada Lovelace',
  email: 'ada@example.org',
  created_at: '2026-03-01T09:00:00Z',
  subscription: { slug: 'trial', started_at: '2026-03-01T09:00:00Z', ends_at: '2026-03-08T09:00:00Z' },
  words_used: 0,
  words_limit: 5_000,
  words_extra: 0,
  study_categories: [],
};

type Handlers = {
  terms?: () => Response;
  trial?: (call: StubbedCall) => Response | Promise<Response>;
};

function serve({
  terms = () => json(200, { data: { word_limit: 5_000, days: 7 } }),
  trial = () => json(201, { data: TRIAL_PROFILE }),
}: Handlers = {}) {
  return stubFetch((call) => {
    if (call.url === '/api/status') return json(200, STATUS_OK);
    if (call.url === '/api/auth/trial') return terms();
    if (call.url === '/api/auth/user/trial') return trial(call);
    return json(404, { error: { code: 'not_found', message: 'Not found' } });
  });
}

function renderAt(path: string, strict = false) {
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  const app = <RouterProvider router={router} />;
  render(strict ? <StrictMode>{app}</StrictMode> : app);
  return router;
}

const trialCalls = (calls: StubbedCall[]) => calls.filter((call) => call.url === '/api/auth/user/trial');

beforeEach(() => {
  invalidateServerStatus();
});

describe('/try for visitors', () => {
  it('shows the terms and sends the visitor to sign in, coming back to activate', async () => {
    // The login page then finds no sign-in configuration on this test server.
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { calls } = serve();
    const router = renderAt('/try');
    expect((await screen.findByTestId('trial-terms')).textContent).toBe('7 days of Pro with 5,000 words');
    expect(screen.getByTestId('page-title').textContent).toBe('Try Quire Pro');
    const terms = calls.find((call) => call.url === '/api/auth/trial');
    expect(terms?.headers.has('Authorization')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Start your free trial' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/try?activate=1')}`);
    expect(trialCalls(calls)).toHaveLength(0);
  });

  it('speaks the page’s language and comes back to the same language', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    serve({ terms: () => json(200, { data: { word_limit: 12_500, days: 14 } }) });
    const router = renderAt('/de/try');
    expect((await screen.findByTestId('trial-terms')).textContent).toBe('14 Tage Pro mit 12.500 Wörtern');
    fireEvent.click(screen.getByTestId('trial-start'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/de/login'));
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/de/try?activate=1')}`);
  });

  it('does not start anything for a visitor who comes back without a session', async () => {
    const { calls } = serve();
    const router = renderAt('/try?activate=1');
    expect(((await screen.findByTestId('trial-start')) as HTMLButtonElement).disabled).toBe(false);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(trialCalls(calls)).toHaveLength(0);
  });

  it('shows a failure to load the terms with a way to try again', async () => {
    let fail = true;
    serve({
      terms: () =>
        fail
          ? json(503, { error: { code: 'service_unavailable', message: 'Down for a moment' } })
          : json(200, { data: { word_limit: 5_000, days: 7 } }),
    });
    renderAt('/try');
    const error = await screen.findByTestId('trial-terms-error');
    expect(error.textContent).toContain('Down for a moment');
    fail = false;
    fireEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    expect((await screen.findByTestId('trial-terms')).textContent).toBe('7 days of Pro with 5,000 words');
  });
});

describe('/try for signed-in users', () => {
  it('activates the trial, keeps the new profile and opens the chapter tool', async () => {
    signIn({}, { name: 'Ada Lovelace', email: 'ada@example.org' });
    let answer: (response: Response) => void = () => {};
    const { calls } = serve({ trial: () => new Promise<Response>((resolve) => (answer = resolve)) });
    const router = renderAt('/try');
    fireEvent.click(await screen.findByTestId('trial-start'));
    expect((await screen.findByTestId('trial-activating')).textContent).toBe('Activating your test account…');
    expect(screen.queryByTestId('trial-start')).toBeNull();
    answer(json(201, { data: TRIAL_PROFILE }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/feature/write-chapter'));
    const [request] = trialCalls(calls);
    expect(request?.method).toBe('POST');
    expect(request?.headers.get('Authorization')).toBe('Bearer access-1');
    expect(getProfileSnapshot()?.subscription.slug).toBe('trial');
    // The header shows the trial's words from the kept profile, without asking for it again.
    expect((await screen.findByTestId('words-left')).textContent).toBe('5,000');
    expect(calls.some((call) => call.url === '/api/auth/user/customer')).toBe(false);
  });

  it('activates once by itself when the user comes back from signing in', async () => {
    signIn();
    const { calls } = serve();
    const router = renderAt('/de/try?activate=1', true);
    await waitFor(() => expect(router.state.location.pathname).toBe('/de/feature/write-chapter'));
    expect(trialCalls(calls)).toHaveLength(1);
  });

  it('says why when this account cannot have a trial, with the way to pricing and into the app', async () => {
    signIn();
    const message = 'The trial has already been used on this account.';
    serve({ trial: () => json(409, { error: { code: 'trial_unavailable', message } }) });
    const router = renderAt('/try');
    fireEvent.click(await screen.findByTestId('trial-start'));
    const notice = await screen.findByTestId('trial-unavailable');
    expect(notice.textContent).toContain(message);
    expect(within(notice).getByRole('link', { name: 'See pricing' }).getAttribute('href')).toBe('/pricing');
    expect(within(notice).getByRole('link', { name: 'Go to the app' }).getAttribute('href')).toBe(
      '/feature/write-chapter',
    );
    expect(router.state.location.pathname).toBe('/try');
    expect(screen.queryByTestId('trial-start')).toBeNull();
  });

  it('offers to try again after another failure', async () => {
    signIn();
    let fail = true;
    const { calls } = serve({
      trial: () =>
        fail ? json(500, { error: { code: 'internal_error', message: 'x' } }) : json(201, { data: TRIAL_PROFILE }),
    });
    const router = renderAt('/it/try');
    fireEvent.click(await screen.findByTestId('trial-start'));
    expect((await screen.findByTestId('trial-failed')).textContent).toBe(
      "La tua richiesta non è andata a buon fine: riprova più tardi o contatta l'assistenza",
    );
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Riprova' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/it/feature/write-chapter'));
    expect(trialCalls(calls)).toHaveLength(2);
  });
});
