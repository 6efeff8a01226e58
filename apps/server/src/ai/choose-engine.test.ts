import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { type FakeOpenAi, startFakeOpenAi } from '../test/fake-openai';
import { freePort } from '../test/server-process';
import { chooseEngine, OLLAMA_PROBE_TIMEOUT_MS, OPENAI_BASE_URL } from './choose-engine';
import { createAiGateway } from './gateway';

let ollama: FakeOpenAi;
let nobody: string;

beforeAll(async () => {
  ollama = await startFakeOpenAi({ ollama: true, models: ['llama3.2:1b', 'qwen2.5:0.5b'] });
  // A port nothing listens on: the probe must find nothing, quickly.
  nobody = `http://127.0.0.1:${await freePort()}`;
});
afterAll(() => ollama.close());

const choose = (env: Record<string, string>) => chooseEngine(loadConfig({ OLLAMA_URL: nobody, ...env }).ai);

describe('AI_PROVIDER=auto', () => {
  it('picks an OpenAI-compatible server when AI_BASE_URL is set, before any other key', async () => {
    expect(await choose({ AI_BASE_URL: 'http://127.0.0.1:8000/v1/', AI_API_KEY: 'k', ANTHROPIC_API_KEY: 'a' })).toEqual(
      {
        provider: 'openai-compatible',
        vendor: 'openai-compatible',
        baseUrl: 'http://127.0.0.1:8000/v1',
        apiKey: 'k',
        model: 'gpt-4o-mini',
      },
    );
  });

  it('picks OpenAI itself when only OPENAI_API_KEY is set', async () => {
    expect(await choose({ OPENAI_API_KEY: 'sk-test', AI_MODEL: 'gpt-4.1' })).toEqual({
      provider: 'openai-compatible',
      vendor: 'openai',
      baseUrl: OPENAI_BASE_URL,
      apiKey: 'sk-test',
      model: 'gpt-4.1',
    });
  });

  it('picks Anthropic when only ANTHROPIC_API_KEY is set', async () => {
    expect(await choose({ ANTHROPIC_API_KEY: 'sk-ant' })).toEqual({
      provider: 'anthropic',
      baseUrl: null,
      apiKey: 'sk-ant',
      model: 'claude-sonnet-4-5',
    });
  });

  it('finds a local Ollama server and uses its first model through its /v1 API', async () => {
    expect(await choose({ OLLAMA_URL: ollama.url })).toEqual({
      provider: 'openai-compatible',
      vendor: 'ollama',
      baseUrl: `${ollama.url}/v1`,
      apiKey: null,
      model: 'llama3.2:1b',
    });
    expect(ollama.requests.map((request) => request.path)).toContain('/api/tags');
    expect((await choose({ OLLAMA_URL: ollama.url, AI_MODEL: 'qwen2.5:0.5b' })) as { model: string }).toMatchObject({
      model: 'qwen2.5:0.5b',
    });
  });

  it('falls back to the built-in engine when nothing is configured and nothing answers', async () => {
    const started = Date.now();
    expect(await choose({})).toEqual({ provider: 'builtin' });
    expect(await choose({ OLLAMA_URL: '' })).toEqual({ provider: 'builtin' });
    expect(Date.now() - started).toBeLessThan(OLLAMA_PROBE_TIMEOUT_MS * 2);
  });

  it('does not wait long for an address that accepts the connection but never answers', async () => {
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const started = Date.now();
      expect(await choose({ OLLAMA_URL: `http://127.0.0.1:${(silent.address() as AddressInfo).port}` })).toEqual({
        provider: 'builtin',
      });
      expect(Date.now() - started).toBeLessThan(OLLAMA_PROBE_TIMEOUT_MS + 500);
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
  });

  it('ignores an Ollama server without models, and a server that is not Ollama', async () => {
    const empty = await startFakeOpenAi({ ollama: true, models: [] });
    const other = await startFakeOpenAi();
    try {
      expect(await choose({ OLLAMA_URL: empty.url })).toEqual({ provider: 'builtin' });
      expect(await choose({ OLLAMA_URL: other.url })).toEqual({ provider: 'builtin' });
    } finally {
      await empty.close();
      await other.close();
    }
  });
});

describe('an explicit AI_PROVIDER', () => {
  it('builtin ignores every key and does not probe for Ollama', async () => {
    ollama.reset();
    expect(await choose({ AI_PROVIDER: 'builtin', OPENAI_API_KEY: 'sk', OLLAMA_URL: ollama.url })).toEqual({
      provider: 'builtin',
    });
    expect(ollama.requests).toHaveLength(0);
  });

  it('openai-compatible uses AI_BASE_URL, and refuses to start without it or an OpenAI key', async () => {
    expect(
      await choose({ AI_PROVIDER: 'openai-compatible', AI_BASE_URL: 'http://127.0.0.1:1234/v1', AI_MODEL: 'm' }),
    ).toMatchObject({ provider: 'openai-compatible', baseUrl: 'http://127.0.0.1:1234/v1', model: 'm', apiKey: null });
    await expect(choose({ AI_PROVIDER: 'openai-compatible' })).rejects.toThrow(ConfigError);
  });

  it('anthropic takes ANTHROPIC_API_KEY or AI_API_KEY and AI_BASE_URL as a proxy, and needs a key', async () => {
    expect(await choose({ AI_PROVIDER: 'anthropic', AI_API_KEY: 'k', AI_BASE_URL: 'http://127.0.0.1:9/v1' })).toEqual({
      provider: 'anthropic',
      baseUrl: 'http://127.0.0.1:9/v1',
      apiKey: 'k',
      model: 'claude-sonnet-4-5',
    });
    await expect(choose({ AI_PROVIDER: 'anthropic', OPENAI_API_KEY: 'sk' })).rejects.toThrow(/ANTHROPIC_API_KEY/);
  });
});

describe('createAiGateway', () => {
  it('says which engine writes, and logs the choice', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    const gateway = await createAiGateway(loadConfig({ OLLAMA_URL: ollama.url, AI_API_KEY: 'secret-key' }).ai, logger);
    expect(gateway).toMatchObject({ engine: 'model', provider: 'openai-compatible', model: 'llama3.2:1b' });
    expect(lines.join('')).toContain(`AI engine: llama3.2:1b via ${ollama.url}/v1`);
    expect(lines.join('')).not.toContain('secret-key');

    const builtin = await createAiGateway(loadConfig({ OLLAMA_URL: '' }).ai, logger);
    expect(builtin).toEqual({ engine: 'builtin', provider: 'builtin', model: null });
    expect(lines.at(-1)).toContain('built-in engine');
  });
});
