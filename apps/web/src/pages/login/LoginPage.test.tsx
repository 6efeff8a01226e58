import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { beforeEach, expect, it, vi } from 'vitest';
import { buildRoutes } from '../../app/routes';
import { resetProvider } from '../../features/auth/oidc';
import { savePendingLogin } from '../../features/auth/pending-login';
import { invalidateServerStatus } from '../../features/status/status.store';
import { DISCOVERY, idToken, stubIdentityProvider, tokenResponse } from '../../test/identity-provider';
import { fireEvent, render, screen, waitFor } from '../../test/render';

function renderAt(path: string) {
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  resetProvider();
  invalidateServerStatus();
});

it('shows the failed state in the page’s language when the state does not match', async () => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  savePendingLogin({ verifier: 'v'.repeat(43), state: 'state-1', returnTo: null, locale: 'de' });
  const { calls } = stubIdentityProvider();
  renderAt('/de/login?code=code-1&state=forged');
  expect((await screen.findByText('Die Anmeldung war nicht erfolgreich')).closest('[role]')?.getAttribute('role')).toBe(
    'alert',
  );
  expect(screen.getByTestId('page-title').textContent).toBe('Anmelden');
  expect((screen.getByRole('button', { name: 'Erneut versuchen' }) as HTMLButtonElement).disabled).toBe(false);
  expect(screen.getByTestId('login-page').dataset.state).toBe('failed');
  expect(calls.some((call) => call.url === DISCOVERY.token_endpoint)).toBe(false);
});

it('signs in on the way back and shows the page the visitor wanted, with their name in the header', async () => {
  savePendingLogin({ verifier: 'v'.repeat(43), state: 'state-1', returnTo: '/flows', locale: 'en' });
  stubIdentityProvider({
    token: () => tokenResponse({ id_token: idToken({ name: 'Ada Lovelace', email: 'ada@example.org' }) }),
  });
  const router = renderAt('/login?code=code-1&state=state-1');
  expect((await screen.findByText('Signing you in…')).closest('[role]')?.getAttribute('role')).toBe('status');
  await waitFor(() => expect(router.state.location.pathname).toBe('/flows'));
  expect((await screen.findByRole('button', { name: /Ada Lovelace/ })).getAttribute('aria-expanded')).toBe('false');
});

it('offers to try again, which starts a new login', async () => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  const { calls } = stubIdentityProvider({ config: { issuer: 'not a url' } });
  renderAt('/login');
  fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
  await waitFor(() => expect(calls.filter((call) => call.url === '/api/auth/config')).toHaveLength(2));
});
