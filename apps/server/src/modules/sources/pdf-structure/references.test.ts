import { describe, expect, it } from 'vitest';
import { parseReference } from './references';
import { joinLines } from './text-lines';

const entry = (text: string) =>
  parseReference(
    joinLines([
      { text, page: 4, box: { x0: 0, y0: 0, x1: 1, y1: 1 }, fontSize: 9, fontName: 'T', bold: false, italic: false },
    ]),
  );

describe('parseReference', () => {
  it('reads an APA entry', () => {
    expect(
      entry(
        'Müller, K., & van Dijk, J. (2018). Water in the city. Urban Studies, 55(3), 12–30. https://doi.org/10.1177/0042098017700000',
      ),
    ).toMatchObject({
      label: null,
      authors: ['Müller, K.', 'van Dijk, J.'],
      year: 2018,
      title: 'Water in the city',
      venue: 'Urban Studies',
      doi: '10.1177/0042098017700000',
      page: 4,
    });
  });

  it('reads a Vancouver entry', () => {
    expect(
      entry('12. Souza CM, Iser BM, Malta DC. Gestational diabetes in Brazil. Cad Saude Colet. 2023;31(3):e31030043.'),
    ).toMatchObject({
      label: '12',
      authors: ['Souza CM', 'Iser BM', 'Malta DC'],
      year: 2023,
      title: 'Gestational diabetes in Brazil',
      venue: 'Cad Saude Colet',
    });
  });

  it('reads an IEEE entry with a quoted title', () => {
    expect(
      entry(
        '[7] A. Gal, B. Eich, and M. Franz, “Trace trees for dynamic languages,” in Proc. PLDI, 2009, pp. 465–478.',
      ),
    ).toMatchObject({
      label: '7',
      authors: ['A. Gal', 'B. Eich', 'M. Franz'],
      year: 2009,
      title: 'Trace trees for dynamic languages',
      venue: 'Proc. PLDI',
    });
  });

  it('reads a German entry with "und"', () => {
    expect(
      entry('Schmidt, A. und Weber, B. (2015): Grundwasser im Wandel. Hydrologie und Wasserbewirtschaftung 59, 4–15.'),
    ).toMatchObject({
      authors: ['Schmidt, A.', 'Weber, B.'],
      year: 2015,
      title: 'Grundwasser im Wandel',
    });
  });
});
