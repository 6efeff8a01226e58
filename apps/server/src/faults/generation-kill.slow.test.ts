import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOpenAi, startFakeOpenAi } from '../test/fake-openai';
import { type ServerProcess, startServerProcess } from '../test/server-process';
import { readUntil, type Session, signUp, temporaryDataDir, waitFor, wordsUsed } from './fault-kit';

/**
 * kill -9 during a generation (issue 11): the words reserved for the run must come back after a restart,
 * the history must hold no half result, and a later run is charged exactly once.
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
    fake.reply({ text: SLOW_TEXT, chunkDelayMs: 100 });

    const running = await summarize(first, session, 'text/event-stream');
    await readUntil(running, 'event: delta');
    const reserved = await wordsUsed(first, session);
    expect(reserved).toBeGreaterThan(0);
    first.child.kill('SIGKILL');
    await first.exited;

    const second = await startServerProcess({
      env: { ...env, PORT: String(first.port), PUBLIC_URL: first.baseUrl },
      readyTimeoutMs: 120_000,
    });
    try {
      await waitFor(
        () => wordsUsed(second, session),
        (words) => words === 0,
        'the reservation of the killed run to come back',
        20_000,
      );
      expect(await history(second, session)).toEqual([]);

      fake.reply('Erosion follows rainfall and slope.');
      const finished = await summarize(second, session);
      expect(finished.status).toBe(201);
      const charged = ((await finished.json()) as { data: { words_used: number } }).data.words_used;
      expect(charged).toBeGreaterThan(0);
      expect(await wordsUsed(second, session)).toBe(charged);
      // The settled run's hold is gone: waiting past it does not give its words back a second time.
      await new Promise((resolve) => setTimeout(resolve, 3_500));
      expect(await wordsUsed(second, session)).toBe(charged);
      expect(await history(second, session)).toHaveLength(1);
    } finally {
      await second.stop();
    }
  }, 300_000);
});
