import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/** One request as the fake understood it, for tests that assert on what the client sent. */
export type FakeStripeRequest = {
  method: string;
  path: string;
  /** The decoded form body (POST) or query (GET), bracket notation turned into objects and arrays. */
  params: FormValue;
  idempotencyKey: string | null;
  stripeVersion: string | null;
};

export type FormValue = string | FormValue[] | { [key: string]: FormValue };
type FormObject = { [key: string]: FormValue };

type Customer = Pick<
  Stripe.Customer,
  | 'id'
  | 'object'
  | 'balance'
  | 'created'
  | 'currency'
  | 'default_source'
  | 'delinquent'
  | 'description'
  | 'email'
  | 'livemode'
  | 'metadata'
  | 'name'
  | 'phone'
  | 'preferred_locales'
  | 'shipping'
  | 'tax_exempt'
  | 'test_clock'
>;
type CheckoutSession = Pick<
  Stripe.Checkout.Session,
  | 'id'
  | 'object'
  | 'amount_subtotal'
  | 'amount_total'
  | 'cancel_url'
  | 'client_reference_id'
  | 'created'
  | 'currency'
  | 'customer'
  | 'customer_email'
  | 'expires_at'
  | 'invoice'
  | 'livemode'
  | 'locale'
  | 'metadata'
  | 'mode'
  | 'payment_intent'
  | 'payment_status'
  | 'status'
  | 'subscription'
  | 'success_url'
  | 'url'
>;
type SubscriptionItem = Pick<
  Stripe.SubscriptionItem,
  'id' | 'object' | 'created' | 'current_period_start' | 'current_period_end' | 'metadata' | 'quantity' | 'subscription'
> & { price: { object: 'price'; id: string; currency: string; unit_amount: number; recurring: { interval: string } } };
type Subscription = Pick<
  Stripe.Subscription,
  | 'id'
  | 'object'
  | 'billing_cycle_anchor'
  | 'cancel_at'
  | 'cancel_at_period_end'
  | 'canceled_at'
  | 'cancellation_details'
  | 'collection_method'
  | 'created'
  | 'currency'
  | 'customer'
  | 'ended_at'
  | 'latest_invoice'
  | 'livemode'
  | 'metadata'
  | 'start_date'
  | 'status'
> & { items: { object: 'list'; data: SubscriptionItem[]; has_more: boolean; url: string } };
type Invoice = Pick<
  Stripe.Invoice,
  | 'id'
  | 'object'
  | 'amount_due'
  | 'amount_paid'
  | 'billing_reason'
  | 'created'
  | 'currency'
  | 'customer'
  | 'livemode'
  | 'period_end'
  | 'period_start'
  | 'status'
> & {
  parent: {
    type: 'subscription_details';
    subscription_details: { subscription: string; metadata: Record<string, string> };
  };
};
type PortalSession = Pick<
  Stripe.BillingPortal.Session,
  'id' | 'object' | 'configuration' | 'created' | 'customer' | 'livemode' | 'locale' | 'return_url' | 'url'
>;

export type FakeStripe = {
  url: string;
  secretKey: string;
  webhookSecret: string;
  customers: Map<string, Customer>;
  sessions: Map<string, CheckoutSession>;
  subscriptions: Map<string, Subscription>;
  /** Every API request, in order. */
  requests: FakeStripeRequest[];
  /** The environment that points the app at this fake. */
  env: () => Record<string, string>;
  /** The next `times` requests (default 1) answer `status` with Stripe's error envelope. */
  failNext: (status: number, times?: number) => void;
  /** Pays a checkout session as the customer would; a subscription-mode session gets its subscription. */
  completeSession: (sessionId: string) => { session: CheckoutSession; subscription: Subscription | null };
  /** Moves a subscription into its next period and returns the paid invoice, as a renewal does. */
  renewSubscription: (subscriptionId: string) => { subscription: Subscription; invoice: Invoice };
  /** Ends a subscription now, as Stripe does at the period's end after `cancel_at_period_end`. */
  endSubscription: (subscriptionId: string) => Subscription;
  /** A webhook event around `object`, its JSON payload and a `Stripe-Signature` header signed with the webhook secret. */
  signedEvent: (
    type: string,
    object: object,
    options?: { id?: string; secret?: string },
  ) => { event: Stripe.Event; payload: string; signature: string };
  close: () => Promise<void>;
};

