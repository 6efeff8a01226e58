import { ProofreadingResult } from '@quire/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeLanguageTool, startFakeLanguageTool } from '../../test/fake-languagetool';
import { type FakeOpenAi, startFakeOpenAi } from '../../test/fake-openai';
import { jsonRequest, readBody, startTestApp, type TestApp } from '../../test/test-app';
import { signUpWriter, type Writer } from '../generation/generation.test-kit';

// The tool end to end: `POST /gen/proofreading` and the templates API, with LanguageTool and a model on
// their fakes, and the built-in checkers alone.

const TEXT = 'This is is a sentense about climate policy.';

let languageTool: FakeLanguageTool;
let model: FakeOpenAi;
let test: TestApp;
let writer: Writer;

beforeAll(async () => {
  languageTool = await startFakeLanguageTool();
  model = await startFakeOpenAi();
  test = await startTestApp({
    env: {
      LANGUAGETOOL_URL: languageTool.url,
      AI_PROVIDER: 'openai-compatible',
      AI_BASE_URL: `${model.url}/v1`,
      AI_MODEL: 'fake',
      AI_MAX_RETRIES: '0',
    },
  });
  writer = await signUpWriter(test, 'proofreader@example.org');
}, 60_000);
beforeEach(() => {
  languageTool.reset();
  model.reset();
});
afterAll(async () => {
  await test.close();
  await languageTool.close();
  await model.close();
});

const proofread = (
  inputs: Record<string, unknown>,
  headers: Record<string, string> = writer.auth,
  path = '/gen/proofreading',
) => test.request(path, jsonRequest('POST', { inputs }, headers));

async function result(response: Response): Promise<ProofreadingResult> {
  const body = await readBody(response);
  expect(response.status, JSON.stringify(body)).toBe(200);
  return ProofreadingResult.parse(body.data);
}

const marked = (text: string, issue: { offset: number; length: number }) =>
  text.slice(issue.offset, issue.offset + issue.length);

