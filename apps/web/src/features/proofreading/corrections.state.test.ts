import type { ProofreadingIssue, ProofreadingKind } from '@quire/contracts';
import { describe, expect, it } from 'vitest';
import {
  applyAllOfKind,
  applyEdits,
  applyRewrite,
  applySuggestion,
  type Corrections,
  countByKind,
  editsForKind,
  forgetWord,
  ignoreIssue,
  ignoreRule,
  issueText,
  markedIssues,
  startCorrections,
  UNDO_DEPTH,
  undoLast,
} from './corrections.state';

/** An issue on the first occurrence of `found` in `text`. */
function issueOn(
  text: string,
  found: string,
  kind: ProofreadingKind,
  suggestions: string[],
  from = 0,
): ProofreadingIssue {
  const offset = text.indexOf(found, from);
  if (offset < 0) throw new Error(`"${found}" is not in the text`);
  return {
    offset,
    length: found.length,
    kind,
    message: `${kind} ${found}`,
    suggestions,
    rule: 'TEST',
    origin: 'rules',
  };
}

const TEXT = "Teh cat sat on the the mat, then it's tail wagged.";

function sample(): Corrections {
  return startCorrections({
    text: TEXT,
    issues: [
      issueOn(TEXT, "it's", 'grammar', ['its']),
      issueOn(TEXT, 'Teh', 'spelling', ['The', 'Tech']),
      issueOn(TEXT, ' the mat', 'grammar', [' mat'], 15),
      issueOn(TEXT, 'wagged', 'style', []),
    ],
    rewrites: [],
  });
}

const texts = (state: Corrections) => state.issues.map((issue) => issueText(state.text, issue));

describe('applyEdits', () => {
  it('shifts the spans after an edit by its length difference and keeps those before', () => {
    const spans = [
      { offset: 0, length: 3 },
      { offset: 8, length: 3 },
    ];
    const result = applyEdits('abc def ghi', spans, [{ offset: 4, length: 3, replacement: 'de' }]);
    expect(result.text).toBe('abc de ghi');
    expect(result.spans).toEqual([
      { offset: 0, length: 3 },
      { offset: 7, length: 3 },
    ]);
  });

  it('drops a span the edit overlaps, but not one that only touches it', () => {
    const spans = [
      { offset: 0, length: 4 },
      { offset: 2, length: 4 },
      { offset: 6, length: 2 },
      { offset: 7, length: 1 },
    ];
    const result = applyEdits('abcdefgh', spans, [{ offset: 4, length: 3, replacement: 'XYZW' }]);
    expect(result.text).toBe('abcdXYZWh');
    expect(result.spans).toEqual([
      { offset: 0, length: 4 },
      { offset: 8, length: 1 },
    ]);
    const touching = applyEdits('abcdefgh', [{ offset: 6, length: 2 }], [{ offset: 4, length: 2, replacement: '' }]);
    expect(touching).toEqual({ text: 'abcdgh', spans: [{ offset: 4, length: 2 }] });
  });

  it('applies several edits in one pass, each span shifted by the edits before it only', () => {
    const text = 'one two three four five';
    const spans = [
      { offset: 4, length: 3 },
      { offset: 14, length: 4 },
      { offset: 19, length: 4 },
    ];
    const edits = [
      { offset: 8, length: 5, replacement: '3' },
      { offset: 0, length: 3, replacement: 'ONE!' },
    ];
    const result = applyEdits(text, spans, edits);
    expect(result.text).toBe('ONE! two 3 four five');
    expect(result.spans.map((span) => result.text.slice(span.offset, span.offset + span.length))).toEqual([
      'two',
      'four',
      'five',
    ]);
  });
});

describe('applySuggestion', () => {
  it('changes the text and keeps every later issue on its words', () => {
    const state = sample();
    const spelling = state.issues.find((issue) => issue.kind === 'spelling');
    const next = applySuggestion(state, spelling?.id ?? -1, 'The');
    expect(next.text).toBe("The cat sat on the the mat, then it's tail wagged.");
    expect(texts(next)).toEqual([' the mat', "it's", 'wagged']);
  });

  it('deletes the span for an empty suggestion and shifts what follows back', () => {
    const state = sample();
    const repeated = state.issues.find((issue) => issue.suggestions[0] === ' mat');
    const next = applySuggestion(state, repeated?.id ?? -1, '');
    expect(next.text).toBe("Teh cat sat on the, then it's tail wagged.");
    expect(texts(next)).toEqual(['Teh', "it's", 'wagged']);
  });

  it('drops the issues that overlap the changed span', () => {
    const text = 'an apple a day';
    const state = startCorrections({
      text,
      issues: [issueOn(text, 'an apple', 'grammar', ['one apple']), issueOn(text, 'apple', 'spelling', ['Apple'])],
      rewrites: [],
    });
    const next = applySuggestion(state, 0, 'one apple');
    expect(next.text).toBe('one apple a day');
    expect(next.issues).toEqual([]);
  });

  it('leaves the state alone for an unknown issue', () => {
    const state = sample();
    expect(applySuggestion(state, 99, 'x')).toBe(state);
  });
});

