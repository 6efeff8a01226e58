import { DetectorResult } from '@quire/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeOpenAi, startFakeOpenAi } from '../../test/fake-openai';
import { jsonRequest, readBody, type TestApp } from '../../test/test-app';
import { signUpSubscriber, type Writer } from '../generation/generation.test-kit';
import { CALIBRATION_TEXTS } from './calibration-texts';
import { startDetectorTestApp } from './detector.test-kit';

// `POST /gen/ai-detector` end to end: auth, validation, the contract, the built-in engine, and the model path
// against the fake OpenAI-compatible server (legacy completions with echo + logprobs) with its fallbacks.

const { handWritten, templated } = CALIBRATION_TEXTS.en;
const MIXED = `${handWritten}\n\n${templated}`;

let model: FakeOpenAi;
let withModel: TestApp;
let builtin: TestApp;
let writer: Writer;
let builtinWriter: Writer;

beforeAll(async () => {
  model = await startFakeOpenAi();
  withModel = await startDetectorTestApp({
    AI_PROVIDER: 'openai-compatible',
    AI_BASE_URL: `${model.url}/v1`,
    AI_MODEL: 'fake-scorer',
    AI_MAX_RETRIES: '0',
  });
  builtin = await startDetectorTestApp({ AI_PROVIDER: 'builtin' });
  writer = await signUpSubscriber(withModel, 'detector@example.org');
  builtinWriter = await signUpSubscriber(builtin, 'detector-builtin@example.org');
}, 60_000);
beforeEach(() => model.reset());
afterAll(async () => {
  await withModel.close();
  await builtin.close();
  await model.close();
});

const detect = (test: TestApp, inputs: unknown, headers: Record<string, string>) =>
  test.request('/gen/ai-detector', jsonRequest('POST', { inputs }, headers));

async function result(response: Response): Promise<DetectorResult> {
  const body = await readBody(response);
  expect(response.status, JSON.stringify(body)).toBe(200);
  return DetectorResult.parse(body.data);
}

describe('POST /gen/ai-detector', () => {
  it('refuses a visitor without a token', async () => {
    const response = await detect(builtin, { text: handWritten }, {});
    expect(response.status).toBe(401);
    expect((await readBody(response)).error.code).toBe('unauthorized');
  });

  it('refuses too little text to say anything, naming the field', async () => {
    const response = await detect(builtin, { text: 'Far too short to judge.' }, builtinWriter.auth);
    expect(response.status).toBe(400);
    const { error } = await readBody(response);
    expect(error.code).toBe('validation_error');
    expect(error.details.fields[0]).toEqual({
      path: 'inputs.text',
      message: 'Text needs at least 40 words: too little text to say anything about it.',
    });
  });

  it('refuses a language it does not know and a body without text', async () => {
    const unknown = await detect(builtin, { text: handWritten, language: 'xx' }, builtinWriter.auth);
    expect(unknown.status).toBe(400);
    expect((await readBody(unknown)).error.details.fields[0].path).toBe('inputs.language');
    expect((await detect(builtin, {}, builtinWriter.auth)).status).toBe(400);
  });

  it('scores a text with the built-in engine: sentences cover the text, templated ones score higher', async () => {
    const scored = await result(await detect(builtin, { text: MIXED }, builtinWriter.auth));
    expect(scored).toMatchObject({ language: 'en', language_detected: true, engine: { kind: 'builtin', model: null } });
    expect(scored.notices).toEqual([]);
    expect(scored.signals.map((signal) => signal.name)).toEqual([
      'length_variance',
      'burstiness',
      'repetition',
      'vocabulary',
      'function_words',
    ]);
    const texts = scored.sentences.map((sentence) => MIXED.slice(sentence.offset, sentence.offset + sentence.length));
    expect(texts[0]).toBe('My grandmother kept bees behind the shed for almost forty years.');
    expect(texts.at(-1)).toBe('In conclusion, beekeeping is a useful activity for everyone.');
    const human = scored.sentences.filter((sentence) => sentence.offset < handWritten.length);
    const formulaic = scored.sentences.filter((sentence) => sentence.offset > handWritten.length);
    const average = (list: { score: number }[]) => list.reduce((sum, entry) => sum + entry.score, 0) / list.length;
    expect(average(formulaic) - average(human)).toBeGreaterThan(0.3);
    expect(formulaic.every((sentence) => sentence.band !== 'low')).toBe(true);
  });

  it('uses the chosen language rather than detecting one', async () => {
    const scored = await result(
      await detect(builtin, { text: CALIBRATION_TEXTS.de.templated, language: 'de' }, builtinWriter.auth),
    );
    expect(scored).toMatchObject({ language: 'de', language_detected: false, overall_band: 'high' });
  });

  it("scores by perplexity from the model's log-probabilities of the text itself", async () => {
    // The model finds the templated half unsurprising (perplexity e^0.5) and the hand-written half not (e^4.5).
    const templatedStart = MIXED.indexOf(templated);
    model.logprobsReply({
      logprob: (token) => (templated.includes(token.trim()) && !handWritten.includes(token.trim()) ? -0.5 : -4.5),
    });
    const scored = await result(await detect(withModel, { text: MIXED, language: 'en' }, writer.auth));
    expect(scored.engine).toEqual({ kind: 'model', model: 'fake-scorer' });
    expect(scored.signals.map((signal) => signal.name)).toEqual(['perplexity', 'perplexity_variation']);
    const [request] = model.legacyCompletions();
    expect(request?.body).toMatchObject({ model: 'fake-scorer', echo: true, logprobs: 1, prompt: MIXED });
    const last = scored.sentences.at(-1);
    const first = scored.sentences[0];
    expect(last && last.offset > templatedStart && last.band).toBe('high');
    expect(first?.band).toBe('low');
    expect(scored.notices).toEqual([]);
  });

  it('falls back to the built-in engine when the provider has no legacy completions, and says so', async () => {
    model.logprobsReply({ status: 404 });
    const scored = await result(await detect(withModel, { text: `${templated} ${templated}` }, writer.auth));
    expect(scored.engine).toEqual({ kind: 'builtin', model: null });
    expect(scored.notices.map((notice) => notice.code)).toContain('model_logprobs_unsupported');
    expect(scored.overall_band).toBe('high');
  });

  it('falls back when the server ignores echo and scores only what it generated', async () => {
    model.logprobsReply({ ignoreEcho: true });
    const scored = await result(await detect(withModel, { text: handWritten }, writer.auth));
    expect(scored.engine.kind).toBe('builtin');
    expect(scored.notices.map((notice) => notice.code)).toContain('model_logprobs_unsupported');
  });

  it('falls back when the model server fails', async () => {
    model.logprobsReply({ status: 503 });
    const scored = await result(await detect(withModel, { text: handWritten }, writer.auth));
    expect(scored.engine.kind).toBe('builtin');
    expect(scored.notices.map((notice) => notice.code)).toContain('model_unavailable');
  });
});
