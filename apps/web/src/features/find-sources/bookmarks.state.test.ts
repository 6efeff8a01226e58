import type { Paper } from '@quire/contracts';
import { describe, expect, it } from 'vitest';
import { addBookmark, applyBookmarkAnswer, removeBookmark } from './bookmarks.state';
import { aPaper } from './test-papers';

const paper = (id: string, extra: Partial<Paper> = {}) => aPaper({ id, title: id, bookmarked: true, ...extra });
const ids = (papers: readonly Paper[]) => papers.map((entry) => entry.id);

describe('bookmarking a paper (spec §4)', () => {
  it('appends a new paper, marked as bookmarked', () => {
    const list = addBookmark([paper('a')], aPaper({ id: 'b', bookmarked: false }));
    expect(ids(list)).toEqual(['a', 'b']);
    expect(list[1]?.bookmarked).toBe(true);
  });

  it('removes an old entry with the same id and appends the new one', () => {
    const list = addBookmark([paper('a'), paper('b', { title: 'old' }), paper('c')], paper('b', { title: 'new' }));
    expect(ids(list)).toEqual(['a', 'c', 'b']);
    expect(list.filter((entry) => entry.id === 'b').map((entry) => entry.title)).toEqual(['new']);
  });

  it('leaves the list it was given as it was', () => {
    const before = [paper('a'), paper('b')];
    addBookmark(before, paper('a'));
    expect(ids(before)).toEqual(['a', 'b']);
  });
});

describe('removing a bookmark', () => {
  it('takes the paper out', () => {
    expect(ids(removeBookmark([paper('a'), paper('b')], 'a'))).toEqual(['b']);
  });

  it('returns the same list when the paper was not there', () => {
    const list = [paper('a')];
    expect(removeBookmark(list, 'x')).toBe(list);
  });
});

describe("applying the server's answer to a toggle", () => {
  it('adds by the rule when the paper is bookmarked now, removes it when not', () => {
    const list = [paper('a'), paper('b')];
    expect(ids(applyBookmarkAnswer(list, paper('a'), true))).toEqual(['b', 'a']);
    expect(ids(applyBookmarkAnswer(list, paper('a'), false))).toEqual(['b']);
    expect(ids(applyBookmarkAnswer(list, paper('z'), false))).toEqual(['a', 'b']);
  });
});
