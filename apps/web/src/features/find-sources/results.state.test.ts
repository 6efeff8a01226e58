import type { Paper } from '@quire/contracts';
import { describe, expect, it } from 'vitest';
import {
  exportRequest,
  markBookmarked,
  NO_SELECTION,
  replaceResults,
  setAllSelected,
  toggleSelected,
} from './results.state';
import { aPaper } from './test-papers';

const papers = ['a', 'b', 'c'].map((id) => aPaper({ id, title: id }));
const sorted = (selection: ReadonlySet<string>) => [...selection].sort();

describe('selecting papers for export', () => {
  it('ticks and unticks one paper', () => {
    const ticked = toggleSelected(NO_SELECTION, 'b');
    expect(sorted(ticked)).toEqual(['b']);
    expect(sorted(toggleSelected(ticked, 'b'))).toEqual([]);
    expect(sorted(NO_SELECTION)).toEqual([]);
  });

  it('ticks or unticks all papers shown, leaving other ticks alone', () => {
    const all = setAllSelected(new Set(['elsewhere']), papers, true);
    expect(sorted(all)).toEqual(['a', 'b', 'c', 'elsewhere']);
    expect(sorted(setAllSelected(all, papers, false))).toEqual(['elsewhere']);
  });
});

describe('the export call', () => {
  it('names the ticked papers of the list in its order, with the format', () => {
    const selection = new Set(['c', 'a', 'not-shown']);
    expect(exportRequest(papers, selection, 'ris')).toEqual({ paper_ids: ['a', 'c'], format: 'ris' });
    expect(exportRequest(papers, selection, 'bibtex')).toEqual({ paper_ids: ['a', 'c'], format: 'bibtex' });
  });

  it('is null when no paper of the list is ticked', () => {
    expect(exportRequest(papers, new Set(['not-shown']), 'bibtex')).toBeNull();
  });
});

describe('a new answer replacing the results', () => {
  it('keeps ticks only on papers still among the results', () => {
    const next = [aPaper({ id: 'b' }), aPaper({ id: 'd' })];
    expect(sorted(replaceResults(new Set(['a', 'b']), next))).toEqual(['b']);
  });

  it('returns the same selection when every ticked paper is still there', () => {
    const selection = new Set(['a']);
    expect(replaceResults(selection, papers)).toBe(selection);
  });
});

describe('a confirmed bookmark on the results', () => {
  it('changes the flag of that paper only, keeping the order', () => {
    const next = markBookmarked(papers, 'b', true);
    expect(next.map((paper: Paper) => [paper.id, paper.bookmarked])).toEqual([
      ['a', false],
      ['b', true],
      ['c', false],
    ]);
    expect(next[0]).toBe(papers[0]);
  });
});
