import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildRoutes } from '../../app/routes';
import { ensureLocale } from '../../i18n/i18n';
import { storeConsentChoice } from '../../test/consent';
import { json, STATUS_OK, type StubbedCall, stubFetch } from '../../test/fetch-stub';
import { testProfile } from '../../test/profile';
import { fireEvent, render, screen, waitFor } from '../../test/render';
import { signIn } from '../../test/session';
import { invalidateServerStatus } from '../status/status.store';
import { ReportResultButton } from './ReportResultButton';

const LOADED = { timeout: 5_000 };
const CREATED = { data: { id: 'f-1', created_at: '2026-01-01T00:00:00Z' } };

function serve(answer: (call: StubbedCall) => Response = () => json(201, CREATED)) {
  return stubFetch((call) => {
    if (call.url === '/api/status') return json(200, STATUS_OK);
    if (call.url === '/api/auth/user/customer') return json(200, { data: testProfile() });
    if (call.url === '/api/feedback' || call.url === '/api/reports') return answer(call);
    return json(404, { error: { code: 'not_found', message: 'Not found' } });
  });
}

beforeEach(() => {
  invalidateServerStatus();
  storeConsentChoice({ functional: true });
});

describe('feedback from the footer', () => {
  it('is offered to signed-in users only', async () => {
    serve();
    render(<RouterProvider router={createMemoryRouter(buildRoutes(), { initialEntries: ['/pricing'] })} />);
    await screen.findByTestId('consent-settings', {}, LOADED);
    expect(screen.queryByTestId('feedback-open')).toBeNull();
  });

  it('sends a message with an optional rating and the page, and thanks the user', async () => {
    signIn({}, { name: 'Ada', email: 'ada@example.org' });
    const { calls } = serve();
    render(<RouterProvider router={createMemoryRouter(buildRoutes(), { initialEntries: ['/de/pricing'] })} />);
    fireEvent.click(await screen.findByTestId('feedback-open', {}, LOADED));
    const dialog = await screen.findByTestId('feedback-dialog', {}, LOADED);

    fireEvent.click(screen.getByTestId('feedback-send'));
    expect(dialog.textContent).toContain('Bitte schreib eine Nachricht.');
    expect(calls.some((call) => call.url === '/api/feedback')).toBe(false);

    fireEvent.change(screen.getByTestId('feedback-body'), { target: { value: 'Mehr Zitierstile bitte.' } });
    fireEvent.click(screen.getByRole('radio', { name: '5 von 5 Sternen' }));
    fireEvent.click(screen.getByTestId('feedback-send'));
    expect((await screen.findByTestId('feedback-thanks')).textContent).toBe(
      'Danke! Dein Feedback ist beim Team angekommen.',
    );
    expect(calls.find((call) => call.url === '/api/feedback')?.body).toEqual({
      body: 'Mehr Zitierstile bitte.',
      rating: 5,
      path: '/de/pricing',
    });
  });
});

describe('ReportResultButton', () => {
  // Rendered without a page around it: the language is set here rather than by a locale guard.
  beforeEach(() => ensureLocale('en'));

  it('reports a result with a reason and a comment; "other" needs the comment', async () => {
    const { calls } = serve();
    render(<ReportResultButton resultId="6f1c2a9e-8b1d-4c3e-9f0a-1b2c3d4e5f60" />);
    fireEvent.click(screen.getByTestId('report-result'));
    await screen.findByTestId('report-dialog', {}, LOADED);

    fireEvent.click(screen.getByTestId('report-send'));
    expect(screen.getByTestId('report-dialog').textContent).toContain('Reason is required');
    fireEvent.change(screen.getByTestId('report-reason'), { target: { value: 'other' } });
    fireEvent.click(screen.getByTestId('report-send'));
    expect(screen.getByTestId('report-dialog').textContent).toContain('Comment is required');
    expect(calls.some((call) => call.url === '/api/reports')).toBe(false);

    fireEvent.change(screen.getByTestId('report-reason'), { target: { value: 'wrong_citations' } });
    fireEvent.change(screen.getByTestId('report-comment'), { target: { value: 'Source 2 says the opposite.' } });
    fireEvent.click(screen.getByTestId('report-send'));
    expect((await screen.findByTestId('report-thanks')).textContent).toBe('Thank you. We will look into this result.');
    expect(calls.find((call) => call.url === '/api/reports')?.body).toEqual({
      result_id: '6f1c2a9e-8b1d-4c3e-9f0a-1b2c3d4e5f60',
      reason: 'wrong_citations',
      comment: 'Source 2 says the opposite.',
    });
  });

  it('says what the server answered when the report fails, and keeps the dialog open', async () => {
    serve(() => json(404, { error: { code: 'not_found', message: 'This page could not be found' } }));
    render(<ReportResultButton resultId="6f1c2a9e-8b1d-4c3e-9f0a-1b2c3d4e5f60" />);
    fireEvent.click(screen.getByTestId('report-result'));
    await screen.findByTestId('report-dialog', {}, LOADED);
    fireEvent.change(screen.getByTestId('report-reason'), { target: { value: 'offensive' } });
    fireEvent.click(screen.getByTestId('report-send'));
    expect((await screen.findByTestId('report-error')).textContent).toBe('This page could not be found');
    fireEvent.keyDown(screen.getByTestId('report-dialog'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('report-dialog')).toBeNull());
  });
});
