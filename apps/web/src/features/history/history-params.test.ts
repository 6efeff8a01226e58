import { describe, expect, it } from 'vitest';
import { isUnfiltered, readHistoryParams, reopenPath, writeHistoryParams } from './history-params';

const OWN = '2b0c8a54-5d2e-4a8e-9d57-1c2f3e4a5b6c';

describe('the history parameters in the URL', () => {
  it('reads the tool and the search, and leaves out what is missing or unusable', () => {
    expect(readHistoryParams(new URLSearchParams('tool=summarize&q=climate+change'))).toEqual({
      tool: 'summarize',
      q: 'climate change',
    });
    expect(readHistoryParams(new URLSearchParams(''))).toEqual({ tool: '', q: '' });
    expect(readHistoryParams(new URLSearchParams(`tool=${'x'.repeat(61)}`)).tool).toBe('');
    expect(readHistoryParams(new URLSearchParams(`q=${'a'.repeat(300)}`)).q).toHaveLength(200);
  });

  it('writes them, drops empty ones and keeps other parameters', () => {
    const written = writeHistoryParams(new URLSearchParams('tool=freestyle&utm=x'), { tool: '', q: 'Häuser & Haus' });
    expect(written.toString()).toBe('utm=x&q=H%C3%A4user+%26+Haus');
    expect(readHistoryParams(written)).toEqual({ tool: '', q: 'Häuser & Haus' });
    expect(writeHistoryParams(new URLSearchParams('q=old'), { tool: 'summarize', q: '  ' }).toString()).toBe(
      'tool=summarize',
    );
  });

  it('tells an unfiltered list (empty means no results yet) from a filtered one', () => {
    expect(isUnfiltered({ tool: '', q: ' ' })).toBe(true);
    expect(isUnfiltered({ tool: 'summarize', q: '' })).toBe(false);
    expect(isUnfiltered({ tool: '', q: 'x' })).toBe(false);
  });

  it('reopens built-in results on their tool page and own applications on theirs', () => {
    expect(reopenPath({ id: 'r1', slug: 'write-chapter' })).toBe('feature/write-chapter?result=r1');
    expect(reopenPath({ id: 'r 2', slug: `own-${OWN}` })).toBe(`apps/${OWN}?result=r%202`);
    expect(reopenPath({ id: 'r3', slug: 'cards' })).toBeNull();
  });
});
