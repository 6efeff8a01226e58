import { describe, expect, it } from 'vitest';
import { CheckResults, issuesOf } from './languagetool-response';

/** One match as LanguageTool 6 writes it, trimmed to the fields that matter here. */
function results(text: string, offset: number, length: number, contextOffset = offset) {
  return CheckResults.parse({
    software: { name: 'LanguageTool', version: '6.6', apiVersion: 1 },
    matches: [
      {
        message: 'Possible spelling mistake found.',
        shortMessage: 'Spelling mistake',
        replacements: [{ value: 'the' }],
        offset,
        length,
        context: { text, offset: contextOffset, length },
        sentence: text,
        type: { typeName: 'UnknownWord' },
        rule: {
          id: 'MORFOLOGIK_RULE_EN_US',
          description: 'Possible spelling mistake',
          issueType: 'misspelling',
          category: { id: 'TYPOS', name: 'Possible Typo' },
        },
      },
    ],
  });
}

const marked = (text: string, issue: { offset: number; length: number } | undefined) =>
  issue ? text.slice(issue.offset, issue.offset + issue.length) : null;

describe('issuesOf', () => {
  it('takes LanguageTool’s offsets as UTF-16 units and shifts them by the piece’s offset', () => {
    const text = 'Nice 😀 day, teh end.';
    const [issue] = issuesOf(results(text, text.indexOf('teh'), 3), { offset: 100, text });
    expect(issue?.offset).toBe(100 + text.indexOf('teh'));
    expect(marked(text, issue && { ...issue, offset: issue.offset - 100 })).toBe('teh');
  });

  it('reads the offset in code points when only that reading marks what the context shows', () => {
    const text = 'A 𝒞 note: teh end.';
    const utf16 = text.indexOf('teh');
    const codePoints = [...text.slice(0, utf16)].length;
    const [issue] = issuesOf(results(text, codePoints, 3, utf16), { offset: 0, text });
    expect(issue?.offset).toBe(utf16);
  });

  it('keeps the UTF-16 reading when the context cannot decide', () => {
    const text = 'A 𝒞 note: teh end.';
    const [issue] = issuesOf(results('unrelated context', 5, 3, 0), { offset: 0, text });
    expect(issue?.offset).toBe(5);
  });

  it('drops matches that reach past the piece or mark nothing', () => {
    const text = 'Short.';
    expect(issuesOf(results(text, 4, 5), { offset: 0, text })).toEqual([]);
    expect(issuesOf(results(text, 2, 0), { offset: 0, text })).toEqual([]);
  });

  it('refuses an answer that is not check results', () => {
    expect(CheckResults.safeParse({ error: 'nope' }).success).toBe(false);
    expect(CheckResults.safeParse({ matches: [{ offset: 1 }] }).success).toBe(false);
  });
});
