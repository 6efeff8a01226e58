import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOpenAi, startFakeOpenAi } from '../../test/fake-openai';
import { readBody, startTestApp } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';

let fake: FakeOpenAi;
let owned: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  owned = await createTestDatabase();
});
afterAll(async () => {
  await owned.dispose();
  await fake.close();
});

async function engineOf(env: Record<string, string>) {
  const test = await startTestApp({ env, database: owned.database });
  try {
    const response = await test.request('/api/status/engine');
    expect(response.status).toBe(200);
    return (await readBody(response)).data;
  } finally {
    await test.close();
  }
}

describe('GET /api/status/engine', () => {
  it('says when the built-in engine writes', async () => {
    expect(await engineOf({ AI_PROVIDER: 'builtin' })).toEqual({ engine: 'builtin', provider: 'builtin', model: null });
  });

  it('names the language model, and nothing about how it is reached', async () => {
    const data = await engineOf({ AI_BASE_URL: `${fake.url}/v1`, AI_API_KEY: 'secret-key', AI_MODEL: 'fake' });
    expect(data).toEqual({ engine: 'model', provider: 'openai-compatible', model: 'fake' });
  });
});
