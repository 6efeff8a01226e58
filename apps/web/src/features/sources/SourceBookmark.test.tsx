import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildRoutes } from '../../app/routes';
import { json, STATUS_OK, type StubbedCall, stubFetch } from '../../test/fetch-stub';
import { testProfile } from '../../test/profile';
import { fireEvent, render, screen, waitFor, within } from '../../test/render';
import { signIn } from '../../test/session';
import { aSource } from '../../test/sources';
import { invalidateServerStatus } from '../status/status.store';

const THESIS = aSource({ id: 'd1', name: 'Thesis.pdf', created_at: '2026-03-02T09:00:00Z' });
const ARTICLE = aSource({ id: 'w1', name: 'example.org/article', type: 'website', bookmarked: true });

/** The document service's lists and the gen service's bookmark toggle, which answers with `answer`. */
function serve(answer: (call: StubbedCall) => Response) {
  return stubFetch((call) => {
    if (call.url === '/api/status') return json(200, STATUS_OK);
    if (call.url === '/api/auth/user/customer') return json(200, { data: testProfile() });
    if (call.url === '/doc/documents') return json(200, { data: [THESIS] });
    if (call.url === '/doc/websites') return json(200, { data: [ARTICLE] });
    if (call.url.startsWith('/gen/bookmark?') && call.method === 'POST') return answer(call);
    return json(404, { error: { code: 'not_found', message: 'Not found' } });
  });
}

function renderSources() {
  render(<RouterProvider router={createMemoryRouter(buildRoutes(), { initialEntries: ['/sources'] })} />);
}

const row = (id: string) => {
  const found = screen.getAllByTestId('source-row').find((element) => element.dataset.sourceId === id);
  if (!found) throw new Error(`no row for ${id}`);
  return found;
};
const star = (id: string) => within(row(id)).getByTestId('source-bookmark');

beforeEach(() => {
  invalidateServerStatus();
  signIn();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the library: bookmark star', () => {
  it('toggles through POST /gen/bookmark and shows the state the server confirmed', async () => {
    const { calls } = serve(() => json(200, { data: { bookmarked: true } }));
    renderSources();
    await screen.findAllByTestId('source-row');
    const button = within(row('d1')).getByRole('button', { name: 'Bookmark Thesis.pdf' });
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect(star('w1').getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(button);
    await waitFor(() => expect(star('d1').getAttribute('aria-pressed')).toBe('true'));
    const toggles = calls.filter((call) => call.url.startsWith('/gen/bookmark'));
    expect(toggles.map((call) => [call.method, call.url])).toEqual([['POST', '/gen/bookmark?source_id=d1']]);
    expect(toggles[0]?.headers.get('Authorization')).toBe('Bearer access-1');
  });

  it('keeps the star as it was and says so when the call fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    serve(() => json(500, { error: { code: 'internal_error', message: 'Something went wrong.' } }));
    renderSources();
    await screen.findAllByTestId('source-row');
    fireEvent.click(star('w1'));
    expect((await within(row('w1')).findByTestId('source-bookmark-error')).textContent).toBe(
      'The bookmark could not be changed. Please try again.',
    );
    expect(star('w1').getAttribute('aria-pressed')).toBe('true');
  });

  it('filters the library to the bookmarked sources', async () => {
    serve(() => json(200, { data: { bookmarked: false } }));
    renderSources();
    await screen.findAllByTestId('source-row');
    fireEvent.click(screen.getByRole('radio', { name: 'Bookmarked (1)' }));
    expect(screen.getAllByTestId('source-row').map((element) => element.dataset.sourceId)).toEqual(['w1']);
    fireEvent.click(star('w1'));
    await screen.findByTestId('sources-empty-filter');
    expect(screen.getByTestId('sources-empty-filter').textContent).toBe(
      'No bookmarked sources yet. Use the star to bookmark one.',
    );
    expect((screen.getByRole('radio', { name: 'Bookmarked (0)' }) as HTMLInputElement).checked).toBe(true);
  });
});
