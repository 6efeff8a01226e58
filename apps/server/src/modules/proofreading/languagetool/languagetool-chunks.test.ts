import { describe, expect, it } from 'vitest';
import { chunkText } from './languagetool-chunks';

function covers(text: string, maxBytes: number) {
  const chunks = chunkText(text, maxBytes);
  for (const chunk of chunks) {
    expect(text.slice(chunk.offset, chunk.offset + chunk.text.length)).toBe(chunk.text);
    expect(Buffer.byteLength(chunk.text)).toBeLessThanOrEqual(maxBytes);
  }
  return chunks;
}

describe('chunkText', () => {
  it('keeps a text that fits in one piece', () => {
    expect(chunkText('One short paragraph.\n\nAnother.', 1_000)).toEqual([
      { offset: 0, text: 'One short paragraph.\n\nAnother.' },
    ]);
  });

  it('cuts after paragraphs, packing as many as fit', () => {
    const text = 'First paragraph here.\n\nSecond one.\n\nThird paragraph, a bit longer.';
    const chunks = covers(text, 40);
    expect(chunks.map((chunk) => chunk.text)).toEqual([
      'First paragraph here.\n\nSecond one.\n\n',
      'Third paragraph, a bit longer.',
    ]);
  });

  it('cuts a paragraph too long for one piece after a sentence, then at a space', () => {
    const text = 'A first sentence. A second sentence that is long. Averyveryverylongwordwithoutspaces end';
    const chunks = covers(text, 30);
    expect(chunks[0]?.text).toBe('A first sentence. ');
    expect(chunks.map((chunk) => chunk.text).join('')).toBe(text);
  });

  it('measures UTF-8 bytes and never cuts a surrogate pair in half', () => {
    const text = `${'ü'.repeat(10)}${'😀'.repeat(10)}`;
    const chunks = covers(text, 9);
    expect(chunks.map((chunk) => chunk.text).join('')).toBe(text);
    for (const chunk of chunks) expect(chunk.text).not.toMatch(/^[\uDC00-\uDFFF]|[\uD800-\uDBFF]$/);
  });

  it('leaves out pieces that are only whitespace', () => {
    const text = `Start.\n\n${' '.repeat(50)}\n\nEnd.`;
    const chunks = covers(text, 20);
    expect(chunks.every((chunk) => chunk.text.trim() !== '')).toBe(true);
    expect(chunks.at(-1)?.text.trim()).toBe('End.');
  });
});
