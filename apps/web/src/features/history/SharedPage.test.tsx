import type { SharedResult } from '@quire/contracts';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildRoutes } from '../../app/routes';
import { json, STATUS_OK, type StubbedCall, stubFetch } from '../../test/fetch-stub';
import { testProfile } from '../../test/profile';
import { fireEvent, render, screen, waitFor, within } from '../../test/render';
import { signIn } from '../../test/session';
import { invalidateServerStatus } from '../status/status.store';

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz012345';
const SHARED: SharedResult = {
  slug: 'write-chapter',
  tool_name: null,
  title: 'Photosynthesis',
  created_at: '2026-03-03T10:00:00Z',
  text: '## Light reactions\n\nPlants turn **light** into sugar [1]. <b>not bold</b>',
  citations: [{ sourceId: 's1', page: 4, passage: 'Plants turn light into sugar.' }],
};

function serve(shared: (call: StubbedCall) => Response) {
  return stubFetch((call) => {
    const { pathname } = new URL(call.url, 'http://localhost');
    if (pathname === '/api/status') return json(200, STATUS_OK);
    if (pathname === '/api/auth/user/customer') return json(200, { data: testProfile() });
    if (pathname === `/api/shared/${TOKEN}`) return shared(call);
    return json(404, { error: { code: 'not_found', message: 'Not found' } });
  });
}

function renderPage(path = `/shared/${TOKEN}`) {
  render(<RouterProvider router={createMemoryRouter(buildRoutes(), { initialEntries: [path] })} />);
}

const LOADED = { timeout: 5_000 };

beforeEach(() => invalidateServerStatus());

describe('a shared result page', () => {
  it('shows the tool, title, date, text and cited passages, asking nothing of the visitor', async () => {
    const { calls } = serve(() => json(200, { data: SHARED }));
    renderPage(`/de/shared/${TOKEN}`);
    const page = await screen.findByTestId('shared-result', {}, LOADED);
    expect(screen.getByTestId('page-title').textContent).toBe('Photosynthesis');
    await waitFor(() => expect(document.title).toBe('Photosynthesis · Quire'));
    expect(screen.getByTestId('shared-tool').textContent).toBe('Kapitel schreiben');
    expect(screen.getByTestId('shared-meta').textContent).toContain('3. März 2026');
    expect(page.querySelector('h3')?.textContent).toBe('Light reactions');
    expect(page.querySelector('strong')?.textContent).toBe('light');
    expect(page.querySelector('b')).toBeNull();
    expect(screen.getAllByTestId('shared-citation')[0]?.textContent).toContain('Plants turn light into sugar.');
    expect(screen.getByTestId('shared-notice').textContent).toContain('Es kann nur gelesen werden.');
    expect(screen.getByTestId('shared-cta').getAttribute('href')).toBe('/de');
    const request = calls.find((call) => call.url.startsWith('/api/shared/'));
    expect(request?.headers.get('Authorization')).toBeNull();
  });

  it('shows nobody’s account, not even a signed-in visitor’s, and sends no token', async () => {
    signIn();
    const { calls } = serve(() => json(200, { data: SHARED }));
    renderPage();
    const page = await screen.findByTestId('shared-result', {}, LOADED);
    expect(page.textContent).not.toContain('Ada Lovelace');
    expect(page.textContent).not.toContain('ada@example.org');
    const request = calls.find((call) => call.url.startsWith('/api/shared/'));
    expect(request?.headers.get('Authorization')).toBeNull();
  });

  it('shows the not-found page for a revoked or unknown link', async () => {
    serve(() => json(404, { error: { code: 'not_found', message: 'Not found' } }));
    renderPage();
    await screen.findByTestId('not-found', {}, LOADED);
    expect(screen.queryByTestId('shared-result')).toBeNull();
  });

  it('shows a failure with a way to try again, and the result once it loads', async () => {
    let fail = true;
    serve(() =>
      fail
        ? json(503, { error: { code: 'service_unavailable', message: 'Down for a moment.' } })
        : json(200, { data: SHARED }),
    );
    renderPage();
    const error = await screen.findByTestId('shared-error', {}, LOADED);
    expect(error.textContent).toContain('Down for a moment.');
    fail = false;
    fireEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    expect((await screen.findByTestId('shared-result')).textContent).toContain('Plants turn light into sugar');
    expect(screen.queryByTestId('shared-error')).toBeNull();
  });
});
