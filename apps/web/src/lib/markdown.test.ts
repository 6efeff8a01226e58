import type { Citation } from '@quire/contracts';
import { describe, expect, it } from 'vitest';
import { parseMarkdown, parseSpans, spansText } from './markdown';

const CITE: Citation = { sourceId: 'd1', page: 4, passage: 'Plants turn light into sugar.' };

describe('generated Markdown', () => {
  it('splits headings, paragraphs, lists, quotes and the engine note', () => {
    const text = [
      '## Light reactions',
      'Plants turn light',
      'into sugar [1].',
      '',
      '- first',
      '- second',
      '  continued',
      '1. one',
      '2. two',
      '> quoted',
      // The engines set the note apart; right after a quote it would continue the quote (CommonMark).
      '',
      '_Written by the built-in engine._',
    ].join('\n');
    const blocks = parseMarkdown(text, [CITE]);
    expect(blocks.map((block) => block.kind)).toEqual(['heading', 'paragraph', 'list', 'list', 'quote', 'note']);
    expect(blocks[0]).toMatchObject({ kind: 'heading', level: 2 });
    const paragraph = blocks[1];
    if (paragraph?.kind !== 'paragraph') throw new Error('no paragraph');
    expect(paragraph.lines.map(spansText)).toEqual(['Plants turn light', 'into sugar [1].']);
    expect(paragraph.lines[1]?.[1]).toEqual({ kind: 'cite', number: 1, citation: CITE });
    const bullets = blocks[2];
    if (bullets?.kind !== 'list') throw new Error('no list');
    expect(bullets.ordered).toBe(false);
    expect(bullets.items.map(spansText)).toEqual(['first', 'second continued']);
    expect(blocks[3]).toMatchObject({ kind: 'list', ordered: true });
    expect(blocks[5]).toEqual({ kind: 'note', text: 'Written by the built-in engine.' });
  });

  it('reads bold and italic, keeps unknown references and markup as text', () => {
    expect(parseSpans('a **bold** and *slanted* word [2] <b>x</b>', [CITE])).toEqual([
      { kind: 'text', text: 'a ', strong: false, em: false },
      { kind: 'text', text: 'bold', strong: true, em: false },
      { kind: 'text', text: ' and ', strong: false, em: false },
      { kind: 'text', text: 'slanted', strong: false, em: true },
      { kind: 'text', text: ' word [2] <b>x</b>', strong: false, em: false },
    ]);
    expect(spansText(parseSpans('2 * 3 * 4'))).toBe('2 * 3 * 4');
  });

  it('flattens nested lists and quotes into the outer block, and keeps code and markup as text', () => {
    const blocks = parseMarkdown(
      ['- a', '  - a.1', '- b [1]', '', '> q', '>', '> - r', '', '```', '<script>x()</script>', '```'].join('\n'),
      [CITE],
    );
    expect(blocks.map((block) => block.kind)).toEqual(['list', 'quote', 'paragraph']);
    const [list, quote, code] = blocks;
    if (list?.kind !== 'list' || quote?.kind !== 'quote' || code?.kind !== 'paragraph') throw new Error('wrong blocks');
    expect(list.items.map(spansText)).toEqual(['a', 'a.1', 'b [1]']);
    expect(list.items[2]?.[1]).toEqual({ kind: 'cite', number: 1, citation: CITE });
    expect(quote.lines.map(spansText)).toEqual(['q', '', 'r']);
    expect(code.lines.map(spansText)).toEqual(['<script>x()</script>']);
  });

  it('shows a link as its text and target, and a reference definition or script link as text', () => {
    const [paragraph] = parseMarkdown(
      '[APA](https://apastyle.apa.org/) <https://x.org> [x](javascript:alert(1))\n[1]: not a definition',
    );
    if (paragraph?.kind !== 'paragraph') throw new Error('no paragraph');
    expect(paragraph.lines.map(spansText)).toEqual([
      'APA (https://apastyle.apa.org/) https://x.org [x](javascript:alert(1))',
      '[1]: not a definition',
    ]);
  });

  it('reads underscores, escapes and entities as Markdown does, and a note only as a whole paragraph', () => {
    expect(parseSpans('_a_ \\*b\\* &amp; snake_case')).toEqual([
      { kind: 'text', text: 'a', strong: false, em: true },
      { kind: 'text', text: ' *b* & snake_case', strong: false, em: false },
    ]);
    expect(parseMarkdown('_one_ and _two_').map((block) => block.kind)).toEqual(['paragraph']);
  });
});
