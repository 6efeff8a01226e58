import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OidcBrowser } from '../test/oidc-browser';
import type { ServerProcess } from '../test/server-process';

/** Helpers shared by the fault tests: a data folder, a signed-up user and polling with a deadline. */

export type Session = { auth: Record<string, string>; accessToken: string };

export function temporaryDataDir(prefix: string): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export async function signUp(baseUrl: string, email: string): Promise<Session> {
  const tokens = await new OidcBrowser(baseUrl).signUp({ name: 'Fault', email, password: 'survives-faults' });
  return { auth: { authorization: `Bearer ${tokens.access_token}` }, accessToken: tokens.access_token };
}

/** The signed-in user's words used this month, as the account page shows them. */
export async function wordsUsed(server: ServerProcess, session: Session): Promise<number> {
  const response = await fetch(`${server.baseUrl}/api/auth/user/customer`, { headers: session.auth });
  if (!response.ok) throw new Error(`profile answered ${response.status}`);
  return ((await response.json()) as { data: { words_used: number } }).data.words_used;
}

/** Polls `read` until `done` holds; a failed read counts as not yet. */
export async function waitFor<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  what: string,
  ms = 30_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  let last: T | undefined;
  while (Date.now() < deadline) {
    last = await read().catch(() => undefined);
    if (last !== undefined && done(last)) return last;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what} (last seen: ${JSON.stringify(last)})`);
}

/** Reads a streamed answer until `marker` has arrived; resolves with what was read. */
export async function readUntil(response: Response, marker: string): Promise<string> {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let received = '';
  while (!received.includes(marker)) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`the stream ended before ${marker}: ${received}`);
    received += decoder.decode(value, { stream: true });
  }
  return received;
}
