import { createMemoryRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { invalidateServerStatus } from '../features/status/status.store';
import { json, STATUS_OK, type StubbedCall, serverStatus, stubFetch } from '../test/fetch-stub';
import { testProfile } from '../test/profile';
import { act, fireEvent, render, screen, waitFor } from '../test/render';
import { signIn } from '../test/session';
import { isVisible } from '../test/visible';
import { AppShell } from './AppShell';
import { ErrorFallback } from './error/ErrorFallback';
import { ErrorPage } from './error/ErrorPage';
import { lazyComponent } from './lazy-route';
import { createPageLoader } from './page-loader';
import { buildRoutes } from './routes';

function renderRoutes(path: string, routes: RouteObject[] = buildRoutes()) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

function serve(status: unknown, other?: (call: StubbedCall) => Response) {
  return stubFetch((call) => {
    if (call.url === '/api/status') return json(200, status);
    return other ? other(call) : json(404, { error: { code: 'not_found', message: 'Not found' } });
  });
}

/** A route element that renders nothing: these tests look at what happens around it. */
function Empty() {
  return null;
}

function FailingErrorPage(): never {
  throw new Error('error page failed too');
}

beforeEach(() => {
  invalidateServerStatus();
  serve(STATUS_OK);
  // biome-ignore lint/suspicious/noDocumentCookie: resetting the test document's cookie.
  document.cookie = 'quire_lang=; Max-Age=0; Path=/';
});

describe('routing', () => {
  it('shows the German not-found page for an unknown path under /de', async () => {
    renderRoutes('/de/nope');
    expect((await screen.findByTestId('not-found')).textContent).toContain('Diese Seite konnte nicht gefunden werden');
    expect(screen.getByTestId('page-title').textContent).toBe('Seite nicht gefunden');
    expect(document.documentElement.lang).toBe('de');
    await waitFor(() => expect(document.title).toBe('Seite nicht gefunden · Quire'));
  });

  it.each(['/nope/deeper', '/feature/no-such-tool', '/flow/x', '/en/pricing', '/PRICING'])(
    'shows the not-found page for %s',
    async (path) => {
      renderRoutes(path);
      expect((await screen.findByTestId('not-found')).textContent).toContain('This page could not be found');
      expect(screen.getByTestId('page-title').textContent).toBe('Page not found');
    },
  );

  it('renders a localised page with its title', async () => {
    renderRoutes('/fr/pricing');
    await waitFor(() => expect(screen.getByTestId('page-title').textContent).toBe('Tarifs'));
    await waitFor(() => expect(document.title).toBe('Tarifs · Quire'));
    expect(document.documentElement.lang).toBe('fr');
  });

  it('renders a tool page whose parameter is valid', async () => {
    renderRoutes('/de/feature/cards');
    await waitFor(() => expect(screen.getByTestId('page-title').textContent).toBe('Karteikarten'));
    const signInNotice = await screen.findByTestId('cards-sign-in', {}, { timeout: 5_000 });
    expect(signInNotice.querySelector('a')?.getAttribute('href')).toBe('/de/login');
  });

  it('renders a writing tool on its page', async () => {
    renderRoutes('/de/feature/write-chapter');
    await waitFor(() => expect(screen.getByTestId('page-title').textContent).toBe('Kapitel schreiben'));
    expect((await screen.findByTestId('generation', {}, { timeout: 5_000 })).dataset.slug).toBe('write-chapter');
    expect(screen.queryByTestId('coming-soon')).toBeNull();
  });

  it('renders the English home page with its tools and calls to action', async () => {
    renderRoutes('/');
    await waitFor(() =>
      expect(screen.getByTestId('page-title').textContent).toBe(
        'Write your academic work with a research assistant at your side',
      ),
    );
    expect(isVisible(screen.getByText('Output in about 3 seconds.'))).toBe(true);
    expect(screen.getByText('Find sources').closest('a')?.getAttribute('href')).toBe('/feature/find-sources');
    expect(screen.getByTestId('cta-try').getAttribute('href')).toBe('/try');
    // The title is set in an effect after the page renders; the previous test's lazy page may set it late.
    await waitFor(() => expect(document.title).toBe('Quire – AI assistant for academic writing'));
  });

  it('sends visitors without a session from a protected page to the login page', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const router = renderRoutes('/es/account');
    await waitFor(() => expect(router.state.location.pathname).toBe('/es/login'));
    expect(router.state.location.search).toBe('?redirect=%2Fes%2Faccount');
    await waitFor(() => expect(screen.getByTestId('page-title').textContent).toBe('Iniciar sesión'));
    // This test's server has no sign-in configuration.
    const failed = await screen.findByText('El inicio de sesión no se ha completado');
    expect(failed.closest('[role]')?.getAttribute('role')).toBe('alert');
  });

  it('lets visitors with a session see the protected page', async () => {
    signIn();
    renderRoutes('/account');
    await waitFor(() => expect(screen.getByTestId('page-title').textContent).toBe('Account'));
  });

  it('sends a session that expired without a refresh token to the login page', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    signIn({ refresh_token: null, expires_at: Math.floor(Date.now() / 1000) - 10 });
    const router = renderRoutes('/de/sources');
    await waitFor(() => expect(router.state.location.pathname).toBe('/de/login'));
    expect(router.state.location.search).toBe('?redirect=%2Fde%2Fsources');
  });

  it('says once that the visitor has been signed out', async () => {
    const router = renderRoutes('/fr?logout');
    expect((await screen.findByTestId('signed-out-notice')).textContent).toContain('Votre session a été fermée.');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/fr');
    expect(screen.getByTestId('signed-out-notice').getAttribute('role')).toBe('status');
    fireEvent.click(screen.getByRole('button', { name: 'Fermer' }));
    expect(screen.queryByTestId('signed-out-notice')).toBeNull();
  });

  it('says once, from the landing catalogue, that the account has been deleted', async () => {
    const router = renderRoutes('/it?deleted');
    expect((await screen.findByTestId('account-deleted-notice')).textContent).toContain(
      'Account eliminato: accedendo di nuovo verrà creato un nuovo account.',
    );
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByTestId('signed-out-notice')).toBeNull();
  });

  it('shows signed-in visitors their name with the account page and sign-out in the landing header', async () => {
    signIn({}, { name: 'Ada Lovelace', email: 'ada@example.org' });
    renderRoutes('/de/pricing');
    const toggle = await screen.findByRole('button', { name: 'Ada Lovelace' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const menu = screen.getByTestId('account-menu');
    expect(menu.textContent).toContain('Angemeldet als ada@example.org');
    expect(screen.getByRole('link', { name: 'Konto' }).getAttribute('href')).toBe('/de/account');
    expect(menu.contains(screen.getByRole('button', { name: 'Abmelden' }))).toBe(true);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });

  it('loads the name for the header when the session does not know it yet', async () => {
    signIn();
    serve(STATUS_OK, (call) =>
      call.url === '/api/auth/user/customer'
        ? json(200, { data: testProfile({ name: 'Grace Hopper', email: 'grace@example.org' }) })
        : json(404, { error: { code: 'not_found', message: 'Not found' } }),
    );
    renderRoutes('/flows');
    expect((await screen.findByRole('button', { name: 'Grace Hopper' })).getAttribute('aria-expanded')).toBe('false');
  });

  it('sends every page to the maintenance page while maintenance is on', async () => {
    serve(serverStatus({ maintenance: true }));
    const router = renderRoutes('/de/pricing');
    expect((await screen.findByTestId('maintenance-page')).textContent).toContain('Quire wird gerade gewartet.');
    expect(router.state.location.pathname).toBe('/de/maintenance');
  });

  it('sends visitors from the maintenance page to the start once maintenance is off', async () => {
    const router = renderRoutes('/it/maintenance');
    await waitFor(() => expect(router.state.location.pathname).toBe('/it'));
  });

  it('redirects the bare root to the language of the cookie', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the test sets the language cookie as the switcher would.
    document.cookie = 'quire_lang=nl; Path=/';
    const router = renderRoutes('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/nl'));
    await waitFor(() => expect(screen.getByTestId('cta-try').textContent).toBe('Probeer Quire gratis'));
  });

  it('switches language on the same page and remembers the choice', async () => {
    const router = renderRoutes('/fr/pricing');
    const switcher = (await screen.findByTestId('language-switcher')) as HTMLSelectElement;
    expect(switcher.value).toBe('fr');
    fireEvent.change(switcher, { target: { value: 'de' } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/de/pricing'));
    await waitFor(() => expect(screen.getByTestId('page-title').textContent).toBe('Preise'));
    expect(document.cookie).toContain('quire_lang=de');
  });

  it('shows the server status banner on every layout', async () => {
    serve(serverStatus({ banner: 'fixing' }));
    renderRoutes('/de/flows');
    const banner = await screen.findByText('Wir arbeiten an einer Lösung.');
    expect(banner.closest('[role]')?.getAttribute('role')).toBe('status');
  });

  it('shows an offline banner while the browser is offline', async () => {
    renderRoutes('/pricing');
    await screen.findByTestId('page-title');
    expect(screen.queryByTestId('offline-banner')).toBeNull();
    const onLine = vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(screen.getByTestId('offline-banner').textContent).toContain('You are offline');
    onLine.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.queryByTestId('offline-banner')).toBeNull();
  });
});

