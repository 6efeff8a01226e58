import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildRoutes } from '../../app/routes';
import { storeConsentChoice } from '../../test/consent';
import { json, type StubbedCall, serverStatus, stubFetch } from '../../test/fetch-stub';
import { testProfile } from '../../test/profile';
import { act, fireEvent, render, screen, waitFor } from '../../test/render';
import { signIn } from '../../test/session';
import { invalidateServerStatus } from '../status/status.store';
import { SurveyCard } from './SurveyCard';
import { isSurveyDone, markSurveyDone, resetSurveyTimer, surveySeconds, tickSurvey } from './survey.store';

const LOADED = { timeout: 5_000 };
const EMAIL = 'ada@example.org';

function serve(
  contact: (call: StubbedCall) => Response = () =>
    json(201, { data: { id: 'm-1', created_at: '2026-01-01T00:00:00Z' } }),
) {
  return stubFetch((call) => {
    if (call.url === '/api/status') {
      return json(200, serverStatus({ survey_delay_seconds: 1 }));
    }
    if (call.url === '/api/auth/user/customer') return json(200, { data: testProfile({ email: EMAIL }) });
    if (call.url === '/api/contact/') return contact(call);
    if (call.url === '/api/prompt_templates') return json(200, { data: [] });
    return json(404, { error: { code: 'not_found', message: 'Not found' } });
  });
}

beforeEach(() => {
  invalidateServerStatus();
  resetSurveyTimer();
  // The cookie choice is made: the survey never shows while the cookie card does.
  storeConsentChoice();
});
afterEach(() => vi.useRealTimers());

/**
 * The survey's one-second timer on a clock the test moves: time still passes on its own (pages load as
 * usual), and `pastTheDelay` runs every tick of the delay at once, so "not shown" means not shown when due.
 */
function useSurveyClock() {
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
}
const pastTheDelay = () => act(() => vi.advanceTimersByTimeAsync(2_000));

describe('survey card in the app', () => {
  it('appears for a signed-in user after the configured delay, counted across pages', async () => {
    signIn({}, { name: 'Ada', email: EMAIL });
    serve();
    const router = createMemoryRouter(buildRoutes(), { initialEntries: ['/pricing'] });
    render(<RouterProvider router={router} />);
    await screen.findByTestId('page-title', {}, LOADED);
    expect(screen.queryByTestId('survey-card')).toBeNull();
    await router.navigate('/blog');
    expect((await screen.findByTestId('survey-card', {}, LOADED)).textContent).toContain('How would you rate Quire?');
    expect(surveySeconds()).toBeGreaterThanOrEqual(1);
  });

  it('waits while a dialog asks something else (the first-login question), and appears once it is answered', async () => {
    signIn({}, { name: 'Ada', email: EMAIL });
    stubFetch((call) => {
      if (call.url === '/api/status') {
        return json(200, serverStatus({ survey_delay_seconds: 1 }));
      }
      if (call.url === '/api/auth/user/customer')
        return json(200, { data: testProfile({ email: EMAIL, study_categories: null }) });
      if (call.url === '/api/auth/user/study_categories')
        return json(200, { data: testProfile({ email: EMAIL, study_categories: [] }) });
      if (call.url === '/api/prompt_templates') return json(200, { data: [] });
      return json(404, { error: { code: 'not_found', message: 'Not found' } });
    });
    useSurveyClock();
    render(<RouterProvider router={createMemoryRouter(buildRoutes(), { initialEntries: ['/flows'] })} />);
    await screen.findByTestId('study-categories', {}, LOADED);
    await pastTheDelay();
    // The delay has run out (the timer counted to it), yet the card waits behind the dialog.
    expect(surveySeconds()).toBeGreaterThanOrEqual(1);
    expect(screen.queryByTestId('survey-card')).toBeNull();
    fireEvent.click(screen.getByTestId('study-categories-skip'));
    expect((await screen.findByTestId('survey-card', {}, LOADED)).textContent).toContain('How would you rate Quire?');
  }, 15_000);

  it('does not appear for visitors, nor for a user who closed it on this device', async () => {
    serve();
    markSurveyDone('grace@example.org');
    useSurveyClock();
    const { unmount } = render(
      <RouterProvider router={createMemoryRouter(buildRoutes(), { initialEntries: ['/pricing'] })} />,
    );
    await screen.findByTestId('page-title', {}, LOADED);
    await pastTheDelay();
    expect(screen.queryByTestId('survey-card')).toBeNull();
    unmount();

    signIn({}, { name: 'Grace', email: 'Grace@example.org' });
    render(<RouterProvider router={createMemoryRouter(buildRoutes(), { initialEntries: ['/pricing'] })} />);
    await screen.findByTestId('page-title', {}, LOADED);
    await pastTheDelay();
    expect(screen.queryByTestId('survey-card')).toBeNull();
  }, 15_000);
});

