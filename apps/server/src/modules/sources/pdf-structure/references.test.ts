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
      entry('12. Lima RT, Costa AP, Reis JM. Anaemia in pregnant women. Rev Bras Epidemiol. 2019;22(2):e190014.'),
    ).toMatchObject({
      label: '12',
      authors: ['Lima RT', 'Costa AP', 'Reis JM'],
      year: 2019,
      title: 'Anaemia in pregnant women',
      venue: 'Rev Bras Epidemiol',
    });
  });

  it('reads an IEEE entry with a quoted title', () => {
    expect(
      entry('[7] K. Olsen, T. Baker, and R. Iqbal, “Fast parsers for small languages,” in Proc. CC, 2012, pp. 65–78.'),
    ).toMatchObject({
      label: '7',
      authors: ['K. Olsen', 'T. Baker', 'R. Iqbal'],
      year: 2012,
      title: 'Fast parsers for small languages',
      venue: 'Proc. CC',
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
