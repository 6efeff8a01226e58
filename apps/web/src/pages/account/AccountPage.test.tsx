import type { ReferralInfo } from '@quire/contracts';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buildRoutes } from '../../app/routes';
import { getSession } from '../../features/auth/session';
import { invalidateServerStatus } from '../../features/status/status.store';
import { json, STATUS_OK, type StubbedCall, stubFetch } from '../../test/fetch-stub';
import { testProfile } from '../../test/profile';
import { fireEvent, render, screen, waitFor, within } from '../../test/render';
import { signIn } from '../../test/session';
import { isVisible } from '../../test/visible';

const PROFILE = testProfile({ words_used: 1_700 });

const REFERRAL: ReferralInfo = {
  code: 'c0ffee123456',
  link: 'https://quire.example/?ref=c0ffee123456',
  referred_count: 3,
};

type Handlers = {
  patch?: (call: StubbedCall) => Response;
  remove?: (call: StubbedCall) => Response | Promise<Response>;
  referral?: () => Response;
};

function serve({
  patch = (call) => json(200, { data: { ...PROFILE, ...(call.body as object) } }),
  remove = () => new Response(null, { status: 204 }),
  referral = () => json(200, { data: REFERRAL }),
}: Handlers = {}) {
  return stubFetch((call) => {
    if (call.url === '/api/status') return json(200, STATUS_OK);
    if (call.url === '/api/auth/user/customer') return json(200, { data: PROFILE });
    if (call.url === '/api/auth/user/referral') return referral();
    if (call.url === '/api/auth/user' && call.method === 'PATCH') return patch(call);
    if (call.url === '/api/auth/user' && call.method === 'DELETE') return remove(call);
    return json(404, { error: { code: 'not_found', message: 'Not found' } });
  });
}

function renderAccount(path = '/account') {
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
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
    expect(isVisible(screen.getByText('Member since March 1, 2026'))).toBe(true);
    expect(screen.getByTestId('words-used').textContent).toBe('1,700 of 2,000 words used');
    expect(screen.getByTestId('words-state').textContent).toBe('Your words are nearly used up: 300 left.');
    expect((screen.getByRole('meter', { name: 'Words used' }) as HTMLMeterElement).value).toBe(1_700);
    expect(screen.getByTestId('subscription-plan').textContent).toBe('Free');
    expect(screen.getByRole('button', { name: 'Delete account' }).hasAttribute('disabled')).toBe(false);
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
    expect((await screen.findByText('Name updated')).closest('[role]')?.getAttribute('role')).toBe('status');
    expect((await screen.findByTestId('profile-name')).textContent).toBe('Ada King');
    const patch = calls.find((call) => call.method === 'PATCH');
    expect(patch?.url).toBe('/api/auth/user');
    expect(patch?.body).toEqual({ name: 'Ada King' });
    expect(patch?.headers.get('Authorization')).toBe('Bearer access-1');
    expect(getSession()?.profile?.name).toBe('Ada King');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /Ada King/ }).getAttribute('aria-expanded')).toBe('false'),
    );
  });

  it('says in German what went wrong, with the server’s message for the field', async () => {
    serve({
      patch: () =>
        json(400, {
          error: {
            code: 'validation_error',
            message: 'Einige Felder sind ungültig.',
            details: { fields: [{ path: 'email', message: 'Mit dieser E-Mail-Adresse gibt es bereits ein Konto.' }] },
          },
        }),
    });
    renderAccount('/de/account');
    fireEvent.click(await screen.findByRole('button', { name: 'E-Mail bearbeiten' }));
    fireEvent.change(screen.getByLabelText('E-Mail'), { target: { value: 'grace@example.org' } });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      '„E-Mail“ konnte nicht aktualisiert werden, bitte versuche es erneut',
    );
    const taken = screen.getByText('Mit dieser E-Mail-Adresse gibt es bereits ein Konto.');
    expect((screen.getByLabelText('E-Mail') as HTMLInputElement).value).toBe('grace@example.org');
    expect(screen.getByLabelText('E-Mail').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('E-Mail').getAttribute('aria-describedby')?.split(' ')).toContain(taken.id);
  });

  it('checks the value before sending it, and Escape leaves it unchanged', async () => {
    const { calls } = serve();
    renderAccount();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit E-mail' }));
    const input = screen.getByLabelText('E-mail');
    fireEvent.change(input, { target: { value: 'not-an-address' } });
    fireEvent.submit(input);
    const invalid = await screen.findByText('Not a valid e-mail address.');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')?.split(' ')).toContain(invalid.id);
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
    expect(error.textContent).toContain('Down for a moment');
    fail = false;
    fireEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    expect((await screen.findByTestId('profile-name')).textContent).toBe('Ada Lovelace');
  });
});