const DAY_SECONDS = 86_400;

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }
}

/**
 * A Stripe API server on a loopback port, state in memory. It speaks the REST wire format the `stripe`
 * SDK uses: form-encoded bodies in bracket notation, bearer-key auth, JSON objects with typed id
 * prefixes, list envelopes, Stripe's error envelope, and idempotency-key replay of POSTs.
 */
export async function startFakeStripe(
  options: { secretKey?: string; webhookSecret?: string } = {},
): Promise<FakeStripe> {
  const secretKey = options.secretKey ?? 'sk_test_quire_fake';
  const webhookSecret = options.webhookSecret ?? 'whsec_quire_fake';
  const state = {
    customers: new Map<string, Customer>(),
    sessions: new Map<string, CheckoutSession>(),
    subscriptions: new Map<string, Subscription>(),
    requests: [] as FakeStripeRequest[],
    failures: [] as number[],
    replays: new Map<string, { status: number; body: string }>(),
  };
  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      const failure = error instanceof StripeApiError ? error : new StripeApiError(500, 'api_error', String(error));
      sendError(response, failure);
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://fake-stripe');
    const body = await readBody(request);
    // The SDK sends the parameters of GET and DELETE in the query string, of POST in the body.
    const inQuery = request.method === 'GET' || request.method === 'DELETE';
    const params = decodeForm(inQuery ? url.search.slice(1) : body);
    const idempotencyKey = header(request, 'idempotency-key');
    state.requests.push({
      method: request.method ?? 'GET',
      path: url.pathname,
      params,
      idempotencyKey,
      stripeVersion: header(request, 'stripe-version'),
    });
    if (header(request, 'authorization') !== `Bearer ${secretKey}`) {
      throw new StripeApiError(401, 'invalid_request_error', 'Invalid API Key provided: sk_test_****');
    }
    const status = state.failures.shift();
    if (status !== undefined) {
      throw new StripeApiError(status, status >= 500 ? 'api_error' : 'invalid_request_error', 'Injected failure.');
    }
    const replayKey = idempotencyKey && request.method === 'POST' ? `${url.pathname} ${idempotencyKey}` : null;
    const replay = replayKey ? state.replays.get(replayKey) : undefined;
    if (replay) return send(response, replay.status, replay.body, { 'idempotent-replayed': 'true' });
    const answer = JSON.stringify(route(request.method ?? 'GET', url.pathname, params as FormObject));
    if (replayKey) state.replays.set(replayKey, { status: 200, body: answer });
    send(response, 200, answer);
  }

  function route(method: string, path: string, params: FormObject): object {
    const [, version, resource, id, extra] = path.split('/');
    if (version !== 'v1') throw notFound(path);
    if (resource === 'customers') {
      if (method === 'POST' && !id) return createCustomer(params);
      if (method === 'GET' && !id) return listCustomers(params);
      if (method === 'GET' && id) return found(state.customers, id, 'customer');
    }
    if (resource === 'checkout' && id === 'sessions') {
      if (method === 'POST' && !extra) return createSession(params);
      if (method === 'GET' && extra) return found(state.sessions, extra, 'checkout.session');
    }
    if (resource === 'billing_portal' && id === 'sessions' && method === 'POST' && !extra) {
      return createPortalSession(params);
    }
    if (resource === 'subscriptions' && id) {
      if (method === 'GET') return found(state.subscriptions, id, 'subscription');
      if (method === 'POST') return updateSubscription(id, params);
      if (method === 'DELETE') return cancelSubscription(id, params);
    }
    throw notFound(path);
  }

  function createCustomer(params: FormObject): Customer {
    const customer: Customer = {
      id: newId('cus'),
      object: 'customer',
      balance: 0,
      created: now(),
      currency: null,
      default_source: null,
      delinquent: false,
      description: text(params.description),
      email: text(params.email),
      livemode: false,
      metadata: metadataOf(params.metadata),
      name: text(params.name),
      phone: null,
      preferred_locales: [],
      shipping: null,
      tax_exempt: 'none',
      test_clock: null,
    };
    state.customers.set(customer.id, customer);
    return customer;
  }

  function listCustomers(params: FormObject): object {
    const email = text(params.email);
    const limit = Number(text(params.limit) ?? 10);
    // Stripe's email filter is case-sensitive and lists the newest first.
    const matching = [...state.customers.values()].filter((customer) => email === null || customer.email === email);
    const data = matching.reverse().slice(0, limit);
    return { object: 'list', data, has_more: matching.length > data.length, url: '/v1/customers' };
  }

  function createSession(params: FormObject): CheckoutSession {
    const mode = required(params, 'mode');
    if (mode !== 'payment' && mode !== 'subscription') {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `Invalid mode: ${mode}`,
        'parameter_invalid_string',
        'mode',
      );
    }
    const successUrl = required(params, 'success_url');
    const customer = text(params.customer);
    if (customer !== null && !state.customers.has(customer)) {
      throw new StripeApiError(
        404,
        'invalid_request_error',
        `No such customer: '${customer}'`,
        'resource_missing',
        'customer',
      );
    }
    if (customer !== null && params.customer_email !== undefined) {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'You may only specify one of these parameters: customer, customer_email.',
      );
    }
    const items = lineItemsOf(params, mode);
    const created = now();
    const id = `cs_test_${randomBytes(24).toString('base64url')}`;
    const session: CheckoutSession = {
      id,
      object: 'checkout.session',
      amount_subtotal: items.total,
      amount_total: items.total,
      cancel_url: text(params.cancel_url),
      client_reference_id: text(params.client_reference_id),
      created,
      currency: items.currency,
      customer,
      customer_email: text(params.customer_email),
      expires_at: created + DAY_SECONDS,
      invoice: null,
      livemode: false,
      locale: null,
      metadata: metadataOf(params.metadata),
      mode,
      payment_intent: null,
      payment_status: 'unpaid',
      status: 'open',
      subscription: null,
      success_url: successUrl,
      url: `${baseUrl}/c/pay/${id}`,
    };
    state.sessions.set(id, session);
    sessionItems.set(id, items);
    return session;
  }

  const sessionItems = new Map<string, ReturnType<typeof lineItemsOf>>();

  function createPortalSession(params: FormObject): PortalSession {
    const customer = required(params, 'customer');
    if (!state.customers.has(customer)) {
      throw new StripeApiError(
        404,
        'invalid_request_error',
        `No such customer: '${customer}'`,
        'resource_missing',
        'customer',
      );
    }
    return {
      id: newId('bps'),
      object: 'billing_portal.session',
      configuration: 'bpc_quire_fake_default',
      created: now(),
      customer,
      livemode: false,
      locale: null,
      return_url: text(params.return_url),
      url: `${baseUrl}/p/session/test_${randomBytes(16).toString('base64url')}`,
    };
  }

  function updateSubscription(id: string, params: FormObject): Subscription {
    const subscription = found(state.subscriptions, id, 'subscription');
    const cancel = text(params.cancel_at_period_end);
    if (cancel !== null) {
      subscription.cancel_at_period_end = cancel === 'true';
      subscription.cancel_at = cancel === 'true' ? periodEnd(subscription) : null;
      subscription.canceled_at = cancel === 'true' ? now() : null;
    }
    if (params.metadata !== undefined)
      subscription.metadata = { ...subscription.metadata, ...metadataOf(params.metadata) };
    return subscription;
  }

  /** DELETE /v1/subscriptions/{id}: ends it now; Stripe refuses to cancel one that has ended already. */
  function cancelSubscription(id: string, params: FormObject): Subscription {
    const subscription = found(state.subscriptions, id, 'subscription');
    if (subscription.status === 'canceled') {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `A canceled subscription can only update its cancellation_details and metadata.`,
      );
    }
    endSubscription(id);
    const details = params.cancellation_details;
    if (details && typeof details === 'object' && !Array.isArray(details)) {
      subscription.cancellation_details = {
        comment: text(details.comment),
        feedback: null,
        feedback_option: null,
        reason: 'cancellation_requested',
      };
    }
    return subscription;
  }

  function completeSession(sessionId: string): { session: CheckoutSession; subscription: Subscription | null } {
    const session = found(state.sessions, sessionId, 'checkout.session');
    const items = sessionItems.get(sessionId);
    if (!items) throw new Error(`fake Stripe: no line items for ${sessionId}`);
    const customer =
      typeof session.customer === 'string'
        ? session.customer
        : createCustomer({ email: session.customer_email ?? '' }).id;
    session.customer = customer;
    session.status = 'complete';
    session.payment_status = 'paid';
    session.url = null;
    if (session.mode === 'payment') {
      session.payment_intent = newId('pi');
      return { session, subscription: null };
    }
    const subscription = createSubscription(customer, items, session.metadata ?? {});
    session.subscription = subscription.id;
    session.invoice = subscription.latest_invoice;
    return { session, subscription };
  }

  function createSubscription(
    customer: string,
    items: ReturnType<typeof lineItemsOf>,
    metadata: Record<string, string>,
  ) {
    const start = now();
    const id = newId('sub');
    const interval = items.interval ?? 'month';
    const subscription: Subscription = {
      id,
      object: 'subscription',
      billing_cycle_anchor: start,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      cancellation_details: null,
      collection_method: 'charge_automatically',
      created: start,
      currency: items.currency,
      customer,
      ended_at: null,
      latest_invoice: newId('in'),
      livemode: false,
      metadata,
      start_date: start,
      status: 'active',
      items: {
        object: 'list',
        data: [
          {
            id: newId('si'),
            object: 'subscription_item',
            created: start,
            current_period_start: start,
            current_period_end: addInterval(start, interval),
            metadata: {},
            quantity: 1,
            subscription: id,
            price: {
              object: 'price',
              id: newId('price'),
              currency: items.currency,
              unit_amount: items.total,
              recurring: { interval },
            },
          },
        ],
        has_more: false,
        url: `/v1/subscription_items?subscription=${id}`,
      },
    };
    state.subscriptions.set(id, subscription);
    return subscription;
  }

  function renewSubscription(subscriptionId: string): { subscription: Subscription; invoice: Invoice } {
    const subscription = found(state.subscriptions, subscriptionId, 'subscription');
    const item = subscription.items.data[0] as SubscriptionItem;
    item.current_period_start = item.current_period_end;
    item.current_period_end = addInterval(item.current_period_start, item.price.recurring.interval);
    const invoice: Invoice = {
      id: newId('in'),
      object: 'invoice',
      amount_due: item.price.unit_amount,
      amount_paid: item.price.unit_amount,
      billing_reason: 'subscription_cycle',
      created: now(),
      currency: subscription.currency,
      customer: subscription.customer,
      livemode: false,
      period_end: item.current_period_start,
      period_start: item.current_period_start,
      status: 'paid',
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
      },
    };
    subscription.latest_invoice = invoice.id;
    return { subscription, invoice };
  }

  function endSubscription(subscriptionId: string): Subscription {
    const subscription = found(state.subscriptions, subscriptionId, 'subscription');
    subscription.status = 'canceled';
    subscription.ended_at = now();
    subscription.canceled_at ??= now();
    return subscription;
  }

  function signedEvent(type: string, object: object, eventOptions: { id?: string; secret?: string } = {}) {
    const event = {
      id: eventOptions.id ?? newId('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: now(),
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    } as unknown as Stripe.Event;
    const payload = JSON.stringify(event, null, 2);
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: eventOptions.secret ?? webhookSecret,
    });
    return { event, payload, signature };
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: baseUrl,
    secretKey,
    webhookSecret,
    customers: state.customers,
    sessions: state.sessions,
    subscriptions: state.subscriptions,
    requests: state.requests,
    env: () => ({ STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_URL: baseUrl }),
    failNext: (status, times = 1) => state.failures.push(...Array.from({ length: times }, () => status)),
    completeSession,
    renewSubscription,
    endSubscription,
    signedEvent,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** The session's line items as Stripe would price them; only inline `price_data`, as Quire sends. */