describe('SurveyCard', () => {
  it('goes rating → comment → thanks and sends the answer as a survey message', async () => {
    const { calls } = serve();
    const onDone = vi.fn();
    render(<SurveyCard email={EMAIL} onDone={onDone} />);
    const next = screen.getByTestId('survey-continue') as HTMLButtonElement;
    expect(next.disabled).toBe(true);
    const group = screen.getByRole('radiogroup', { name: 'How would you rate Quire?' });
    expect(group).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: '4 of 5 stars' }));
    expect(next.disabled).toBe(false);
    fireEvent.click(next);

    const comment = screen.getByTestId('survey-comment');
    await waitFor(() => expect(document.activeElement).toBe(comment));
    fireEvent.change(comment, { target: { value: '  More citation styles, please.  ' } });
    fireEvent.click(screen.getByTestId('survey-send'));
    expect((await screen.findByTestId('survey-thanks')).textContent).toBe('Thank you for your feedback!');
    const sent = calls.find((call) => call.url === '/api/contact/');
    expect(sent?.method).toBe('POST');
    expect(sent?.body).toEqual({ type: 'survey', rating: 4, body: 'More citation styles, please.', email: EMAIL });

    fireEvent.click(screen.getByTestId('survey-finish'));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
  });

  it('can be made small and extended again, and closed at any step', async () => {
    serve();
    const onDone = vi.fn();
    render(<SurveyCard email={EMAIL} onDone={onDone} />);
    const toggle = screen.getByTestId('survey-toggle');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const body = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(body?.hidden).toBe(true);
    fireEvent.click(toggle);
    expect(body?.hidden).toBe(false);
    fireEvent.click(screen.getByTestId('survey-close'));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
  });

  it("shows the server's message when sending fails, and keeps the answer", async () => {
    serve(() =>
      json(429, { error: { code: 'rate_limited', message: 'Too many requests. Please wait a moment and try again.' } }),
    );
    render(<SurveyCard email={EMAIL} onDone={() => undefined} />);
    fireEvent.click(screen.getByRole('radio', { name: '2 of 5 stars' }));
    fireEvent.click(screen.getByTestId('survey-continue'));
    fireEvent.change(screen.getByTestId('survey-comment'), { target: { value: 'Too slow for me' } });
    fireEvent.click(screen.getByTestId('survey-send'));
    expect((await screen.findByTestId('survey-error')).textContent).toBe(
      'Too many requests. Please wait a moment and try again.',
    );
    expect((screen.getByTestId('survey-comment') as HTMLTextAreaElement).value).toBe('Too slow for me');
  });
});

describe('survey store', () => {
  it('keeps the counted seconds across a reload of the tab, and "done" per user', () => {
    tickSurvey(30);
    tickSurvey(15);
    resetSurveyTimer();
    expect(surveySeconds()).toBe(45);
    expect(isSurveyDone(EMAIL)).toBe(false);
    markSurveyDone('Ada@Example.org');
    expect(isSurveyDone(EMAIL)).toBe(true);
    expect(isSurveyDone('grace@example.org')).toBe(false);
  });
});
