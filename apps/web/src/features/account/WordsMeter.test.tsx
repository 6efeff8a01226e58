import type { Profile } from '@quire/contracts';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buildRoutes } from '../../app/routes';
import { json, STATUS_OK, stubFetch } from '../../test/fetch-stub';
import { testProfile } from '../../test/profile';
import { render, screen, waitFor } from '../../test/render';
import { signIn } from '../../test/session';
import { invalidateServerStatus } from '../status/status.store';

const PROFILE = testProfile({ words_used: 500 });

function serve(words: Partial<Profile> = {}) {
  return stubFetch((call) => {
    if (call.url === '/api/status') return json(200, STATUS_OK);
    if (call.url === '/api/auth/user/customer') return json(200, { data: { ...PROFILE, ...words } });
    return json(404, { error: { code: 'not_found', message: 'Not found' } });
  });
}

function renderAt(path: string) {
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  invalidateServerStatus();
});

describe('words meter in the app header', () => {
  const cases: [string, Partial<Profile>, string, string, number][] = [
    ['available', { words_used: 500 }, '1,500', 'available', 500],
    ['nearly used up at 80%', { words_used: 1_600 }, '400', 'nearly_used_up', 1_600],
    ['reached, never below 0', { words_used: 2_300 }, '0', 'reached', 2_000],
    ['with extra words counted', { words_used: 2_000, words_extra: 10_000 }, '10,000', 'available', 2_000],
  ];

  it.each(cases)('shows the words left when %s', async (_, words, left, state, value) => {
    signIn();
    serve(words);
    renderAt('/flows');
    const meter = await screen.findByTestId('words-meter');
    expect(screen.getByTestId('words-left').textContent).toBe(left);
    expect(meter.dataset.state).toBe(state);
    const bar = screen.getByRole('meter', { name: `${left} words left` }) as HTMLMeterElement;
    expect(bar.value).toBe(value);
    expect(bar.max).toBe(PROFILE.words_limit + (words.words_extra ?? 0));
  });

  it('formats the number and the label for the page’s language', async () => {
    signIn();
    serve({ words_used: 500, words_extra: 10_000 });
    renderAt('/de/flows');
    expect((await screen.findByTestId('words-left')).textContent).toBe('11.500');
    const bar = screen.getByRole('meter', { name: 'Noch 11.500 Wörter übrig' });
    expect(bar.getAttribute('aria-valuetext')).toBe('500 von 12.000 Wörtern verbraucht');
  });

  it('shows visitors nothing there', async () => {
    const { calls } = serve();
    renderAt('/flows');
    await screen.findByTestId('page-title');
    expect(screen.queryByTestId('words-meter')).toBeNull();
    expect(document.querySelector('.app-header')?.textContent).not.toMatch(/–|Words left/);
    expect(calls.some((call) => call.url === '/api/auth/user/customer')).toBe(false);
  });

  it('asks the server once while the visitor moves between pages', async () => {
    signIn({}, { name: 'Ada Lovelace', email: 'ada@example.org' });
    const { calls } = serve();
    const router = renderAt('/flows');
    await screen.findByTestId('words-meter');
    await router.navigate('/feature/write-chapter');
    await waitFor(() => expect(screen.getByTestId('page-title').textContent).toBe('Write a chapter'));
    expect(screen.getByTestId('words-left').textContent).toBe('1,500');
    expect(calls.filter((call) => call.url === '/api/auth/user/customer')).toHaveLength(1);
  });

  it('stays away when the profile cannot be loaded', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    signIn();
    stubFetch((call) =>
      call.url === '/api/status'
        ? json(200, STATUS_OK)
        : json(503, { error: { code: 'service_unavailable', message: 'Down' } }),
    );
    renderAt('/flows');
    await waitFor(() => expect(warn).toHaveBeenCalledWith('Could not load the words left', expect.anything()));
    expect(screen.queryByTestId('words-meter')).toBeNull();
  });
});
