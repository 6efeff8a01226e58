import { describe, expect, it } from 'vitest';
import { placeSentences, sentenceSpans } from './sentences';
import { joinLines } from './text-lines';

const split = (text: string, language: string) =>
  sentenceSpans(text, language).map(({ start, end }) => text.slice(start, end));

describe('sentenceSpans', () => {
  it.each([
    ['en', 'As Smith et al. showed, the rate is 3.14 (Fig. 2). It rises, e.g. in May. Done.', 3],
    ['de', 'Das gilt z. B. im Winter. Vgl. Abb. 3 und Tab. 2. Fertig.', 3],
    ['fr', 'Voir p. ex. la Fig. 4 et cf. le tableau. Ceci est une phrase. Fin.', 3],
    ['es', 'Como indica Pérez et al. (2010), el valor es 2,5. Ver p. ej. la Tabla 1. Fin.', 3],
    ['it', 'Si veda ad es. la Fig. 3 del Cap. 2. Il valore è 0,75. Fine.', 3],
    ['nl', 'Dit geldt bijv. in de winter, d.w.z. van dec. tot feb. Zie Fig. 2. Klaar.', 3],
    ['pt', 'Segundo Silva et al. (2020), a taxa é 45,3%. Ver p. ex. a Fig. 1. Fim.', 3],
  ])('keeps abbreviations and decimals inside sentences (%s)', (language, text, count) => {
    const sentences = split(text, language);
    expect(sentences).toHaveLength(count);
    expect(sentences.join(' ')).toBe(text);
  });

  it('does not split after an initial', () => {
    expect(split('J. Smith wrote it. Then A. B. Jones replied.', 'en')).toEqual([
      'J. Smith wrote it.',
      'Then A. B. Jones replied.',
    ]);
  });
});

describe('placeSentences', () => {
  const line = (text: string, page: number, y: number) => ({
    text,
    page,
    box: { x0: 50, y0: y, x1: 300, y1: y + 10 },
    fontSize: 10,
    fontName: 'Times',
    bold: false,
    italic: false,
  });

  it('gives each sentence its first page, last page and the box of its lines on the first page', () => {
    const run = joinLines([
      line('The first sentence. The second one runs', 1, 700),
      line('over the page break. Third.', 2, 60),
    ]);
    expect(placeSentences(run, 'body', 'en')).toEqual([
      { text: 'The first sentence.', page: 1, pageEnd: 1, box: { x0: 50, y0: 700, x1: 300, y1: 710 }, kind: 'body' },
      {
        text: 'The second one runs over the page break.',
        page: 1,
        pageEnd: 2,
        box: { x0: 50, y0: 700, x1: 300, y1: 710 },
        kind: 'body',
      },
      { text: 'Third.', page: 2, pageEnd: 2, box: { x0: 50, y0: 60, x1: 300, y1: 70 }, kind: 'body' },
    ]);
  });

  it('boxes a sentence that goes on in the next column by its lines in the first column', () => {
    const right = (text: string, y: number) => ({ ...line(text, 1, y), box: { x0: 310, y0: y, x1: 540, y1: y + 10 } });
    const run = joinLines([
      line('A sentence that starts low in the left', 1, 750),
      right('column and ends at the top of the right.', 80),
    ]);
    expect(placeSentences(run, 'body', 'en')).toEqual([
      expect.objectContaining({ page: 1, pageEnd: 1, box: { x0: 50, y0: 750, x1: 300, y1: 760 } }),
    ]);
  });

  it('joins a word hyphenated at a line end', () => {
    const run = joinLines([line('The infor-', 1, 100), line('mation flows.', 1, 112)]);
    expect(run.text).toBe('The information flows.');
  });
});
