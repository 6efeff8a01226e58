import { describe, expect, it } from 'vitest';
import { findDoi, findYear } from './publication';
import { layoutPage } from './synthetic-layouts';

const pageWith = (...lines: string[]) => [
  layoutPage(
    1,
    lines.map((line) => ({ lines: [line], size: 9 })),
  ),
];

describe('findDoi', () => {
  it('takes a labelled DOI over a bare one and drops trailing punctuation', () => {
    expect(
      findDoi(
        pageWith('See 10.1000/cited.7 for the data.', 'Cite as: https://doi.org/10.4321/S1135-57272011000100003.'),
      ),
    ).toBe('10.4321/s1135-57272011000100003');
    expect(findDoi(pageWith('DOI 10.1234/abcd-ef.56'))).toBe('10.1234/abcd-ef.56');
    expect(findDoi(pageWith('Available at 10.1000/xyz123;'))).toBe('10.1000/xyz123');
  });

  it('looks only at the first pages', () => {
    const pages = [
      layoutPage(1, [{ lines: ['A paper without a DOI'] }]),
      layoutPage(2, [{ lines: ['Still none.'] }]),
      layoutPage(3, [{ lines: ['[4] A cited work. doi:10.1000/cited.1'] }]),
    ];
    expect(findDoi(pages)).toBeNull();
  });
});

describe('findYear', () => {
  it.each([
    [['© 2016 The Authors', 'as Smith (2009) showed'], 2016],
    [['arXiv:1901.00001v1 [cs.LG] 3 Jan 2019', 'as in (Lee et al., 2018)'], 2019],
    [['Rev Med Chile 2011;139(4):12-20'], 2011],
    [['Water Research 45 (2011) 10–22'], 2011],
    [['Received 2 May 2010; accepted 9 June 2011'], 2011],
    [['Anno Accademico 2012-2013'], 2013],
    [['München, März 2015'], 2015],
    [['Utrecht, oktober 2016'], 2016],
    [['ECOOP’14, July 28–August 1, 2014, Uppsala, Sweden.'], 2014],
    [['To appear in SOSP 2011', 'as Lamport (1978) showed'], 2011],
    [['We count 2,450 mothers in 38 cities.'], null],
  ])('reads %j as %s', (lines, year) => {
    expect(findYear(pageWith(...lines))).toBe(year);
  });
});
