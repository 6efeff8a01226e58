import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ERROR_REPORTS_TUNNEL, startSentry } from './sentry-browser';

const SETTINGS = { dsn: 'https://public@o1.ingest.example.org/7', environment: 'staging' };

let stop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await stop?.();
  window.history.replaceState(null, '', '/');
});

describe('startSentry', () => {
  it('sends an envelope for our DSN through our own server, naming the page but not the visitor or the URL', async () => {
    // An envelope is not JSON, so the shared fetch stub (which parses bodies) is not used here.
    const calls: { url: string; method: string | undefined; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        calls.push({ url: String(url), method: init.method, body: init.body });
        return new Response('{"data":{"forwarded":true}}', { status: 202 });
      }),
    );
    window.history.replaceState(null, '', '/de/shared/Abc123Def456Ghi789Jkl0?token=secret');
    const sink = startSentry(SETTINGS);
    stop = sink.close;
    sink.report(new TypeError('Cannot read properties of undefined'));

    await waitFor(() => expect(calls.filter((call) => call.url === ERROR_REPORTS_TUNNEL)).toHaveLength(1));
    const sent = calls.find((call) => call.url === ERROR_REPORTS_TUNNEL);
    expect(sent?.method).toBe('POST');
    const [header, itemHeader, payload] = String(sent?.body).split('\n');
    expect(JSON.parse(header ?? '{}')).toMatchObject({ dsn: SETTINGS.dsn });
    expect(JSON.parse(itemHeader ?? '{}')).toMatchObject({ type: 'event' });
    const event = JSON.parse(payload ?? '{}');
    expect(event).toMatchObject({
      environment: 'staging',
      exception: { values: [{ type: 'TypeError', value: 'Cannot read properties of undefined' }] },
      tags: { page: 'shared' },
    });
    expect(event.user).toBeUndefined();
    expect(event.request).toBeUndefined();
    expect(event.breadcrumbs).toBeUndefined();
    expect(String(sent?.body)).not.toContain('Abc123Def456Ghi789Jkl0');
    expect(String(sent?.body)).not.toContain('secret');
  });
});
