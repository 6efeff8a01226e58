import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { connectApiToSession } from '../features/auth/connect-api';
import { forgetProfile } from '../features/auth/profile.store';
import { queryClient } from '../lib/query-client';
import { FakeWebSocket } from './fake-websocket';

// As main.tsx does at start-up.
connectApiToSession();

// Pages load their code and data lazily; on a loaded CI machine (the whole suite on two cores) that can take
// longer than testing-library's one second. A wait that succeeds returns as soon as it can, so this costs nothing.
configure({ asyncUtilTimeout: 5_000 });

// jsdom implements neither scrolling nor media queries; react-router's scroll restoration calls scrollTo.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

// jsdom's globals come from another realm than Node's WebCrypto, so a digest fails `instanceof ArrayBuffer`
// in oauth4webapi (a browser has one realm). The digest is copied into this realm's ArrayBuffer.
const digest = crypto.subtle.digest.bind(crypto.subtle);
Object.defineProperty(crypto.subtle, 'digest', {
  configurable: true,
  value: async (...args: Parameters<SubtleCrypto['digest']>) => new Uint8Array(await digest(...args)).slice().buffer,
});

beforeEach(() => {
  FakeWebSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  forgetProfile();
  queryClient.clear();
  window.localStorage.clear();
  window.sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: each test starts without the cookies of the one before.
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
});
