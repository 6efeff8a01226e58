import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildRoutes } from '../../app/routes';
import { json } from '../../test/fetch-stub';
import { act, fireEvent, render, screen, waitFor, within } from '../../test/render';
import { signIn } from '../../test/session';
import { invalidateServerStatus } from '../status/status.store';
import { CONFIRMATION_POLL_MS } from './CheckoutSuccess';
import { aCheckout, serveBilling } from './test-billing';

const OPEN = aCheckout();
const COMPLETE = aCheckout({ status: 'complete' });

// The machine is shared: pages load lazily and can take a while.
const LOADED = { timeout: 5_000 };

function renderAt(path: string) {
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  invalidateServerStatus();
  signIn();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('local checkout page', () => {
  it('shows what is booked as a test payment; confirming books it and shows the success page', async () => {
    let booked = false;
    const { calls } = serveBilling((call) => {
      if (call.url === `/api/billing/checkout/${OPEN.id}`) return json(200, { data: booked ? COMPLETE : OPEN });
      if (call.url === `/api/billing/checkout/${OPEN.id}/confirm` && call.method === 'POST') {
        booked = true;
        return json(200, { data: { url: `/checkout_success?session=${OPEN.id}` } });
      }
      return undefined;
    });
    const router = renderAt(`/de/checkout?session=${OPEN.id}`);
    const checkout = await screen.findByTestId('local-checkout', {}, LOADED);
    expect(within(checkout).getByTestId('test-payment').textContent).toContain(
      'Testzahlung – es wird kein Geld abgebucht.',
    );
    expect(screen.getByTestId('checkout-product').textContent).toBe('Student, yearly');
    expect(screen.getByTestId('checkout-period').textContent).toBe('Jährlich');
    expect(screen.getByTestId('checkout-price').textContent).toBe('59,94\u00a0$');

    fireEvent.click(screen.getByTestId('checkout-confirm'));
    expect((await screen.findByTestId('success-product', {}, LOADED)).textContent).toBe('Gebucht: Student, yearly');
    // The server's unprefixed URL opens in the user's language.
    expect(router.state.location.pathname).toBe('/de/checkout_success');
    expect(screen.getByTestId('start-now').getAttribute('href')).toBe('/de/feature/write-chapter');
    expect(calls.filter((call) => call.url.endsWith('/confirm'))).toHaveLength(1);
  });

  it('says the booking did not work, with the way to contact us, when confirming fails', async () => {
    serveBilling((call) => {
      if (call.url === `/api/billing/checkout/${OPEN.id}`) return json(200, { data: OPEN });
      if (call.url.endsWith('/confirm')) return json(500, { error: { code: 'internal_error', message: 'Boom' } });
      return undefined;
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderAt(`/checkout?session=${OPEN.id}`);
    fireEvent.click(await screen.findByTestId('checkout-confirm', {}, LOADED));
    const error = await screen.findByTestId('booking-error', {}, LOADED);
    expect(error.textContent).toContain('The booking unfortunately did not work. Contact us');
    expect(within(error).getByRole('link').getAttribute('href')).toBe('/contact');
    expect((screen.getByTestId('checkout-confirm') as HTMLButtonElement).disabled).toBe(false);
  });

  it('cancelling returns to the plans with the cancelled notice', async () => {
    serveBilling((call) => (call.url === `/api/billing/checkout/${OPEN.id}` ? json(200, { data: OPEN }) : undefined));
    const router = renderAt(`/checkout?session=${OPEN.id}`);
    fireEvent.click(await screen.findByTestId('checkout-cancel', {}, LOADED));
    expect((await screen.findByTestId('checkout-cancelled', {}, LOADED)).textContent).toBe(
      'You cancelled the checkout, so nothing has been charged. Choose a plan whenever you are ready.',
    );
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/pricing?checkout=cancelled');
  });

  it('does not offer to pay again for a complete checkout, nor for an unknown one', async () => {
    serveBilling((call) =>
      call.url === `/api/billing/checkout/${OPEN.id}` ? json(200, { data: COMPLETE }) : undefined,
    );
    renderAt(`/checkout?session=${OPEN.id}`);
    expect((await screen.findByTestId('checkout-complete', {}, LOADED)).textContent).toContain(
      'This booking is already complete.',
    );
    expect(screen.queryByTestId('checkout-confirm')).toBeNull();
  });

  it('says an unknown checkout cannot be found', async () => {
    serveBilling(() => undefined);
    renderAt('/checkout?session=nope');
    expect((await screen.findByTestId('checkout-error', {}, LOADED)).textContent).toContain(
      'We could not find this checkout.',
    );
    expect(screen.queryByTestId('checkout-confirm')).toBeNull();
  });
});

describe('checkout success page', () => {
  it('waits for the payment provider’s confirmation, then names the product and refreshes the words', async () => {
    let answers = 0;
    const { calls } = serveBilling((call) => {
      if (call.url !== `/api/billing/checkout/${OPEN.id}`) return undefined;
      answers += 1;
      return json(200, { data: answers < 2 ? OPEN : COMPLETE });
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderAt(`/checkout_success?session=${OPEN.id}`);
    expect((await screen.findByTestId('success-product', {}, LOADED)).textContent).toBe(
      'You have booked: Student, yearly',
    );
    expect(screen.getByTestId('success-confirming').textContent).toBe(
      'Your payment is being confirmed. This page updates by itself in a moment.',
    );
    const profileCalls = () => calls.filter((call) => call.url === '/api/auth/user/customer').length;
    const before = profileCalls();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(CONFIRMATION_POLL_MS);
    });
    await waitFor(() => expect(screen.queryByTestId('success-confirming')).toBeNull(), LOADED);
    expect(answers).toBe(2);
    expect(screen.getByTestId('success-product').textContent).toBe('You have booked: Student, yearly');
    await waitFor(() => expect(profileCalls()).toBeGreaterThan(before), LOADED);
  });
});
