import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOpenAi, startFakeOpenAi } from '../test/fake-openai';
import { type ServerProcess, startServerProcess } from '../test/server-process';
import { readUntil, type Session, signUp, temporaryDataDir, waitFor, wordsUsed } from './fault-kit';

/**
 * kill -9 during a generation (issue 11): the words reserved for the run must come back after a restart,
 * the history must hold no half result, and a settled run is charged exactly once (its hold never gives back).
 */

const data = temporaryDataDir('quire-fault-generation-');
let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(async () => {
  await fake.close();
  data.remove();
});

const SLOW_TEXT = Array.from({ length: 80 }, (_, index) => `word${index}`).join(' ');
const summarize = (server: ServerProcess, session: Session, accept = 'application/json') =>
  fetch(`${server.baseUrl}/gen/summarize`, {
    method: 'POST',
    headers: { ...session.auth, 'content-type': 'application/json', accept },
    body: JSON.stringify({ inputs: { text: 'Rainfall and slope shape erosion on hillsides over many years.' } }),
  });
const history = async (server: ServerProcess, session: Session) => {
  const response = await fetch(`${server.baseUrl}/gen/history?feature=summarize`, { headers: session.auth });
  return ((await response.json()) as { data: { words_used: number }[] }).data;
};

describe('a server killed while it writes', () => {
  it('gives the reserved words back after a restart, stores no half result and charges a later run once', async () => {
    // A short hold (JOB_LEASE_SECONDS) so the test need not wait the default two minutes.
    const env = {
      DATA_DIR: data.dir,
      WEB_DIST_DIR: '/nonexistent',
      JOB_LEASE_SECONDS: '2',
      AI_PROVIDER: 'openai-compatible',
      AI_BASE_URL: `${fake.url}/v1`,
      AI_MODEL: 'fake',
      OLLAMA_URL: 'off',
    };
    const first = await startServerProcess({ env, readyTimeoutMs: 120_000 });
    const session = await signUp(first.baseUrl, 'killed-writer@example.org');
    // A settled run first: its hold is deleted with the settlement, and it fell due before the killed run's.
    fake.reply('Erosion follows rainfall and slope.');
    const settled = await summarize(first, session);
    expect(settled.status).toBe(201);
    const charged = ((await settled.json()) as { data: { words_used: number } }).data.words_used;
    expect(charged).toBeGreaterThan(0);
    expect(await wordsUsed(first, session)).toBe(charged);

    fake.reply({ text: SLOW_TEXT, chunkDelayMs: 100 });
    const running = await summarize(first, session, 'text/event-stream');
    await readUntil(running, 'event: delta');
    const reserved = (await wordsUsed(first, session)) - charged;
    expect(reserved).toBeGreaterThan(0);
    first.child.kill('SIGKILL');
    await first.exited;

    const second = await startServerProcess({
      env: { ...env, PORT: String(first.port), PUBLIC_URL: first.baseUrl },
      readyTimeoutMs: 120_000,
    });
    try {
      // The worker takes due holds oldest first: had the settled run's hold survived, it would give its words
      // back before the killed run's hold does, and words_used would never come back to exactly `charged`.
      await waitFor(
        () => wordsUsed(second, session),
        (words) => words === charged,
        'the reservation of the killed run to come back, and only that',
        20_000,
      );
      expect(await history(second, session)).toHaveLength(1);

      fake.reply('Erosion follows rainfall and slope.');
      const later = await summarize(second, session);
      expect(later.status).toBe(201);
      const chargedLater = ((await later.json()) as { data: { words_used: number } }).data.words_used;
      expect(await wordsUsed(second, session)).toBe(charged + chargedLater);
      expect(await history(second, session)).toHaveLength(2);
    } finally {
      await second.stop();
    }
  }, 300_000);
});