describe('referral link', () => {
  it('shows the link, the people referred and the bonus per sign-up', async () => {
    serve({ referral: () => json(200, { data: { ...REFERRAL, referred_count: 1_204 } }) });
    renderAccount();
    const section = await screen.findByTestId('referral-section');
    expect(((await within(section).findByTestId('referral-link')) as HTMLInputElement).value).toBe(REFERRAL.link);
    expect(within(section).getByLabelText('Your referral link')).toBe(within(section).getByTestId('referral-link'));
    expect(within(section).getByTestId('referral-count').textContent).toBe(
      'People who signed up through your link: 1,204',
    );
    expect(section.textContent).toContain('for every new sign-up through it you get 1,000 free words');
  });

  it('formats the numbers for the page’s language', async () => {
    serve({ referral: () => json(200, { data: { ...REFERRAL, referred_count: 1_204 } }) });
    renderAccount('/de/account');
    expect((await screen.findByTestId('referral-count')).textContent).toBe('Über deinen Link angemeldet: 1.204');
    expect(screen.getByTestId('referral-section').textContent).toContain('1.000 Wörter geschenkt');
  });

  it('copies the link and says so for a moment', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    serve();
    renderAccount();
    fireEvent.click(await screen.findByTestId('referral-copy'));
    await waitFor(() => expect(screen.getByTestId('referral-copy').textContent).toBe('Copied'));
    expect(writeText).toHaveBeenCalledWith(REFERRAL.link);
    expect(screen.getByTestId('referral-copy-status').textContent).toBe('The link has been copied to the clipboard.');
  });

  it('selects the link for copying by hand where the clipboard is unavailable', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: undefined });
    serve();
    renderAccount();
    fireEvent.click(await screen.findByTestId('referral-copy'));
    const input = screen.getByTestId('referral-link') as HTMLInputElement;
    await waitFor(() => expect(screen.getByTestId('referral-copy-status').textContent).toContain('Ctrl+C'));
    expect(document.activeElement).toBe(input);
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, REFERRAL.link.length]);
    expect(screen.getByTestId('referral-copy').textContent).toBe('Copy link');
  });

  it('shows a failure with a way to try again', async () => {
    let fail = true;
    serve({
      referral: () =>
        fail ? json(503, { error: { code: 'service_unavailable', message: 'Down' } }) : json(200, { data: REFERRAL }),
    });
    renderAccount();
    const error = await screen.findByTestId('referral-error');
    expect(error.textContent).toContain('Down');
    fail = false;
    fireEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    expect(((await screen.findByTestId('referral-link')) as HTMLInputElement).value).toBe(REFERRAL.link);
  });
});

