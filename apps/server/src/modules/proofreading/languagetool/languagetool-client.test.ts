import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeLanguageTool, startFakeLanguageTool } from '../../../test/fake-languagetool';
import { createLanguageToolChecker, LanguageToolError, type LanguageToolSettings } from './languagetool-client';

let fake: FakeLanguageTool;
const logger = pino({ level: 'silent' });

beforeAll(async () => {
  fake = await startFakeLanguageTool({ words: { teh: ['the', 'ten'], Fehlr: ['Fehler'] } });
});
beforeEach(() => fake.reset());
afterAll(() => fake.close());

function settings(overrides: Partial<LanguageToolSettings> = {}): LanguageToolSettings {
  return { url: fake.url, username: null, apiKey: null, timeoutMs: 2_000, ...overrides };
}

const never = new AbortController().signal;

describe('LanguageTool client', () => {
  it('posts the text as a form with the language code LanguageTool expects', async () => {
    const checker = createLanguageToolChecker(settings(), logger);
    await checker.check('Ein Fehlr.', 'de', never);
    const [request] = fake.checks();
    expect(request?.method).toBe('POST');
    expect(request?.headers['content-type']).toContain('application/x-www-form-urlencoded');
    expect(request?.form).toEqual({ text: 'Ein Fehlr.', language: 'de-DE', level: 'default' });
  });

  it('sends the Premium credentials when both are set, and accepts a URL ending in /v2', async () => {
    const checker = createLanguageToolChecker(
      settings({ url: `${fake.url}/v2/`, username: 'ada', apiKey: 'k1' }),
      logger,
    );
    await checker.check('A text.', 'en', never);
    expect(fake.checks()[0]?.form).toMatchObject({ language: 'en-US', username: 'ada', apiKey: 'k1' });
  });

  it('maps matches to issues: kind, rule, origin, message and at most five suggestions', async () => {
    fake.enqueue({
      matches: [
        { offset: 0, length: 3, replacements: ['the', 'ten'] },
        {
          offset: 8,
          length: 4,
          message: 'Did you mean “than”?',
          replacements: ['than', 'a', 'b', 'c', 'd', 'e'],
          ruleId: 'THAN_THEN',
          issueType: 'grammar',
        },
        { offset: 13, length: 2, ruleId: 'WHITESPACE_RULE', issueType: 'whitespace', replacements: [' '] },
      ],
    });
    const issues = await createLanguageToolChecker(settings(), logger).check('teh cat then  me', 'en', never);
    expect(issues).toEqual([
      {
        offset: 0,
        length: 3,
        kind: 'spelling',
        message: { text: 'Possible spelling mistake found.' },
        suggestions: ['the', 'ten'],
        rule: 'languagetool:MORFOLOGIK_RULE_EN_US',
        origin: 'languagetool',
      },
      {
        offset: 8,
        length: 4,
        kind: 'grammar',
        message: { text: 'Did you mean “than”?' },
        suggestions: ['than', 'a', 'b', 'c', 'd'],
        rule: 'languagetool:THAN_THEN',
        origin: 'languagetool',
      },
      expect.objectContaining({ offset: 13, kind: 'style', rule: 'languagetool:WHITESPACE_RULE' }),
    ]);
  });

  it('keeps UTF-16 offsets as they are, after emoji too', async () => {
    const text = 'Nice 😀 day, teh end.';
    const issues = await createLanguageToolChecker(settings(), logger).check(text, 'en', never);
    expect(issues).toHaveLength(1);
    expect(text.slice(issues[0]?.offset, (issues[0]?.offset ?? 0) + (issues[0]?.length ?? 0))).toBe('teh');
  });

  it('sends a long text in pieces cut between paragraphs and shifts the offsets back', async () => {
    const paragraph = (n: number) => `Paragraph ${n} has teh word in it and some more words to fill the line.`;
    const text = Array.from({ length: 6 }, (_, n) => paragraph(n)).join('\n\n');
    const checker = createLanguageToolChecker(settings(), logger, { maxChunkBytes: 160 });
    const issues = await checker.check(text, 'en', never);
    const sent = fake.checks().map((request) => request.form.text ?? '');
    expect(sent.length).toBeGreaterThan(2);
    expect(sent.every((piece) => Buffer.byteLength(piece) <= 160)).toBe(true);
    expect(sent.join('')).toBe(text);
    expect(sent.slice(0, -1).every((piece) => piece.endsWith('\n\n'))).toBe(true);
    expect(issues.map((issue) => text.slice(issue.offset, issue.offset + issue.length))).toEqual(Array(6).fill('teh'));
    expect(issues.map((issue) => issue.offset)).toEqual([...text.matchAll(/teh/g)].map((match) => match.index));
  });

  it.each([
    [{ status: 429 }, 'rate_limited'],
    [{ status: 500 }, 'unavailable'],
    [{ status: 503 }, 'unavailable'],
    [{ status: 413 }, 'rejected'],
    [{ malformed: true }, 'malformed'],
  ] as const)('turns %o into a LanguageToolError (%s)', async (reply, failure) => {
    fake.reply(reply);
    const check = createLanguageToolChecker(settings(), logger).check('A text.', 'en', never);
    await expect(check).rejects.toBeInstanceOf(LanguageToolError);
    await expect(check).rejects.toMatchObject({ failure });
  });

  it('counts a server nobody listens on as unavailable', async () => {
    const gone = await startFakeLanguageTool();
    await gone.close();
    const check = createLanguageToolChecker(settings({ url: gone.url }), logger).check('A text.', 'en', never);
    await expect(check).rejects.toMatchObject({ failure: 'unavailable' });
  });

  it('gives up after timeoutMs and cancels the request', async () => {
    fake.reply({ hang: true });
    const started = Date.now();
    const check = createLanguageToolChecker(settings({ timeoutMs: 200 }), logger).check('A text.', 'en', never);
    await expect(check).rejects.toMatchObject({ failure: 'timeout' });
    expect(Date.now() - started).toBeLessThan(1_500);
    await fake.checks()[0]?.closed;
    expect(fake.checks()[0]?.aborted).toBe(true);
  });

  it('rejects with the reason of the caller’s signal when it aborts', async () => {
    fake.reply({ hang: true });
    const controller = new AbortController();
    const check = createLanguageToolChecker(settings(), logger).check('A text.', 'en', controller.signal);
    setTimeout(() => controller.abort(new Error('client went away')), 50);
    await expect(check).rejects.toThrow('client went away');
  });

  it('stops sending pieces once one has failed', async () => {
    fake.enqueue({ status: 500 });
    const text = Array.from({ length: 8 }, (_, n) => `Paragraph number ${n} of the text.`).join('\n\n');
    const check = createLanguageToolChecker(settings(), logger, { maxChunkBytes: 40 }).check(text, 'en', never);
    await expect(check).rejects.toMatchObject({ failure: 'unavailable' });
    expect(fake.checks().length).toBeLessThanOrEqual(2);
  });
});
