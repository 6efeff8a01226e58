import type { Citation } from '@quire/contracts';
import { describe, expect, it } from 'vitest';
import { parseAnswer, parseInline } from './parse-answer';

const CITATIONS: Citation[] = [
  { sourceId: 'd1', page: 12, passage: 'Photosynthesis converts light into chemical energy.' },
  { sourceId: 'd1', page: null, passage: 'Chlorophyll absorbs red and blue light.' },
];

const BUILTIN = [
  'These passages of the source answer your question:',
  '',
  '> Photosynthesis converts light into chemical energy. (p. 12) [1]',
  '',
  '> Chlorophyll absorbs red and blue light. [2]',
  '',
  '_Written by the built-in engine from the source text._',
].join('\n');

describe('parseAnswer', () => {
  it('reads the built-in answer: intro paragraph, one quote per passage, the engine note', () => {
    const blocks = parseAnswer(BUILTIN, CITATIONS);
    expect(blocks.map((block) => block.kind)).toEqual(['paragraph', 'quote', 'quote', 'note']);
    expect(blocks[0]).toEqual({
      kind: 'paragraph',
      lines: [[{ kind: 'text', text: 'These passages of the source answer your question:' }]],
    });
    expect(blocks[1]).toEqual({
      kind: 'quote',
      lines: [
        [
          { kind: 'text', text: 'Photosynthesis converts light into chemical energy. (p. 12) ' },
          { kind: 'cite', number: 1, citation: CITATIONS[0] },
        ],
      ],
    });
    expect(blocks[2]).toMatchObject({ kind: 'quote', lines: [[{ kind: 'text' }, { kind: 'cite', number: 2 }]] });
    expect(blocks[3]).toEqual({ kind: 'note', text: 'Written by the built-in engine from the source text.' });
  });

  it('maps [n] to citations[n - 1] and leaves numbers without a citation as text', () => {
    expect(parseInline('see [2] and [3] and [0]', CITATIONS)).toEqual([
      { kind: 'text', text: 'see ' },
      { kind: 'cite', number: 2, citation: CITATIONS[1] },
      { kind: 'text', text: ' and [3] and [0]' },
    ]);
    expect(parseInline('no citations [1]', [])).toEqual([{ kind: 'text', text: 'no citations [1]' }]);
  });

  it('keeps a plain answer as one paragraph, its lines together, consecutive quote lines in one quote', () => {
    expect(parseAnswer('The source does not answer this question.', [])).toEqual([
      { kind: 'paragraph', lines: [[{ kind: 'text', text: 'The source does not answer this question.' }]] },
    ]);
    const blocks = parseAnswer('first line\r\nsecond line\n> a\n> b [1]\nafter', CITATIONS);
    expect(blocks.map((block) => block.kind)).toEqual(['paragraph', 'quote', 'paragraph']);
    expect(blocks[0]).toMatchObject({ lines: [[{ text: 'first line' }], [{ text: 'second line' }]] });
    expect(blocks[1]).toMatchObject({ lines: [[{ text: 'a' }], [{ text: 'b ' }, { kind: 'cite', number: 1 }]] });
  });

  it('keeps markup as text', () => {
    const blocks = parseAnswer('<script>alert(1)</script> <b>bold</b>', []);
    expect(blocks).toEqual([
      { kind: 'paragraph', lines: [[{ kind: 'text', text: '<script>alert(1)</script> <b>bold</b>' }]] },
    ]);
  });
});
