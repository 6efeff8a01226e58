import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOpenAi, startFakeOpenAi } from './fake-openai';

let fake: FakeOpenAi;

beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(() => fake.close());

/** Reads a streamed chat completion; `onFirstPiece` runs once, when the first piece of text arrived. */
async function streamPieces(onFirstPiece: () => void): Promise<{ text: string; totalMs: number }> {
  const started = performance.now();
  const response = await fetch(`${fake.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'fake', stream: true, messages: [{ role: 'user', content: 'Write.' }] }),
  });
  const decoder = new TextDecoder();
  let received = '';
  for await (const bytes of response.body as unknown as AsyncIterable<Uint8Array>) {
    const hadText = received.includes('"content"');
    received += decoder.decode(bytes, { stream: true });
    if (!hadText && received.includes('"content"')) onFirstPiece();
  }
  const text = [...received.matchAll(/"content":"([^"]*)"/g)].map((match) => match[1]).join('');
  return { text, totalMs: performance.now() - started };
}

function busyFor(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // Holds the event loop, as a busy benchmark process does to the fake's timers.
  }
}

describe('the fake OpenAI-compatible server', () => {
  it('paces pieces by the clock, so a late piece does not push back the ones after it', async () => {
    const pieces = Array.from({ length: 10 }, (_, index) => `p${index} `);
    fake.reply({ chunks: pieces, chunkDelayMs: 20 });
    const { text, totalMs } = await streamPieces(() => busyFor(150));
    expect(text).toBe(pieces.join(''));
    // Ten pieces 20 ms apart take 200 ms; timers chained one after another would add the 150 ms held.
    expect(totalMs).toBeGreaterThanOrEqual(195);
    expect(totalMs).toBeLessThan(200 + 140);
  });
});