describe('apply all of one kind', () => {
  it('takes the first suggestion of each, skips issues without one and overlapping ones', () => {
    const text = 'Teh quikc brown fox';
    const issues = startCorrections({
      text,
      issues: [
        issueOn(text, 'Teh', 'spelling', ['The']),
        issueOn(text, 'quikc', 'spelling', ['quick', 'quack']),
        issueOn(text, 'quikc brown', 'spelling', ['quick brown']),
        issueOn(text, 'fox', 'spelling', []),
        issueOn(text, 'brown', 'style', ['brownish']),
      ],
      rewrites: [],
    }).issues;
    expect(editsForKind(issues, 'spelling')).toEqual([
      { offset: 0, length: 3, replacement: 'The' },
      { offset: 4, length: 11, replacement: 'quick brown' },
    ]);
  });

  it('changes the text once and keeps the other kinds in place', () => {
    const next = applyAllOfKind(sample(), 'grammar');
    expect(next.text).toBe('Teh cat sat on the mat, then its tail wagged.');
    expect(texts(next)).toEqual(['Teh', 'wagged']);
    expect(next.undo).toHaveLength(1);
    expect(undoLast(next).text).toBe(TEXT);
  });

  it('is no change (and no undo step) when no issue of the kind has a suggestion', () => {
    const state = sample();
    expect(applyAllOfKind(state, 'style')).toBe(state);
  });
});

describe('ignore, dictionary and undo', () => {
  it('ignoring hides one issue and keeps the text', () => {
    const state = sample();
    const next = ignoreIssue(state, state.issues[0]?.id ?? -1);
    expect(next.text).toBe(TEXT);
    expect(next.issues).toHaveLength(3);
  });

  it('a word added to the dictionary removes every spelling issue on it, and only those', () => {
    const text = 'Quire and Quire, quire.';
    const state = startCorrections({
      text,
      issues: [
        issueOn(text, 'Quire', 'spelling', []),
        issueOn(text, 'Quire', 'spelling', [], 5),
        issueOn(text, 'quire', 'spelling', []),
        issueOn(text, 'Quire,', 'grammar', ['Quire;']),
      ],
      rewrites: [],
    });
    expect(texts(forgetWord(state, 'Quire'))).toEqual(['Quire,', 'quire']);
  });

  it('undo walks back one apply at a time and keeps a bounded history', () => {
    let state = sample();
    state = applySuggestion(state, state.issues[0]?.id ?? -1, 'The');
    const afterOne = state.text;
    state = applyAllOfKind(state, 'grammar');
    expect(undoLast(state).text).toBe(afterOne);
    expect(undoLast(undoLast(state)).text).toBe(TEXT);
    expect(undoLast(undoLast(state)).issues).toHaveLength(4);

    let long = startCorrections({ text: 'a', issues: [], rewrites: [] });
    for (let index = 0; index < UNDO_DEPTH + 5; index += 1) {
      long = {
        ...long,
        issues: [{ ...issueOn(long.text, 'a', 'spelling', ['a']), id: index }],
      };
      long = applySuggestion(long, index, 'a');
    }
    expect(long.undo).toHaveLength(UNDO_DEPTH);
  });
});

describe('rewrites', () => {
  it('using a rewrite replaces its passage, drops issues inside it and shifts those after', () => {
    const text = 'This are good. Teh end.';
    const state = startCorrections({
      text,
      issues: [issueOn(text, 'are', 'grammar', ['is']), issueOn(text, 'Teh', 'spelling', ['The'])],
      rewrites: [
        { offset: 0, length: 14, original: 'This are good.', suggestion: 'This is fine.', reason: 'Agreement.' },
      ],
    });
    const next = applyRewrite(state, 0);
    expect(next.text).toBe('This is fine. Teh end.');
    expect(texts(next)).toEqual(['Teh']);
    expect(next.rewrites).toEqual([]);
  });
});

describe('marks and counts', () => {
  it('counts per kind and underlines without overlaps, only the kinds shown', () => {
    const text = 'Teh quikc fox';
    const state = startCorrections({
      text,
      issues: [
        issueOn(text, 'quikc', 'spelling', ['quick']),
        issueOn(text, 'Teh quikc', 'grammar', []),
        issueOn(text, 'fox', 'style', []),
      ],
      rewrites: [],
    });
    expect(countByKind(state.issues)).toEqual({ spelling: 1, grammar: 1, style: 1 });
    const all = markedIssues(state.issues, new Set(['spelling', 'grammar', 'style']));
    expect(all.map((issue) => issueText(text, issue))).toEqual(['Teh quikc', 'fox']);
    const spellingOnly = markedIssues(state.issues, new Set(['spelling']));
    expect(spellingOnly.map((issue) => issueText(text, issue))).toEqual(['quikc']);
  });
});

describe('ignoring a rule', () => {
  it('hides every issue of that rule and keeps the others and the text', () => {
    const text = 'Teh cat and teh dog are are here.';
    const state = startCorrections({
      text,
      issues: [
        { ...issueOn(text, 'Teh', 'spelling', ['The']), rule: 'HUNSPELL' },
        { ...issueOn(text, 'teh', 'spelling', ['the']), rule: 'HUNSPELL' },
        { ...issueOn(text, 'are are', 'grammar', ['are']), rule: 'ALL_REPEATED_WORD' },
      ],
      rewrites: [],
    });
    const next = ignoreRule(state, 'HUNSPELL');
    expect(next.text).toBe(text);
    expect(next.issues.map((issue) => issue.rule)).toEqual(['ALL_REPEATED_WORD']);
  });
});
