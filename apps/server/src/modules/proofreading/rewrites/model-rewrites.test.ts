import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type AiGateway, createAiGateway } from '../../../ai/gateway';
import { loadConfig } from '../../../config';
import { AppError } from '../../../http/app-error';
import { type FakeOpenAi, startFakeOpenAi } from '../../../test/fake-openai';
import { openingExcerpt, proposeRewrites } from './model-rewrites';

let fake: FakeOpenAi;
let ai: AiGateway;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  const config = loadConfig({
    AI_PROVIDER: 'openai-compatible',
    AI_BASE_URL: `${fake.url}/v1`,
    AI_MODEL: 'fake-model',
    AI_API_KEY: 'test-key',
    AI_MAX_RETRIES: '0',
  });
  ai = await createAiGateway(config.ai, pino({ level: 'silent' }));
});
beforeEach(() => fake.reset());
afterAll(async () => {
  if (ai.engine === 'model') await ai.close();
  await fake.close();
});

const text =
  'The results was kind of good. We did a lot of tests on the thing.\n\nIn conclusion, the method works quite well.';

const proposals = [
  {
    original: 'We did a lot of tests on the thing.',
    suggestion: 'We tested the apparatus extensively.',
    reason: 'Präziser und sachlicher.',
  },
  {
    original: 'the method works quite well',
    suggestion: 'the method proves effective',
    reason: 'Akademischer Ton.',
  },
];

function rewrites(locale: 'en' | 'de' = 'de') {
  return proposeRewrites({ ai, text, language: 'en', locale, signal: new AbortController().signal });
}

describe('proposeRewrites', () => {
  it('places each proposal where its text stands, reasons as the model gave them', async () => {
    fake.reply(JSON.stringify(proposals));
    const result = await rewrites();
    expect(result).toEqual([
      { offset: text.indexOf('We did'), length: proposals[0]?.original.length, ...proposals[0] },
      { offset: text.indexOf('the method'), length: proposals[1]?.original.length, ...proposals[1] },
    ]);
    for (const rewrite of result) {
      expect(text.slice(rewrite.offset, rewrite.offset + rewrite.length)).toBe(rewrite.original);
    }
  });

  it('asks in the text’s language for reasons in the UI locale, and for JSON', async () => {
    fake.reply('[]');
    await rewrites('de');
    const messages = fake.completions()[0]?.body?.messages ?? [];
    const system = String(messages.find((message) => message.role === 'system')?.content);
    const user = String(messages.find((message) => message.role === 'user')?.content);
    expect(system).toContain('English text');
    expect(system).toContain('"reason": one short sentence in German');
    expect(system).toContain('JSON array');
    expect(user).toContain('We did a lot of tests on the thing.');
  });

  it('reads an answer in a code fence with words around it', async () => {
    fake.reply(
      `Here are my suggestions:\n\n\`\`\`json\n${JSON.stringify(proposals, null, 2)}\n\`\`\`\nHope this helps [1].`,
    );
    expect((await rewrites()).map((rewrite) => rewrite.suggestion)).toEqual(proposals.map((p) => p.suggestion));
  });

  it('reads one JSON object per line', async () => {
    fake.reply(proposals.map((proposal) => JSON.stringify(proposal)).join('\n'));
    expect(await rewrites()).toHaveLength(2);
  });

  it('drops proposals quoting text that is not there, or changing nothing', async () => {
    fake.reply(
      JSON.stringify([
        { original: 'The results were kind of good.', suggestion: 'The results were promising.', reason: 'x' },
        { original: 'In conclusion,', suggestion: 'In conclusion,', reason: 'x' },
        proposals[1],
      ]),
    );
    expect((await rewrites()).map((rewrite) => rewrite.original)).toEqual(['the method works quite well']);
  });

  it('answers [] for a model that finds nothing to rewrite', async () => {
    fake.reply('[]');
    expect(await rewrites()).toEqual([]);
  });

  it('fails with model_failed when the answer holds no JSON', async () => {
    fake.reply('The text reads well; I would not change anything.');
    await expect(rewrites()).rejects.toMatchObject({ code: 'model_failed' });
  });

  it('fails with model_failed when the provider answers 500', async () => {
    fake.reply({ status: 500 });
    const failure = await rewrites().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ code: 'model_failed' });
  });

  it('asks nothing and proposes nothing without a model', async () => {
    const builtin: AiGateway = { engine: 'builtin', provider: 'builtin', model: null };
    expect(await proposeRewrites({ ai: builtin, text, language: 'en', locale: 'en' })).toEqual([]);
    expect(fake.completions()).toHaveLength(0);
  });

  it('sends only the opening words of a long text', async () => {
    fake.reply('[]');
    const paragraph = `${'Word '.repeat(99)}end.`;
    const long = Array.from({ length: 40 }, () => paragraph).join('\n\n');
    await proposeRewrites({ ai, text: long, language: 'en', locale: 'en' });
    const user = String(fake.completions()[0]?.body?.messages?.find((message) => message.role === 'user')?.content);
    expect(user.length).toBeLessThan(long.length / 2);
    expect(user.endsWith('end.')).toBe(true);
  });
});

describe('openingExcerpt', () => {
  it('keeps a text within the limit whole', () => {
    expect(openingExcerpt('One. Two three.', 10)).toBe('One. Two three.');
  });

  it('cuts back to the last whole paragraph', () => {
    expect(openingExcerpt('One two.\n\nThree four five.\n\nSix seven.', 4)).toBe('One two.');
  });

  it('cuts back to the last whole sentence when the first paragraph is too long', () => {
    expect(openingExcerpt('One two. Three four. Five six seven.', 5)).toBe('One two. Three four.');
  });
});
