import { beforeAll, describe, expect, it } from 'vitest';
import type { CheckerIssue } from '../checker-types';
import { createHarperChecker } from './harper-checker';

const harper = createHarperChecker();

beforeAll(() => harper.warm(), 60_000);

function applied(text: string, issue: CheckerIssue): string {
  return `${text.slice(0, issue.offset)}${issue.suggestions[0] ?? ''}${text.slice(issue.offset + issue.length)}`;
}

describe('harper.js checker', () => {
  it('finds a grammar error and its correction', async () => {
    const text = 'It should of been found last night.';
    const issues = await harper.check(text);
    const issue = issues.find((found) => text.slice(found.offset, found.offset + found.length) === 'should of');
    expect(issue).toMatchObject({ origin: 'harper', kind: 'grammar' });
    expect(issue?.rule).toMatch(/^harper:[A-Za-z]+$/);
    expect(applied(text, issue as CheckerIssue)).toBe('It should have been found last night.');
  });

  it('counts offsets in UTF-16 code units after characters outside the BMP', async () => {
    const text = 'Fine work 😀😀, but it should of been found.';
    const issues = await harper.check(text);
    const issue = issues.find((found) => found.suggestions.includes('should have'));
    expect(issue).toBeDefined();
    expect(text.slice(issue?.offset, (issue?.offset ?? 0) + (issue?.length ?? 0))).toBe('should of');
  });

  it('leaves spelling to Hunspell', async () => {
    const issues = await harper.check('The experimnet was a sucess.');
    expect(issues.filter((issue) => issue.rule === 'harper:Spelling')).toEqual([]);
    expect(issues.every((issue) => issue.kind !== 'spelling')).toBe(true);
  });

  it('gives a catalogue key by lint kind with the marked text as a parameter', async () => {
    const issues = await harper.check('This is is wrong.');
    const issue = issues[0];
    expect(issue?.message).toMatchObject({ key: 'harper.repetition' });
    const params = issue && 'key' in issue.message ? issue.message.params : undefined;
    expect(params?.suggestion).toBe('is');
    expect(params?.found).toBe('is is');
  });

  it('finds nothing in correct text', async () => {
    const issues = await harper.check('The results of the second experiment confirm the hypothesis.');
    expect(issues).toEqual([]);
  });
});