describe('error page', () => {
  function failingLayoutRoutes(): RouteObject[] {
    return [
      {
        id: 'root',
        Component: AppShell,
        ErrorBoundary: ErrorFallback,
        children: [
          {
            path: '/de',
            ErrorBoundary: ErrorPage,
            children: [
              {
                lazy: lazyComponent(() => Promise.reject(new Error('Layout chunk exploded'))),
                children: [{ index: true, Component: Empty }],
              },
            ],
          },
        ],
      },
    ];
  }

  it('turns a layout that fails to load into a 500 with its message', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderRoutes('/de', failingLayoutRoutes());
    expect(isVisible(await screen.findByText('Fehler 500'))).toBe(true);
    expect(screen.getByTestId('page-title').textContent).toBe('Etwas ist schiefgelaufen');
    expect(isVisible(screen.getByText('Layout chunk exploded'))).toBe(true);
    expect(screen.getByRole('link', { name: 'Zurück zur Startseite' }).getAttribute('href')).toBe('/de');
  });

  it('sends the report with the hidden e-mail and subject, then thanks', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { calls } = serve(STATUS_OK, () => json(201, { data: { id: 'm1', created_at: '2026-11-21T10:00:00Z' } }));
    renderRoutes('/de', failingLayoutRoutes());
    const message = await screen.findByLabelText('Was hast du kurz vor dem Fehler getan?');
    fireEvent.change(message, { target: { value: 'Ich habe auf Preise geklickt.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Nachricht senden' }));
    expect((await screen.findByTestId('contact-thanks')).textContent).toBe(
      'Danke! Wir haben deine Nachricht erhalten.',
    );
    const sent = calls.find((call) => call.url === '/api/contact/');
    expect(sent?.method).toBe('POST');
    expect(sent?.body).toEqual({
      type: 'message',
      body: 'Ich habe auf Preise geklickt.',
      email: 'nouser',
      subject: 'errorpage',
    });
  });

  it("uses the logged-in user's e-mail and shows the server's field errors", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    signIn({}, { name: 'Ada', email: 'ada@example.org' });
    const { calls } = serve(STATUS_OK, () =>
      json(400, {
        error: {
          code: 'validation_error',
          message: 'Einige Felder sind ungültig.',
          details: { fields: [{ path: 'body', message: 'Nachricht darf nicht länger als 5000 Zeichen sein' }] },
        },
      }),
    );
    renderRoutes('/de', failingLayoutRoutes());
    fireEvent.change(await screen.findByLabelText('Was hast du kurz vor dem Fehler getan?'), {
      target: { value: 'x' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Nachricht senden' }));
    const tooLong = await screen.findByText('Nachricht darf nicht länger als 5000 Zeichen sein');
    // The field's error, tied to the field it is about.
    const field = screen.getByLabelText('Was hast du kurz vor dem Fehler getan?');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')?.split(' ')).toContain(tooLong.id);
    expect(screen.getByRole('alert').textContent).toBe('Einige Felder sind ungültig.');
    expect(calls.find((call) => call.url === '/api/contact/')?.body).toMatchObject({ email: 'ada@example.org' });
  });

  it('asks for a message before sending anything', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { calls } = serve(STATUS_OK);
    renderRoutes('/de', failingLayoutRoutes());
    fireEvent.click(await screen.findByRole('button', { name: 'Nachricht senden' }));
    const required = await screen.findByText('Nachricht ist erforderlich');
    const field = screen.getByLabelText('Was hast du kurz vor dem Fehler getan?');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')?.split(' ')).toContain(required.id);
    expect(calls.some((call) => call.url === '/api/contact/')).toBe(false);
  });

  it('reports an unknown guard as a 500 with its name', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderRoutes('/', [
      {
        path: '/',
        ErrorBoundary: ErrorPage,
        loader: createPageLoader('pricing', 'en', {
          guards: ['auth', 'teleport'],
          registry: { auth: () => undefined },
        }),
        Component: Empty,
      },
    ]);
    expect(isVisible(await screen.findByText('Unknown middleware teleport'))).toBe(true);
    expect(isVisible(screen.getByText('Error 500'))).toBe(true);
  });

  it('falls back to a message and a link home when the error page itself fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderRoutes('/fr/x', [
      {
        id: 'root',
        ErrorBoundary: ErrorFallback,
        children: [
          {
            path: '/fr/x',
            loader: () => {
              throw new Error('page failed');
            },
            ErrorBoundary: FailingErrorPage,
            Component: Empty,
          },
        ],
      },
    ]);
    expect((await screen.findByTestId('error-fallback')).textContent).toContain('This page could not be shown.');
    expect(screen.getByRole('link').getAttribute('href')).toBe('/fr');
  });
});