describe('account deletion', () => {
  async function openDialog() {
    fireEvent.click(await screen.findByTestId('delete-account-open'));
    return screen.getByRole('dialog', { name: 'Delete your account?' });
  }

  it('asks for the e-mail address, keeps focus inside and closes on Escape', async () => {
    serve();
    renderAccount();
    const dialog = await openDialog();
    const input = within(dialog).getByLabelText('To confirm, type your e-mail address (ada@example.org)');
    expect(document.activeElement).toBe(input);
    const confirm = within(dialog).getByTestId('delete-account-confirm') as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'someone@else.org' } });
    expect(confirm.disabled).toBe(true);
    fireEvent.change(input, { target: { value: ' ADA@example.org ' } });
    expect(confirm.disabled).toBe(false);

    confirm.focus();
    fireEvent.keyDown(confirm, { key: 'Tab' });
    expect(document.activeElement).toBe(input);
    fireEvent.keyDown(input, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(confirm);
    screen.getByTestId('delete-account-open').focus();
    expect(document.activeElement).toBe(input);

    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByTestId('delete-account-open'));
  });

  it('deletes the account, forgets the session and says so on the start page', async () => {
    const { calls } = serve();
    const router = renderAccount();
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByTestId('delete-account-email'), { target: { value: 'ada@example.org' } });
    fireEvent.submit(within(dialog).getByTestId('delete-account-email'));
    expect((await screen.findByTestId('account-deleted-notice')).textContent).toContain(
      'Account deleted — logging in again creates a new account.',
    );
    expect(router.state.location.pathname).toBe('/');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    const removal = calls.find((call) => call.method === 'DELETE');
    expect(removal?.url).toBe('/api/auth/user');
    expect(removal?.headers.get('Authorization')).toBe('Bearer access-1');
    expect(getSession()).toBeNull();
    expect(screen.queryByTestId('account-menu')).toBeNull();
    expect(calls.some((call) => !call.url.startsWith('/api/'))).toBe(false);
  });

  it('goes to the start page of the page’s language', async () => {
    serve();
    const router = renderAccount('/nl/account');
    const dialog = await screen.findByRole('button', { name: 'Account verwijderen' }).then((button) => {
      fireEvent.click(button);
      return screen.getByRole('dialog');
    });
    fireEvent.change(within(dialog).getByTestId('delete-account-email'), { target: { value: 'ada@example.org' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mijn account verwijderen' }));
    expect((await screen.findByTestId('account-deleted-notice')).textContent).toContain('Account verwijderd');
    expect(router.state.location.pathname).toBe('/nl');
  });

  it('shows the server’s reason in the dialog while a subscription is in force, and keeps the session', async () => {
    const message = 'Your account cannot be deleted while a subscription is active. Please unsubscribe first.';
    serve({ remove: () => json(409, { error: { code: 'account_deletion_error', message } }) });
    const router = renderAccount();
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByTestId('delete-account-email'), { target: { value: 'ada@example.org' } });
    fireEvent.click(within(dialog).getByTestId('delete-account-confirm'));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(message);
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect(router.state.location.pathname).toBe('/account');
    expect(getSession()).not.toBeNull();
    expect((within(dialog).getByTestId('delete-account-confirm') as HTMLButtonElement).disabled).toBe(false);
  });

  it('asks to try again later when the request fails otherwise', async () => {
    serve({ remove: () => json(500, { error: { code: 'internal_error', message: 'Database on fire' } }) });
    renderAccount();
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByTestId('delete-account-email'), { target: { value: 'ada@example.org' } });
    fireEvent.click(within(dialog).getByTestId('delete-account-confirm'));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Your request failed – try again later or contact support',
    );
    expect(getSession()).not.toBeNull();
  });

  it('cannot be closed while the deletion is under way', async () => {
    let answer: (response: Response) => void = () => {};
    serve({ remove: () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderAccount();
    const dialog = await openDialog();
    const input = within(dialog).getByTestId('delete-account-email');
    fireEvent.change(input, { target: { value: 'ada@example.org' } });
    fireEvent.click(within(dialog).getByTestId('delete-account-confirm'));
    await waitFor(() => expect(within(dialog).getByTestId('delete-account-confirm').textContent).toBe('Deleting…'));
    fireEvent.keyDown(input, { key: 'Escape' });
    fireEvent.mouseDown(screen.getByTestId('dialog-backdrop'));
    expect(screen.getByRole('dialog')).toBe(dialog);
    answer(new Response(null, { status: 204 }));
    expect((await screen.findByTestId('account-deleted-notice')).textContent).toContain(
      'Account deleted — logging in again creates a new account.',
    );
  });
});

describe('one profile for the page', () => {
  it('loads the profile once for the header, the menu and the page', async () => {
    const { calls } = serve();
    renderAccount();
    await screen.findByTestId('profile-name');
    expect((await screen.findByTestId('words-left')).textContent).toBe('300');
    expect(calls.filter((call) => call.url === '/api/auth/user/customer')).toHaveLength(1);
  });
});
