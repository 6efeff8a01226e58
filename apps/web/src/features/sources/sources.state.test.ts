import { describe, expect, it } from 'vitest';
import { aSource } from '../../test/sources';
import {
  addSource,
  applyChange,
  applyLiveEvent,
  combineSources,
  EMPTY_LISTS,
  hasProcessing,
  newestFirst,
  removeSource,
  type SourceLists,
  setBookmarked,
} from './sources.state';

const doc = (id: string, extra = {}) => aSource({ id, name: `${id}.pdf`, type: 'document', ...extra });
const site = (id: string, extra = {}) => aSource({ id, name: id, type: 'website', ...extra });
const ids = (lists: SourceLists) => ({
  documents: lists.documents.map((source) => source.id),
  websites: lists.websites.map((source) => source.id),
});

describe('adding a source (spec §4)', () => {
  it('appends a new document to the documents and a new website to the websites', () => {
    let lists = addSource(EMPTY_LISTS, doc('d1'));
    lists = addSource(lists, site('w1'));
    lists = addSource(lists, doc('d2'));
    expect(ids(lists)).toEqual({ documents: ['d1', 'd2'], websites: ['w1'] });
  });

  it('replaces an entry with the same id and moves it to the end', () => {
    const lists = { documents: [doc('d1'), doc('d2'), doc('d3')], websites: [] };
    const next = addSource(lists, doc('d1', { name: 'renamed.pdf', state: 'processing' }));
    expect(ids(next).documents).toEqual(['d2', 'd3', 'd1']);
    expect(next.documents.filter((source) => source.id === 'd1')).toEqual([
      expect.objectContaining({ name: 'renamed.pdf', state: 'processing' }),
    ]);
  });

  it('leaves the lists alone for a type the library does not hold', () => {
    expect(addSource(EMPTY_LISTS, aSource({ id: 'p1', type: 'paper' }))).toBe(EMPTY_LISTS);
  });
});

describe('removing a source', () => {
  it('takes it out of whichever list holds it', () => {
    const lists = { documents: [doc('d1'), doc('d2')], websites: [site('w1')] };
    expect(ids(removeSource(lists, 'd1'))).toEqual({ documents: ['d2'], websites: ['w1'] });
    expect(ids(removeSource(lists, 'w1'))).toEqual({ documents: ['d1', 'd2'], websites: [] });
  });

  it('returns the same lists when there is nothing to remove', () => {
    const lists = { documents: [doc('d1')], websites: [] };
    expect(removeSource(lists, 'nope')).toBe(lists);
  });
});

describe('live events', () => {
  const lists = { documents: [doc('d1', { state: 'processing', progress: 10 }), doc('d2')], websites: [site('w1')] };

  it('update an entry in place, keeping its position', () => {
    const next = applyLiveEvent(lists, {
      type: 'source.updated',
      source: doc('d1', { state: 'processing', progress: 45 }),
    });
    expect(ids(next)).toEqual(ids(lists));
    expect(next.documents[0]).toMatchObject({ id: 'd1', progress: 45 });
    expect(next.documents[1]).toBe(lists.documents[1]);
    expect(next.websites).toBe(lists.websites);
  });

  it('turn a processing source usable, or failed with its error code', () => {
    const ready = applyLiveEvent(lists, {
      type: 'source.updated',
      source: doc('d1', { state: 'usable', progress: 100 }),
    });
    expect(ready.documents[0]?.state).toBe('usable');
    const failed = applyLiveEvent(lists, {
      type: 'source.updated',
      source: site('w1', { state: 'failed', error_code: 'upload_error_url' }),
    });
    expect(failed.websites[0]).toMatchObject({ state: 'failed', error_code: 'upload_error_url' });
  });

  it('add a source the lists do not know yet (added in another tab) at the end', () => {
    const next = applyLiveEvent(lists, { type: 'source.updated', source: site('w2', { state: 'processing' }) });
    expect(ids(next)).toEqual({ documents: ['d1', 'd2'], websites: ['w1', 'w2'] });
  });

  it('remove a deleted source', () => {
    expect(ids(applyLiveEvent(lists, { type: 'source.deleted', id: 'd2' }))).toEqual({
      documents: ['d1'],
      websites: ['w1'],
    });
  });
});

