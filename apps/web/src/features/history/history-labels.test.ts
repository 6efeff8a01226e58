import { describe, expect, it } from 'vitest';
import { ensureLocale, translate } from '../../i18n/i18n';
import { resultTitle, toolLabel } from './history-labels';

describe('how a history result is named', () => {
  it('takes its focus or topic, else the first sentence of its text', () => {
    expect(resultTitle({ inputs: { headline: ' Dark  reactions ', topic: 'Calvin' }, excerpt: 'x' })).toBe(
      'Dark reactions',
    );
    expect(resultTitle({ inputs: { topic: 'Calvin cycle' }, excerpt: 'x' })).toBe('Calvin cycle');
    expect(resultTitle({ inputs: { text: 'pasted' }, excerpt: 'Glaciers store water. They melt.' })).toBe(
      'Glaciers store water.',
    );
    const long = resultTitle({ inputs: {}, excerpt: `${'word '.repeat(40)}end.` }) ?? '';
    expect(long).toMatch(/^word .*word…$/);
    expect(long.length).toBeLessThanOrEqual(90);
    expect(resultTitle({ inputs: {}, excerpt: '' })).toBeNull();
  });

  it("names built-in tools by their title and own applications by their name, even once they're deleted", async () => {
    await ensureLocale('en', 'full');
    const own = 'own-2b0c8a54-5d2e-4a8e-9d57-1c2f3e4a5b6c';
    expect(toolLabel({ slug: own, tool_name: 'Cover letter' }, translate)).toBe('Cover letter');
    expect(toolLabel({ slug: own, tool_name: null }, translate)).toBe('Deleted application');
    expect(toolLabel({ slug: 'summarize', tool_name: null }, translate)).toBe('Summarize');
  });
});
