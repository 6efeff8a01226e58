import { LiveEvent, sourcesEndpoints } from '@quire/contracts';
import { buildUrl } from '../../api/client';
import { usableAccessToken } from '../auth';
import type { SourceEvent } from './sources.state';

/** Waits before reconnecting, by attempt; the last one repeats. Up to a fifth more is added at random. */
export const RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000] as const;

/** The close code of a connection whose token the document service refused. */
export const LIVE_CLOSE_UNAUTHORIZED = 4401;

export type LiveHandlers = {
  onEvent: (event: SourceEvent) => void;
  /** The service has signed the connection in and subscribed it: changes from now on will arrive. */
  onReady: () => void;
  /** The connection is down (or never came up); another attempt follows while there is a session. */
  onDown: () => void;
};

export type LiveConnector = (handlers: LiveHandlers) => () => void;

/** The live endpoint's address with its `token`, as ws: or wss:, for the document service wherever it is served. */
export function liveUrl(token: string, base: string = window.location.href): string {
  const { service, path } = sourcesEndpoints.live;
  const url = new URL(buildUrl(service, path, { token }), base);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

/**
 * The document service's live connection (spec §7), opened with the access token. Messages that parse as a
 * LiveEvent go to the handlers; anything else is logged and ignored. A dropped connection is opened again after
 * a growing pause, with a renewed token when the service refused the last one; without a session nothing is
 * opened. Returns the function that closes it for good.
 */
export const connectLive: LiveConnector = (handlers) => {
  let socket: WebSocket | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  let stopped = false;
  let refusedToken: string | null = null;

  const reconnectLater = () => {
    if (!stopped) timer = setTimeout(open, reconnectDelay(attempt++));
  };

  const open = async () => {
    timer = undefined;
    let token: string | null;
    try {
      token = await usableAccessToken(refusedToken);
    } catch (error) {
      console.warn('Could not renew the session for the live connection', error);
      reconnectLater();
      return;
    }
    if (stopped || !token || typeof WebSocket === 'undefined') return;
    const current = new WebSocket(liveUrl(token));
    socket = current;
    current.onmessage = (message: MessageEvent) => {
      const event = parseEvent(message.data);
      if (!event) return;
      if (event.type !== 'ready') {
        handlers.onEvent(event);
        return;
      }
      attempt = 0;
      refusedToken = null;
      handlers.onReady();
    };
    current.onclose = (close: CloseEvent) => {
      if (socket !== current) return;
      socket = null;
      refusedToken = close.code === LIVE_CLOSE_UNAUTHORIZED ? token : null;
      handlers.onDown();
      reconnectLater();
    };
  };

  void open();
  return () => {
    stopped = true;
    clearTimeout(timer);
    const current = socket;
    socket = null;
    current?.close();
  };
};

/** The pause before reconnect attempt `attempt` (0-based). */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)] ?? 30_000;
  return Math.round(base * (1 + random() * 0.2));
}

function parseEvent(data: unknown): LiveEvent | null {
  let value: unknown;
  try {
    value = JSON.parse(String(data));
  } catch (error) {
    console.warn('Ignored a live message that is not JSON', error);
    return null;
  }
  const parsed = LiveEvent.safeParse(value);
  if (parsed.success) return parsed.data;
  console.warn('Ignored a live message that is no LiveEvent', parsed.error.issues);
  return null;
}
