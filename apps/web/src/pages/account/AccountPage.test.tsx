import type { Profile } from '@quire/contracts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buildRoutes } from '../../app/routes';
import { getSession } from '../../features/auth/session';
import { invalidateServerStatus } from '../../features/status/status.store';
import { json, STATUS_OK, type StubbedCall, stubFetch } from '../../test/fetch-stub';
import { signIn } from '../../test/session';

const PROFILE: Profile = {
  id: 'user-1',
  name: 'Ada Lovelace',
  email: 'ada@example.org',
  created_at: '2026-03-01T09:00:00Z',
  subscription: { slug: 'free', started_at: null, ends_at: null },
  words_used: 1_700,
  words_limit: 2_000,
  words_extra: 0,
};

function serve(
  patch: (call: StubbedCall) => Response = (call) => json(200, { data: { ...PROFILE, ...(call.body as object) } }),
) {
  return stubFetch((call) => {
    if (call.url === '/api/status') return json(200, STATUS_OK);
    if (call.url === '/api/auth/user/customer') return json(200, { data: PROFILE });
    if (call.url === '/api/auth/user' && call.method === 'PATCH') return patch(call);
    return json(404, { error: { code: 'not_found', message: 'Not found' } });
  });
}

function renderAccount(path = '/account') {
  render(<RouterProvider router={createMemoryRouter(buildRoutes(), { initialEntries: [path] })} />);
}

beforeEach(() => {
  invalidateServerStatus();
  signIn();
});

describe('account page', () => {
  it('shows the profile, the words and the plan', async () => {
    serve();
    renderAccount();
    expect((await screen.findByTestId('profile-name')).textContent).toBe('Ada Lovelace');
    expect(screen.getByTestId('profile-email').textContent).toBe('ada@example.org');
    expect(screen.getByText('Member since March 1, 2026')).toBeTruthy();
    expect(screen.getByTestId('words-used').textContent).toBe('1,700 of 2,000 words used');
    expect(screen.getByTestId('words-state').textContent).toBe('Your words are nearly used up: 300 left.');
    expect((screen.getByRole('meter', { name: 'Words used' }) as HTMLMeterElement).value).toBe(1_700);
    expect(screen.getByTestId('subscription-plan').textContent).toBe('Free');
    expect(screen.getByRole('button', { name: 'Delete account' }).hasAttribute('disabled')).toBe(true);
    expect(getSession()?.profile).toEqual({ name: 'Ada Lovelace', email: 'ada@example.org' });
  });

  it('saves a new name on Enter and says "Name updated"', async () => {
    const { calls } = serve();
    renderAccount();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Name' }));
    const input = screen.getByLabelText('Name');
    expect(document.activeElement).toBe(input);
    fireEvent.change(input, { target: { value: '  Ada King  ' } });
    fireEvent.submit(input);
    expect(await screen.findByText('Name updated')).toBeTruthy();
    expect(screen.getByTestId('profile-name').textContent).toBe('Ada King');
    const patch = calls.find((call) => call.method === 'PATCH');
    expect(patch?.url).toBe('/api/auth/user');
    expect(patch?.body).toEqual({ name: 'Ada King' });
    expect(patch?.headers.get('Authorization')).toBe('Bearer access-1');
    expect(getSession()?.profile?.name).toBe('Ada King');
    await waitFor(() => expect(screen.getByRole('button', { name: /Ada King/ })).toBeTruthy());
  });

  it('says in German what went wrong, with the server’s message for the field', async () => {
    serve(() =>
      json(400, {
        error: {
          code: 'validation_error',
          message: 'Einige Felder sind ungültig.',
          details: { fields: [{ path: 'email', message: 'Mit dieser E-Mail-Adresse gibt es bereits ein Konto.' }] },
        },
      }),
    );
    renderAccount('/de/account');
    fireEvent.click(await screen.findByRole('button', { name: 'E-Mail bearbeiten' }));
    fireEvent.change(screen.getByLabelText('E-Mail'), { target: { value: 'grace@example.org' } });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      '„E-Mail“ konnte nicht aktualisiert werden, bitte versuche es erneut',
    );
    expect(screen.getByText('Mit dieser E-Mail-Adresse gibt es bereits ein Konto.')).toBeTruthy();
    expect((screen.getByLabelText('E-Mail') as HTMLInputElement).value).toBe('grace@example.org');
  });

  it('checks the value before sending it, and Escape leaves it unchanged', async () => {
    const { calls } = serve();
    renderAccount();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit E-mail' }));
    const input = screen.getByLabelText('E-mail');
    fireEvent.change(input, { target: { value: 'not-an-address' } });
    fireEvent.submit(input);
    expect(await screen.findByText('Not a valid e-mail address.')).toBeTruthy();
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.getByTestId('profile-email').textContent).toBe('ada@example.org');
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
  });

  it('shows the error and loads again on request', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    let fail = true;
    stubFetch((call) => {
      if (call.url === '/api/status') return json(200, STATUS_OK);
      if (fail) return json(503, { error: { code: 'service_unavailable', message: 'Down for a moment' } });
      return json(200, { data: PROFILE });
    });
    renderAccount();
    const error = await screen.findByTestId('account-error');
    expect(within(error).getByText('Down for a moment')).toBeTruthy();
    fail = false;
    fireEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    expect((await screen.findByTestId('profile-name')).textContent).toBe('Ada Lovelace');
  });
});
