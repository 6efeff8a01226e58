import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildRoutes } from '../../app/routes';
import { storeConsentChoice } from '../../test/consent';
import { json, STATUS_OK, stubFetch } from '../../test/fetch-stub';
import { act, cleanup, fireEvent, render, screen, waitFor } from '../../test/render';
import { invalidateServerStatus } from '../status/status.store';
import { CONSENT_STORAGE_KEY, CONSENT_VERSION, readConsent } from './consent.store';
import { isConsentQuietRoute } from './consent-routes';
import { MARKETING_FONT_HREF } from './marketing-font';

const LOADED = { timeout: 5_000 };

function serve() {
  return stubFetch((call) => {
    if (call.url === '/api/status') return json(200, STATUS_OK);
    if (call.url === '/api/analytics/events') return json(202, { data: { accepted: 1 } });
    return json(404, { error: { code: 'not_found', message: 'Not found' } });
  });
}

function open(path: string) {
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

function stored() {
  return JSON.parse(window.localStorage.getItem(CONSENT_STORAGE_KEY) ?? 'null');
}

const marketingFont = () => document.head.querySelector(`link[href="${MARKETING_FONT_HREF}"]`);

beforeEach(() => {
  invalidateServerStatus();
  document.getElementById('quire-marketing-font')?.remove();
});

describe('cookie card', () => {
  it('asks on the first visit and keeps "decline" as only the required cookies, so it asks once', async () => {
    serve();
    const router = open('/');
    const card = await screen.findByTestId('consent-card', {}, LOADED);
    expect(card.textContent).toContain('Cookies and privacy');
    fireEvent.click(screen.getByTestId('consent-decline'));
    await waitFor(() => expect(screen.queryByTestId('consent-card')).toBeNull());
    expect(stored()).toMatchObject({ version: CONSENT_VERSION, functional: false, analytics: false, marketing: false });
    expect(readConsent()).toEqual({ required: true, functional: false, analytics: false, marketing: false });

    await router.navigate('/pricing');
    await screen.findByTestId('page-title', {}, LOADED);
    expect(screen.queryByTestId('consent-card')).toBeNull();
    expect(marketingFont()).toBeNull();
  });

  it('saves the categories chosen one by one; the required ones cannot be switched off', async () => {
    serve();
    open('/');
    fireEvent.click(await screen.findByTestId('consent-choose', {}, LOADED));
    const required = screen.getByRole('switch', { name: /Required/ }) as HTMLInputElement;
    expect(required.checked).toBe(true);
    expect(required.disabled).toBe(true);
    for (const name of ['Functional', 'Analytics', 'Marketing']) {
      expect((screen.getByRole('switch', { name: new RegExp(name) }) as HTMLInputElement).checked).toBe(false);
    }
    fireEvent.click(screen.getByRole('switch', { name: /Marketing/ }));
    fireEvent.click(screen.getByRole('switch', { name: /Functional/ }));
    fireEvent.click(screen.getByTestId('consent-save'));
    await waitFor(() => expect(screen.queryByTestId('consent-card')).toBeNull());
    expect(stored()).toMatchObject({ functional: true, analytics: false, marketing: true });
    // The marketing font's stylesheet, served by Quire itself, comes with marketing consent only.
    await waitFor(() => expect(marketingFont()).not.toBeNull());
  });

  it('is changed later from "Cookie settings" in the footer, by keyboard too', async () => {
    storeConsentChoice({ functional: true, marketing: true });
    serve();
    open('/');
    const settings = await screen.findByTestId('consent-settings', {}, LOADED);
    expect(screen.queryByTestId('consent-card')).toBeNull();
    await waitFor(() => expect(marketingFont()).not.toBeNull());

    settings.focus();
    fireEvent.click(settings);
    const card = await screen.findByTestId('consent-card', {}, LOADED);
    await waitFor(() => expect(document.activeElement).toBe(card));
    expect((screen.getByRole('switch', { name: /Functional/ }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('switch', { name: /Marketing/ }) as HTMLInputElement).checked).toBe(true);

    fireEvent.keyDown(card, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('consent-card')).toBeNull());
    expect(document.activeElement).toBe(settings);

    fireEvent.click(settings);
    fireEvent.click(await screen.findByTestId('consent-decline', {}, LOADED));
    await waitFor(() => expect(stored()).toMatchObject({ functional: false, marketing: false }));
    await waitFor(() => expect(marketingFont()).toBeNull());
  });

  it('asks again when the stored choice is of an older version', async () => {
    window.localStorage.setItem(
      CONSENT_STORAGE_KEY,
      JSON.stringify({ version: CONSENT_VERSION - 1, functional: true, analytics: true, marketing: true }),
    );
    serve();
    open('/');
    expect((await screen.findByTestId('consent-card', {}, LOADED)).textContent).toContain('Cookies and privacy');
  });

  it('stays away from the start page after logout', async () => {
    serve();
    // The card's code is loaded first (a first visit shows it), so that below it would show in the very
    // render that decides, not later when its chunk arrives.
    open('/');
    await screen.findByTestId('consent-card', {}, LOADED);
    cleanup();
    const router = open('/?logout');
    await screen.findByTestId('signed-out-notice', {}, LOADED);
    // The page took ?logout off the address; React has finished with that change, and the card stayed away.
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await act(async () => {});
    expect(screen.getByTestId('page-title').textContent).not.toBe('');
    expect(screen.queryByTestId('consent-card')).toBeNull();
  });
});

describe('isConsentQuietRoute', () => {
  it.each([
    ['/checkout_success', '', true],
    ['/de/checkout_success', '?session=x', true],
    ['/pricing', '?checkout=cancelled', true],
    ['/fr/pricing', '?checkout=canceled', true],
    ['/redirect', '', true],
    ['/login', '?code=x', true],
    ['/nl/login', '', true],
    ['/', '?logout', true],
    ['/it', '?logout', true],
    ['/', '', false],
    ['/pricing', '', false],
    ['/checkout', '?session=x', false],
    ['/feature/write-chapter', '', false],
    ['/nowhere', '', false],
  ])('%s%s → %s', (pathname, search, quiet) => {
    expect(isConsentQuietRoute(pathname, search)).toBe(quiet);
  });
});
