import { LIVE_PATH } from '@quire/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '../../test/fake-websocket';
import { DISCOVERY, formOf, stubIdentityProvider, tokenResponse } from '../../test/identity-provider';
import { signIn } from '../../test/session';
import { aSource } from '../../test/sources';
import { resetProvider } from '../auth/oidc';
import { clearSession, getSession } from '../auth/session';
import { connectLive, type LiveHandlers, liveUrl, RECONNECT_DELAYS_MS, reconnectDelay } from './live';

function handlers() {
  return { onEvent: vi.fn(), onReady: vi.fn(), onDown: vi.fn() } satisfies LiveHandlers;
}

const socket = (): FakeWebSocket => {
  const latest = FakeWebSocket.latest;
  if (!latest) throw new Error('no connection was opened');
  return latest;
};

beforeEach(() => {
  vi.useFakeTimers();
  resetProvider();
  signIn({ access_token: 'access-1', refresh_token: 'refresh-1' });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('live connection', () => {
  it('is addressed as {origin}/doc/live?token=…, as ws or wss like the page', () => {
    expect(liveUrl('a b', 'http://localhost:5173/sources')).toBe(`ws://localhost:5173${LIVE_PATH}?token=a+b`);
    expect(liveUrl('t', 'https://quire.example/de/sources')).toBe(`wss://quire.example${LIVE_PATH}?token=t`);
  });

  it('opens with the access token, says when it is ready and hands on source events', async () => {
    const on = handlers();
    connectLive(on);
    await vi.advanceTimersByTimeAsync(0);
    expect(socket().url).toBe(`ws://localhost:3000${LIVE_PATH}?token=access-1`);
    socket().accept();
    expect(on.onReady).toHaveBeenCalledTimes(1);
    const source = aSource({ id: 'd1', state: 'processing', progress: 45 });
    socket().receive({ type: 'source.updated', source });
    socket().receive({ type: 'source.deleted', id: 'd2' });
    expect(on.onEvent.mock.calls).toEqual([
      [{ type: 'source.updated', source }],
      [{ type: 'source.deleted', id: 'd2' }],
    ]);
  });

  it('ignores messages that are not live events', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const on = handlers();
    connectLive(on);
    await vi.advanceTimersByTimeAsync(0);
    socket().accept();
    socket().receive('not json');
    socket().receive({ type: 'source.updated', source: { id: 'd1' } });
    socket().receive({ type: 'party' });
    expect(on.onEvent).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(3);
  });

  it('reconnects after a drop with growing pauses, starting over once connected', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const on = handlers();
    connectLive(on);
    await vi.advanceTimersByTimeAsync(0);
    socket().drop();
    expect(on.onDown).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAYS_MS[0] - 1);
    expect(FakeWebSocket.instances).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeWebSocket.instances).toHaveLength(2);
    socket().drop();
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAYS_MS[1] - 1);
    expect(FakeWebSocket.instances).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeWebSocket.instances).toHaveLength(3);
    socket().accept();
    socket().drop();
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAYS_MS[0]);
    expect(FakeWebSocket.instances).toHaveLength(4);
  });

  it('waits up to a fifth longer at random, and never longer than the last pause', () => {
    expect(reconnectDelay(0, () => 0)).toBe(1_000);
    expect(reconnectDelay(1, () => 0.999)).toBe(2_400);
    expect(reconnectDelay(50, () => 0)).toBe(30_000);
  });

  it('renews a token the service refused before connecting again', async () => {
    const { calls } = stubIdentityProvider({ token: () => tokenResponse({ access_token: 'access-2' }) });
    connectLive(handlers());
    await vi.advanceTimersByTimeAsync(0);
    socket().drop(4401);
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAYS_MS[0] * 1.2);
    const refreshes = calls.filter((call) => call.url === DISCOVERY.token_endpoint);
    expect(refreshes.map(formOf)).toEqual([expect.objectContaining({ refresh_token: 'refresh-1' })]);
    expect(getSession()?.tokens.access_token).toBe('access-2');
    expect(socket().url).toContain('token=access-2');
  });

  it('reconnects with the same token after an ordinary drop', async () => {
    const { calls } = stubIdentityProvider();
    connectLive(handlers());
    await vi.advanceTimersByTimeAsync(0);
    socket().drop(1006);
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAYS_MS[0] * 1.2);
    expect(calls).toEqual([]);
    expect(FakeWebSocket.instances.map((opened) => new URL(opened.url).searchParams.get('token'))).toEqual([
      'access-1',
      'access-1',
    ]);
  });

  it('renews an access token known to have expired before connecting', async () => {
    signIn({ access_token: 'old', refresh_token: 'refresh-1', expires_at: Math.floor(Date.now() / 1000) - 10 });
    stubIdentityProvider({ token: () => tokenResponse({ access_token: 'fresh' }) });
    connectLive(handlers());
    await vi.advanceTimersByTimeAsync(0);
    expect(socket().url).toContain('token=fresh');
  });

  it('opens nothing without a session, and stops trying once the session is over', async () => {
    clearSession();
    connectLive(handlers());
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeWebSocket.instances).toHaveLength(0);

    signIn();
    connectLive(handlers());
    await vi.advanceTimersByTimeAsync(0);
    clearSession();
    socket().drop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('closes for good when stopped, without reporting a drop or reconnecting', async () => {
    const on = handlers();
    const stop = connectLive(on);
    await vi.advanceTimersByTimeAsync(0);
    const first = socket();
    stop();
    expect(first.readyState).toBe(FakeWebSocket.CLOSED);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(on.onDown).not.toHaveBeenCalled();
    expect(FakeWebSocket.instances).toHaveLength(1);
  });
});
