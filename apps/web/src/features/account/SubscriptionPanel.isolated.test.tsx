import type { CurrentPlan } from '@quire/contracts';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buildRoutes } from '../../app/routes';
import { json, type StubbedCall } from '../../test/fetch-stub';
import { fireEvent, render, screen, waitFor, within } from '../../test/render';
import { signIn } from '../../test/session';
import { redirectToExternal } from '../billing/external-redirect';
import { aCatalogue, aCurrentPlan, serveBilling } from '../billing/test-billing';
import { invalidateServerStatus } from '../status/status.store';

vi.mock('../billing/external-redirect', () => ({ redirectToExternal: vi.fn() }));

const LOADED = { timeout: 5_000 };

function serve(plan: CurrentPlan, cancel: (call: StubbedCall) => Response = cancelled) {
  return serveBilling((call) => {
    if (call.url === '/api/billing/subscription') return json(200, { data: plan });
    if (call.url === '/api/billing/plans') return json(200, { data: aCatalogue({ current: plan.slug }) });
    if (call.url === '/api/billing/portal')
      return json(200, { data: { url: 'https://billing.stripe.com/p/session/1' } });
    if (call.url === '/api/billing/cancel' && call.method === 'POST') return cancel(call);
    return undefined;
  });
}

function cancelled(): Response {
  return json(200, { data: aCurrentPlan({ status: 'cancelled' }) });
}

async function openAccount() {
  render(<RouterProvider router={createMemoryRouter(buildRoutes(), { initialEntries: ['/account'] })} />);
  return screen.findByTestId('subscription-words', {}, LOADED);
}

beforeEach(() => {
  invalidateServerStatus();
  signIn();
  vi.mocked(redirectToExternal).mockClear();
});

describe('subscription panel', () => {
  it('shows the plan, its renewal, the words of the period and when they start again', async () => {
    serve(aCurrentPlan());
    expect((await openAccount()).textContent).toBe('1,200 of 10,000 used, plus 500 extra words');
    const panel = screen.getByTestId('subscription-panel');
    expect(within(panel).getByTestId('subscription-plan').textContent).toBe('Student (Monthly)');
    expect(within(panel).getByText('Renews on').nextElementSibling?.textContent).toBe('April 10, 2026');
    expect(within(panel).getByTestId('subscription-period-end').textContent).toBe('April 10, 2026');
    expect(within(panel).getByTestId('subscription-reset').textContent).toBe('April 10, 2026');
    expect(within(panel).queryByTestId('subscription-manage')).toBeNull();
    expect(within(panel).getByTestId('subscription-change').getAttribute('href')).toBe('/pricing');
  });

  it('offers neither cancelling nor managing on the free plan', async () => {
    serve(aCurrentPlan({ slug: 'free', status: 'free', period: null, current_period_end: null, started_at: null }));
    await openAccount();
    expect(screen.getByTestId('subscription-plan').textContent).toBe('Free');
    expect(screen.queryByTestId('subscription-cancel')).toBeNull();
    expect(screen.queryByText('Renews on')).toBeNull();
  });

  it('opens the payment provider’s portal for managing the subscription', async () => {
    const { calls } = serve(aCurrentPlan({ provider: 'stripe', can_manage: true }));
    await openAccount();
    fireEvent.click(screen.getByTestId('subscription-manage'));
    await waitFor(() => expect(redirectToExternal).toHaveBeenCalledWith('https://billing.stripe.com/p/session/1'));
    expect(calls.filter((call) => call.url === '/api/billing/portal' && call.method === 'POST')).toHaveLength(1);
  });

  it('requires a reason to cancel, and words for "other"; then shows until when it stays active', async () => {
    const { calls } = serve(aCurrentPlan());
    await openAccount();
    fireEvent.click(screen.getByTestId('subscription-cancel'));
    const dialog = screen.getByTestId('cancel-dialog');
    const firstReason = within(dialog).getByTestId('cancel-reason-work_completed');
    expect(document.activeElement).toBe(firstReason);
    expect(within(dialog).getAllByRole('radio')).toHaveLength(7);

    fireEvent.click(within(dialog).getByTestId('cancel-confirm'));
    expect(within(dialog).getByTestId('cancel-reason-error').textContent).toBe('Please choose a reason.');

    fireEvent.click(within(dialog).getByLabelText('Another reason'));
    fireEvent.click(within(dialog).getByTestId('cancel-confirm'));
    expect(within(dialog).getByTestId('cancel-comment-error').textContent).toBe('Please tell us your reason.');
    expect(document.activeElement).toBe(within(dialog).getByTestId('cancel-comment'));
    expect(calls.some((call) => call.url === '/api/billing/cancel')).toBe(false);

    fireEvent.change(within(dialog).getByTestId('cancel-comment'), { target: { value: '  Exams are over  ' } });
    fireEvent.click(within(dialog).getByTestId('cancel-confirm'));
    expect((await screen.findByTestId('cancel-done', {}, LOADED)).textContent).toBe(
      'Your subscription has been cancelled. It stays active until April 10, 2026; after that you are on the free plan.',
    );
    expect(screen.queryByTestId('cancel-dialog')).toBeNull();
    expect(calls.find((call) => call.url === '/api/billing/cancel')?.body).toEqual({
      reason: 'other',
      comment: 'Exams are over',
    });
    expect(screen.getByText('Active until').nextElementSibling?.textContent).toBe('April 10, 2026');
    expect(screen.queryByTestId('subscription-cancel')).toBeNull();
  });

  it('says to contact support when cancelling fails, and Escape closes the dialog', async () => {
    serve(aCurrentPlan(), () =>
      json(502, { error: { code: 'cancellation_failed', message: 'Cancelling the subscription did not work.' } }),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await openAccount();
    const open = screen.getByTestId('subscription-cancel');
    fireEvent.click(open);
    fireEvent.click(screen.getByTestId('cancel-reason-technical_issues'));
    fireEvent.click(screen.getByTestId('cancel-confirm'));
    const error = await screen.findByTestId('cancel-error', {}, LOADED);
    expect(error.textContent).toContain('Cancelling the subscription did not work. Please contact support.');
    expect(within(error).getByRole('link').getAttribute('href')).toBe('/contact');

    fireEvent.keyDown(screen.getByTestId('cancel-dialog'), { key: 'Escape' });
    expect(screen.queryByTestId('cancel-dialog')).toBeNull();
    expect(document.activeElement).toBe(open);
    expect(screen.queryByTestId('cancel-done')).toBeNull();
  });
});

describe('subscription panel without an answer', () => {
  it('keeps the profile’s plan and offers to load again', async () => {
    let fail = true;
    serveBilling((call) => {
      if (call.url !== '/api/billing/subscription') return undefined;
      return fail
        ? json(503, { error: { code: 'service_unavailable', message: 'The service is unavailable.' } })
        : json(200, { data: aCurrentPlan() });
    });
    render(<RouterProvider router={createMemoryRouter(buildRoutes(), { initialEntries: ['/account'] })} />);
    const error = await screen.findByTestId('subscription-error', {}, LOADED);
    expect(error.textContent).toContain('The service is unavailable.');
    expect(screen.getByTestId('subscription-plan').textContent).toBe('Free');
    fail = false;
    fireEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    expect((await screen.findByTestId('subscription-words', {}, LOADED)).textContent).toContain('1,200 of 10,000');
  });
});
