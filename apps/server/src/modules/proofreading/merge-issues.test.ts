import { describe, expect, it } from 'vitest';
import type { CheckerIssue } from './checker-types';
import { dedupeIssues, mergeIssues } from './merge-issues';

function issue(fields: Partial<CheckerIssue> & Pick<CheckerIssue, 'offset' | 'length'>): CheckerIssue {
  return {
    kind: 'grammar',
    message: { text: 'message' },
    suggestions: [],
    rule: 'RULE',
    origin: 'rules',
    ...fields,
  };
}

// "She is taller then her brother, and and she knows it."
const thenThan = issue({ offset: 14, length: 4, suggestions: ['than'], rule: 'EN_THEN_THAN' });
const andAnd = issue({ offset: 32, length: 7, kind: 'style', suggestions: ['and'], rule: 'REPEATED_WORD' });

describe('mergeIssues', () => {
  it('drops an issue of theirs that overlaps one of ours with the same kind', () => {
    const theirs = issue({
      offset: 14,
      length: 4,
      suggestions: ['then'],
      rule: 'languagetool:THAN_THEN',
      origin: 'languagetool',
    });
    expect(mergeIssues([thenThan], [theirs])).toEqual([thenThan]);
  });

  it('drops an overlapping issue of theirs with the same first suggestion, even of another kind', () => {
    const theirs = issue({
      offset: 32,
      length: 8,
      kind: 'grammar',
      suggestions: ['and', 'an'],
      rule: 'languagetool:ENGLISH_WORD_REPEAT_RULE',
      origin: 'languagetool',
    });
    expect(mergeIssues([andAnd], [theirs])).toEqual([andAnd]);
  });

  it('drops an issue of theirs on the very same span, whatever it says', () => {
    const theirs = issue({ offset: 14, length: 4, kind: 'style', suggestions: ['so'], origin: 'languagetool' });
    expect(mergeIssues([thenThan], [theirs])).toEqual([thenThan]);
  });

  it('keeps an overlapping issue of theirs that finds something else', () => {
    const theirs = issue({
      offset: 10,
      length: 8,
      kind: 'style',
      suggestions: ['higher than'],
      origin: 'languagetool',
    });
    expect(mergeIssues([thenThan], [theirs])).toEqual([theirs, thenThan]);
  });

  it('keeps issues of theirs that overlap nothing, in text order with ours', () => {
    const early = issue({ offset: 0, length: 3, kind: 'style', origin: 'languagetool' });
    const late = issue({ offset: 45, length: 5, kind: 'spelling', suggestions: ['knows'], origin: 'languagetool' });
    expect(mergeIssues([andAnd, thenThan], [late, early])).toEqual([early, thenThan, andAnd, late]);
  });

  it('does not count two issues without suggestions as agreeing on a fix', () => {
    const ours = issue({ offset: 5, length: 6, kind: 'spelling', origin: 'hunspell' });
    const theirs = issue({ offset: 8, length: 6, kind: 'grammar', origin: 'languagetool' });
    expect(mergeIssues([ours], [theirs])).toHaveLength(2);
  });

  it('treats touching spans as not overlapping', () => {
    const theirs = issue({ offset: 18, length: 4, suggestions: ['than'], origin: 'languagetool' });
    expect(mergeIssues([thenThan], [theirs])).toEqual([thenThan, theirs]);
  });
});

describe('dedupeIssues', () => {
  it('keeps the first of a rule and harper.js marking the same span with the same fix', () => {
    const harper = issue({
      ...thenThan,
      kind: 'style',
      rule: 'harper:ThenThan',
      origin: 'harper',
      message: { text: 'x' },
    });
    expect(dedupeIssues([thenThan, harper])).toEqual([thenThan]);
  });

  it('keeps the first of two issues of the same kind on the same span', () => {
    const harper = issue({ offset: 14, length: 4, suggestions: ['than', 'then'], rule: 'harper:X', origin: 'harper' });
    expect(dedupeIssues([thenThan, harper])).toEqual([thenThan]);
  });

  it('keeps one of overlapping marks of the same kind, as "are are" and " are" are one finding', () => {
    const wider = issue({ offset: 14, length: 8, suggestions: ['than so'], origin: 'harper' });
    expect(dedupeIssues([thenThan, wider])).toEqual([thenThan]);
  });

  it('keeps issues on other spans, or overlapping with another kind and another fix, sorted', () => {
    const otherKind = issue({ offset: 15, length: 6, kind: 'style', suggestions: ['rather than'], origin: 'harper' });
    const apart = issue({ offset: 30, length: 3, suggestions: ['than'], origin: 'harper' });
    expect(dedupeIssues([andAnd, apart, thenThan, otherKind])).toEqual([thenThan, otherKind, apart, andAnd]);
  });
});