describe('POST /gen/proofreading', () => {
  it('finds the repeated word and the misspelling, detects the language and answers the contract', async () => {
    languageTool.reply({ matches: [] });
    const checked = await result(await proofread({ text: TEXT }));
    expect(checked).toMatchObject({ text: TEXT, language: 'en', language_detected: true, words: 8 });
    const spelling = checked.issues.find((issue) => issue.kind === 'spelling');
    expect(spelling && marked(TEXT, spelling)).toBe('sentense');
    expect(spelling?.suggestions[0]).toBe('sentence');
    const repeated = checked.issues.find((issue) => issue.rule === 'ALL_REPEATED_WORD');
    expect(repeated && marked(TEXT, repeated)).toBe('is is');
    expect(repeated?.suggestions).toEqual(['is']);
    expect(checked.engine.languagetool).toBe(true);
  });

  it('writes its messages in the UI language and checks the text in its own', async () => {
    languageTool.reply({ matches: [] });
    const checked = await result(
      await proofread(
        { text: 'Ich glaube, das er morgen kommt.', language: 'de' },
        { ...writer.auth, 'accept-language': 'fr' },
      ),
    );
    const dass = checked.issues.find((issue) => issue.suggestions[0] === 'dass');
    expect(dass?.message).toMatch(/Vouliez-vous dire|dass/);
    expect(checked.language_detected).toBe(false);
  });

  it('merges LanguageTool’s matches without repeating ours', async () => {
    const offset = TEXT.indexOf('sentense');
    languageTool.reply({
      matches: [
        { offset, length: 8, replacements: ['sentence'], issueType: 'misspelling', ruleId: 'MORFOLOGIK_RULE_EN_US' },
        {
          offset: TEXT.indexOf('climate'),
          length: 14,
          replacements: ['climate-policy'],
          issueType: 'style',
          ruleId: 'STYLE_X',
        },
      ],
    });
    const checked = await result(await proofread({ text: TEXT, language: 'en' }));
    expect(checked.issues.filter((issue) => marked(TEXT, issue) === 'sentense')).toHaveLength(1);
    expect(checked.issues.find((issue) => issue.origin === 'languagetool')?.rule).toBe('languagetool:STYLE_X');
    expect(languageTool.checks()[0]?.form).toMatchObject({ language: 'en-US', text: TEXT });
  });

  it('answers with the built-in checks and a notice when LanguageTool fails', async () => {
    languageTool.reply({ status: 500 });
    const checked = await result(await proofread({ text: TEXT, language: 'en' }));
    expect(checked.engine.languagetool).toBe(false);
    expect(checked.notices.map((notice) => notice.code)).toEqual(['languagetool_unavailable']);
    expect(checked.issues.some((issue) => issue.kind === 'spelling')).toBe(true);
  });

  it('returns the model’s rewrites apart from the corrections, never applied', async () => {
    languageTool.reply({ matches: [] });
    model.reply({
      text: JSON.stringify([
        { original: 'a sentense about climate policy', suggestion: 'a sentence on climate policy', reason: 'Clearer.' },
      ]),
    });
    const checked = await result(await proofread({ text: TEXT, language: 'en', rewrites: true }));
    expect(checked.text).toBe(TEXT);
    expect(checked.rewrites).toEqual([
      expect.objectContaining({
        original: 'a sentense about climate policy',
        suggestion: 'a sentence on climate policy',
      }),
    ]);
    expect(checked.engine.model).toBe('fake');
  });

  it('keeps the corrections and says so when the model fails', async () => {
    languageTool.reply({ matches: [] });
    model.reply({ status: 500 });
    const checked = await result(await proofread({ text: TEXT, language: 'en', rewrites: true }));
    expect(checked.rewrites).toEqual([]);
    expect(checked.notices.map((notice) => notice.code)).toEqual(['rewrites_failed']);
    expect(checked.issues.length).toBeGreaterThan(0);
    expect(checked.engine.model).toBeNull();
  });

  it('leaves the words of the user’s personal dictionary alone', async () => {
    languageTool.reply({ matches: [] });
    const added = await test.request(
      '/api/dictionary',
      jsonRequest('POST', { word: 'sentense', language: 'en' }, writer.auth),
    );
    expect([200, 201]).toContain(added.status);
    const checked = await result(await proofread({ text: TEXT, language: 'en' }));
    expect(checked.issues.some((issue) => marked(TEXT, issue) === 'sentense')).toBe(false);
    const other = await signUpWriter(test, 'another-proofreader@example.org');
    const theirs = await result(await proofread({ text: TEXT, language: 'en' }, other.auth));
    expect(theirs.issues.some((issue) => marked(TEXT, issue) === 'sentense')).toBe(true);
    await test.request('/api/dictionary/en/sentense', { method: 'DELETE', headers: writer.auth });
  });

  it('runs through the templates API too', async () => {
    languageTool.reply({ matches: [] });
    const checked = await result(
      await proofread({ text: TEXT, language: 'en' }, writer.auth, '/api/prompt_templates/proofreading/execute'),
    );
    expect(checked.issues.some((issue) => issue.kind === 'spelling')).toBe(true);
  });

  it('refuses a missing text, an over-long one and a stranger, in the user’s language', async () => {
    const missing = await readBody(await proofread({}, { ...writer.auth, 'accept-language': 'de' }));
    expect(missing.error.details.fields[0]).toEqual({ path: 'inputs.text', message: 'Text ist erforderlich' });
    const long = await proofread({ text: 'word '.repeat(20_001) });
    expect(long.status).toBe(400);
    expect((await readBody(long)).error.details.fields[0].message).toBe('Text must not have more than 20000 words');
    const stranger = await proofread({ text: TEXT }, {});
    expect(stranger.status).toBe(401);
  });
});

describe('proofreading on the built-in engine alone', () => {
  let builtin: TestApp;
  let user: Writer;
  beforeAll(async () => {
    builtin = await startTestApp({ database: test.database });
    user = await signUpWriter(builtin, 'builtin-proofreader@example.org');
  }, 60_000);
  afterAll(() => builtin.close());

  it('says rewrites need a model and checks without LanguageTool', async () => {
    const checked = await result(
      await builtin.request(
        '/gen/proofreading',
        jsonRequest('POST', { inputs: { text: TEXT, rewrites: true } }, user.auth),
      ),
    );
    expect(checked.notices.map((notice) => notice.code)).toEqual(['rewrites_need_model']);
    expect(checked.engine).toEqual({ languagetool: false, model: null });
    expect(languageTool.checks()).toHaveLength(0);
  });
});
