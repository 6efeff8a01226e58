import type { Profile } from '@quire/contracts';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildRoutes } from '../../app/routes';
import { json, STATUS_OK, type StubbedCall, stubFetch } from '../../test/fetch-stub';
import { testProfile } from '../../test/profile';
import { fireEvent, render, screen, waitFor } from '../../test/render';
import { signIn } from '../../test/session';
import { forgetProfile } from '../auth';
import { invalidateServerStatus } from '../status/status.store';

const LOADED = { timeout: 5_000 };

function serve(profile: Profile, save: (call: StubbedCall) => Response) {
  return stubFetch((call) => {
    if (call.url === '/api/status') return json(200, STATUS_OK);
    if (call.url === '/api/auth/user/customer') return json(200, { data: profile });
    if (call.url === '/api/auth/user/study_categories' && call.method === 'PUT') return save(call);
    if (call.url === '/api/prompt_templates') return json(200, { data: [] });
    return json(404, { error: { code: 'not_found', message: 'Not found' } });
  });
}

function openSources() {
  render(<RouterProvider router={createMemoryRouter(buildRoutes(), { initialEntries: ['/flows'] })} />);
}

beforeEach(() => {
  invalidateServerStatus();
  forgetProfile();
  signIn();
});
afterEach(() => forgetProfile());

describe('first-login study categories', () => {
  it('asks once nothing is chosen, saves the choice and loads the favourites again', async () => {
    const fresh = testProfile({ study_categories: null });
    const { calls } = serve(fresh, (call) =>
      json(200, { data: { ...fresh, study_categories: (call.body as { categories: string[] }).categories } }),
    );
    openSources();
    await screen.findByTestId('study-categories', {}, LOADED);
    const save = screen.getByTestId('study-categories-save') as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.click(screen.getByTestId('study-category-learning'));
    fireEvent.click(screen.getByTestId('study-category-editing'));
    fireEvent.click(save);
    await waitFor(() => expect(screen.queryByTestId('study-categories')).toBeNull());
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.body).toEqual({ categories: ['learning', 'editing'] });
    await waitFor(() => expect(calls.filter((call) => call.url === '/api/prompt_templates').length).toBeGreaterThan(0));
  });

  it('keeps the dialog open with the error when saving fails', async () => {
    serve(testProfile({ study_categories: null }), () =>
      json(500, { error: { code: 'generic_error', message: 'Something went wrong, please try again later' } }),
    );
    openSources();
    await screen.findByTestId('study-categories', {}, LOADED);
    fireEvent.click(screen.getByTestId('study-category-research'));
    fireEvent.click(screen.getByTestId('study-categories-save'));
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong, please try again later');
    expect(screen.getByTestId('study-categories').closest('[role="dialog"]')?.getAttribute('aria-modal')).toBe('true');
  });

  it('does not ask a user who has chosen', async () => {
    serve(testProfile(), () => json(500, {}));
    openSources();
    await screen.findByRole('heading', { level: 1 }, LOADED);
    // The header's words meter shows the profile: the prompt, which reads the same profile, has decided too.
    await screen.findByTestId('words-meter', {}, LOADED);
    expect(screen.queryByTestId('study-categories')).toBeNull();
  });
});
