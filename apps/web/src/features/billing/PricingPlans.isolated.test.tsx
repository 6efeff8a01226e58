import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buildRoutes } from '../../app/routes';
import { json } from '../../test/fetch-stub';
import { fireEvent, render, screen, waitFor, within } from '../../test/render';
import { signIn } from '../../test/session';
import { invalidateServerStatus } from '../status/status.store';
import { redirectToExternal } from './external-redirect';
import { aCatalogue, aCheckout, aCurrentPlan, serveBilling } from './test-billing';

vi.mock('./external-redirect', () => ({ redirectToExternal: vi.fn() }));

const CHECKOUT = aCheckout();

// The machine is shared: pages load lazily and can take a while.
const LOADED = { timeout: 5_000 };

function renderAt(path: string) {
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

function serve(
  options: { catalogue?: ReturnType<typeof aCatalogue>; checkoutUrl?: string; currentPlan?: string } = {},
) {
  const catalogue = options.catalogue ?? aCatalogue();
  return serveBilling((call) => {
    if (call.url === '/api/billing/plans') return json(200, { data: catalogue });
    if (call.url === '/api/billing/subscription')
      return json(200, { data: aCurrentPlan({ slug: options.currentPlan ?? 'free' }) });
    if (call.url === '/api/billing/checkout' && call.method === 'POST')
      return json(200, {
        data: { url: options.checkoutUrl ?? `http://localhost:3000/checkout?session=${CHECKOUT.id}` },
      });
    if (call.url === `/api/billing/checkout/${CHECKOUT.id}`) return json(200, { data: CHECKOUT });
    return undefined;
  });
}

beforeEach(() => {
  invalidateServerStatus();
  vi.mocked(redirectToExternal).mockClear();
});

describe('pricing page', () => {
  it('shows monthly prices, then yearly ones with the saving, words and tools of each plan', async () => {
    serve();
    renderAt('/pricing');
    const student = await screen.findByTestId('plan-student', {}, LOADED);
    expect(within(student).getByTestId('plan-price').textContent).toBe('$9.99 per month');
    expect(within(student).getByTestId('plan-words').textContent).toBe('10,000 words a month');
    // Every tool, said as such rather than listed.
    expect(within(student).getByText('Every tool included').tagName).toBe('P');
    expect(within(student).queryByRole('listitem')).toBeNull();
    expect(screen.getByTestId('yearly-saving').textContent).toBe('Save 50%');
    const free = screen.getByTestId('plan-free');
    expect(within(free).getByTestId('plan-price').textContent).toBe('Free');
    expect(
      within(free)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toContain('Find sources');
    expect(within(free).queryByRole('button')).toBeNull();
    expect(screen.queryByTestId('plan-trial')).toBeNull();

    fireEvent.click(screen.getByTestId('period-yearly'));
    expect(within(student).getByTestId('plan-price').textContent).toBe('$59.94 per year');
    expect(within(student).getByTestId('plan-monthly-share').textContent).toBe(
      'That is $4.99 a month, billed once a year.',
    );
    expect(within(screen.getByTestId('plan-pro')).getByTestId('plan-price').textContent).toBe('$119.94 per year');
    expect(within(screen.getByTestId('pack-words-5000')).getByText('$4.99').parentElement?.textContent).toBe(
      '$4.99 one-off',
    );
  });

  it('writes prices and words the way the language does', async () => {
    const euros = aCatalogue();
    for (const plan of euros.plans)
      if (plan.prices)
        plan.prices = { monthly: { ...plan.prices.monthly, currency: 'EUR' }, yearly: plan.prices.yearly };
    serve({ catalogue: euros });
    renderAt('/de/pricing');
    const student = await screen.findByTestId('plan-student', {}, LOADED);
    expect(within(student).getByTestId('plan-price').textContent).toBe('9,99\u00a0€ pro Monat');
    expect(within(student).getByTestId('plan-words').textContent).toBe('10.000 Wörter im Monat');
    expect(screen.getByTestId('yearly-saving').textContent).toBe('Spare 50\u00a0%');
  });

  it('marks the signed-in user’s current plan', async () => {
    signIn();
    // The public catalogue marks nobody's plan; the page asks for the user's subscription.
    serve({ catalogue: aCatalogue({ current: null }), currentPlan: 'student' });
    renderAt('/pricing');
    const student = await screen.findByTestId('plan-student', {}, LOADED);
    expect(within(student).getByTestId('current-plan').textContent).toBe('Your plan');
    expect((within(student).getByTestId('choose-student') as HTMLButtonElement).disabled).toBe(true);
    expect(within(screen.getByTestId('plan-pro')).queryByTestId('current-plan')).toBeNull();
    expect((screen.getByTestId('choose-pro') as HTMLButtonElement).disabled).toBe(false);
  });

  it('starts a checkout for the chosen plan and period and opens the local checkout page', async () => {
    signIn();
    const { calls } = serve();
    const router = renderAt('/pricing');
    fireEvent.click(await screen.findByTestId('period-yearly', {}, LOADED));
    fireEvent.click(screen.getByTestId('choose-student'));
    expect((await screen.findByTestId('local-checkout', {}, LOADED)).textContent).toContain('Student, yearly');
    expect(router.state.location.pathname).toBe('/checkout');
    expect(calls.find((call) => call.url === '/api/billing/checkout')?.body).toEqual({
      plan: 'student',
      period: 'yearly',
    });
  });

  it('hands a Stripe checkout to the browser', async () => {
    signIn();
    const { calls } = serve({ checkoutUrl: 'https://checkout.stripe.com/c/pay/cs_test_1' });
    renderAt('/pricing');
    fireEvent.click(await screen.findByTestId('choose-words-5000', {}, LOADED));
    await waitFor(() => expect(redirectToExternal).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_test_1'));
    expect(calls.find((call) => call.url === '/api/billing/checkout')?.body).toEqual({ pack: 'words-5000' });
  });

  it('sends a visitor to log in and continues the checkout on return', async () => {
    serve();
    const visitor = renderAt('/pricing');
    fireEvent.click(await screen.findByTestId('period-yearly', {}, LOADED));
    fireEvent.click(screen.getByTestId('choose-pro'));
    await waitFor(() => expect(visitor.state.location.pathname).toBe('/login'), LOADED);
    const back = new URLSearchParams(visitor.state.location.search).get('redirect');
    expect(back).toBe('/pricing?plan=pro&period=yearly');
    visitor.dispose();

    signIn();
    const { calls } = serve();
    const returned = renderAt(back ?? '');
    expect((await screen.findByTestId('local-checkout', {}, LOADED)).textContent).toContain('Student, yearly');
    expect(returned.state.location.pathname).toBe('/checkout');
    expect(calls.filter((call) => call.url === '/api/billing/checkout').map((call) => call.body)).toEqual([
      { plan: 'pro', period: 'yearly' },
    ]);
  });

  it('says a failed checkout start did not work, with the way to contact us', async () => {
    signIn();
    serveBilling((call) => {
      if (call.url === '/api/billing/plans') return json(200, { data: aCatalogue() });
      if (call.url === '/api/billing/checkout')
        return json(502, {
          error: { code: 'booking_failed', message: 'The booking unfortunately did not work. Contact us' },
        });
      return undefined;
    });
    renderAt('/pricing');
    fireEvent.click(await screen.findByTestId('choose-student', {}, LOADED));
    const error = await screen.findByTestId('booking-error', {}, LOADED);
    expect(error.textContent).toBe('The booking unfortunately did not work. Contact us Go to the contact form');
    expect(within(error).getByRole('link').getAttribute('href')).toBe('/contact');
    expect((screen.getByTestId('choose-student') as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows a calm notice after a cancelled checkout, and a retry when the plans do not load', async () => {
    let fail = true;
    serveBilling((call) => {
      if (call.url !== '/api/billing/plans') return undefined;
      return fail
        ? json(503, { error: { code: 'service_unavailable', message: 'The service is unavailable.' } })
        : json(200, { data: aCatalogue() });
    });
    renderAt('/pricing?checkout=cancelled');
    expect((await screen.findByTestId('checkout-cancelled', {}, LOADED)).textContent).toContain(
      'nothing has been charged',
    );
    expect((await screen.findByTestId('plans-error', {}, LOADED)).textContent).toContain('The service is unavailable.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    const student = await screen.findByTestId('plan-student', {}, LOADED);
    expect(within(student).getByTestId('plan-price').textContent).toBe('$9.99 per month');
    expect(screen.getByTestId('pricing-test-mode').textContent).toBe(
      'Payments are in test mode on this server: no money is charged.',
    );
  });
});