describe('sources', () => {
  it('are the documents plus the websites, each tagged with the type of its list', () => {
    const mislabelled = aSource({ id: 'w9', type: 'document' });
    const sources = combineSources({ documents: [doc('d1')], websites: [site('w1'), mislabelled] });
    expect(sources.map((source) => [source.id, source.type])).toEqual([
      ['d1', 'document'],
      ['w1', 'website'],
      ['w9', 'website'],
    ]);
  });

  it('tell whether anything is still being processed', () => {
    expect(hasProcessing({ documents: [doc('d1')], websites: [site('w1', { state: 'failed' })] })).toBe(false);
    expect(hasProcessing({ documents: [doc('d1')], websites: [site('w1', { state: 'processing' })] })).toBe(true);
  });

  it('sort newest first, later additions first among equal times', () => {
    const sorted = newestFirst([
      doc('old', { created_at: '2026-01-01T00:00:00Z' }),
      doc('new', { created_at: '2026-03-01T00:00:00Z' }),
      doc('same-1', { created_at: '2026-02-01T00:00:00Z' }),
      doc('same-2', { created_at: '2026-02-01T00:00:00Z' }),
    ]);
    expect(sorted.map((source) => source.id)).toEqual(['new', 'same-2', 'same-1', 'old']);
  });
});

describe('bookmarking a source', () => {
  const lists = { documents: [doc('d1'), doc('d2')], websites: [site('w1')] };

  it('sets the flag on the entry in place, in whichever list holds it', () => {
    const next = setBookmarked(lists, 'w1', true);
    expect(ids(next)).toEqual(ids(lists));
    expect(next.websites[0]?.bookmarked).toBe(true);
    expect(next.documents).toEqual(lists.documents);
    const cleared = setBookmarked(setBookmarked(lists, 'd2', true), 'd2', false);
    expect(cleared.documents.map((source) => source.bookmarked)).toEqual([false, false]);
  });

  it('returns the same lists when the id is unknown or the flag is already so', () => {
    expect(setBookmarked(lists, 'nope', true)).toBe(lists);
    expect(setBookmarked(lists, 'd1', false)).toBe(lists);
  });
});

describe('a change to the lists', () => {
  it('adds, removes, bookmarks and applies live events by the rules above', () => {
    let lists = applyChange(EMPTY_LISTS, { kind: 'add', source: doc('d1') });
    lists = applyChange(lists, { kind: 'add', source: site('w1') });
    lists = applyChange(lists, { kind: 'bookmark', id: 'w1', bookmarked: true });
    lists = applyChange(lists, { kind: 'live', event: { type: 'source.deleted', id: 'd1' } });
    expect(ids(lists)).toEqual({ documents: [], websites: ['w1'] });
    expect(lists.websites[0]?.bookmarked).toBe(true);
    expect(applyChange(lists, { kind: 'remove', id: 'w1' })).toEqual(EMPTY_LISTS);
  });

  it('keeps an entry further along than the answer of its upload, which the live connection overtook', () => {
    const usable = applyChange(EMPTY_LISTS, { kind: 'add', source: doc('d1', { state: 'usable', progress: 100 }) });
    const late = applyChange(usable, { kind: 'add', source: doc('d1', { state: 'processing', progress: 0 }) });
    expect(late.documents).toEqual([expect.objectContaining({ id: 'd1', state: 'usable' })]);
    const reading = applyChange(EMPTY_LISTS, { kind: 'add', source: doc('d2', { state: 'processing', progress: 10 }) });
    const further = applyChange(reading, { kind: 'add', source: doc('d2', { state: 'processing', progress: 40 }) });
    expect(further.documents[0]?.progress).toBe(40);
  });
});