function lineItemsOf(params: FormObject, mode: 'payment' | 'subscription') {
  const items = params.line_items;
  if (!Array.isArray(items) || items.length === 0) {
    throw new StripeApiError(
      400,
      'invalid_request_error',
      'Missing required param: line_items.',
      'parameter_missing',
      'line_items',
    );
  }
  let total = 0;
  let currency: string | null = null;
  let interval: string | null = null;
  items.forEach((item, index) => {
    const param = `line_items[${index}][price_data]`;
    const priceData = (item as FormObject).price_data as FormObject | undefined;
    if (!priceData)
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `Missing required param: ${param}.`,
        'parameter_missing',
        param,
      );
    const itemCurrency = required(priceData, 'currency', `${param}[currency]`);
    const amount = Number(required(priceData, 'unit_amount', `${param}[unit_amount]`));
    required((priceData.product_data ?? {}) as FormObject, 'name', `${param}[product_data][name]`);
    const recurring = priceData.recurring as FormObject | undefined;
    if ((mode === 'subscription') !== (recurring !== undefined)) {
      const message =
        mode === 'subscription'
          ? 'You must provide at least one recurring price in `subscription` mode when using prices.'
          : 'You specified `payment` mode but passed a recurring price.';
      throw new StripeApiError(400, 'invalid_request_error', message, 'parameter_invalid', param);
    }
    if (recurring) interval = required(recurring, 'interval', `${param}[recurring][interval]`);
    currency = itemCurrency.toLowerCase();
    total += amount * Number(text((item as FormObject).quantity) ?? 1);
  });
  return { total, currency: currency as unknown as string, interval };
}

/** Decodes `a[b][0][c]=x&a[b][0][d]=y` into `{ a: { b: [{ c: 'x', d: 'y' }] } }`, as Stripe reads bodies. */
export function decodeForm(encoded: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(encoded)) {
    const path = key.split(/\[|\]\[|\]/).filter((segment, index) => index === 0 || segment !== '');
    let node: FormObject | FormValue[] = root;
    path.forEach((segment, index) => {
      const slot = /^\d+$/.test(segment) && Array.isArray(node) ? Number(segment) : segment;
      const container = node as Record<string | number, FormValue>;
      if (index === path.length - 1) {
        container[slot] = value;
        return;
      }
      const next = path[index + 1] as string;
      container[slot] ??= /^\d+$/.test(next) ? [] : {};
      node = container[slot] as FormObject | FormValue[];
    });
  }
  return root;
}

function required(params: FormObject, name: string, param = name): string {
  const value = text(params[name]);
  if (value === null || value === '') {
    throw new StripeApiError(
      400,
      'invalid_request_error',
      `Missing required param: ${param}.`,
      'parameter_missing',
      param,
    );
  }
  return value;
}

function text(value: FormValue | undefined): string | null {
  return typeof value === 'string' ? value : null;
}

function metadataOf(value: FormValue | undefined): Record<string, string> {
  if (!value || typeof value === 'string' || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

function found<T>(map: Map<string, T>, id: string, kind: string): T {
  const value = map.get(id);
  if (!value)
    throw new StripeApiError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, 'resource_missing', 'id');
  return value;
}

function notFound(path: string): StripeApiError {
  return new StripeApiError(404, 'invalid_request_error', `Unrecognized request URL (GET: ${path}).`);
}

function periodEnd(subscription: Subscription): number {
  return (subscription.items.data[0] as SubscriptionItem).current_period_end;
}

function addInterval(start: number, interval: string): number {
  const date = new Date(start * 1000);
  if (interval === 'year') date.setUTCFullYear(date.getUTCFullYear() + 1);
  else date.setUTCMonth(date.getUTCMonth() + 1);
  return Math.floor(date.getTime() / 1000);
}

function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
}

function now(): number {
  return Math.floor(Date.now() / 1000);
}

function header(request: IncomingMessage, name: string): string | null {
  const value = request.headers[name];
  return typeof value === 'string' ? value : null;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(response: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  response.writeHead(status, {
    'content-type': 'application/json',
    'request-id': `req_${randomBytes(8).toString('hex')}`,
    ...headers,
  });
  response.end(body);
}

function sendError(response: ServerResponse, error: StripeApiError): void {
  const body = { error: { type: error.type, message: error.message, code: error.code, param: error.param } };
  send(response, error.status, JSON.stringify(body));
}
