import { describe, expect, it } from 'vitest';
import { cleanName, displayName, invertedName, parseName } from './names';

describe('the one name model', () => {
  it('reads particles, suffixes, organisations and compound surnames', () => {
    expect(parseName('van der Berg, Anna')).toEqual({
      family: 'Berg',
      given: 'Anna',
      'non-dropping-particle': 'van der',
    });
    expect(parseName('Anna van der Berg')).toEqual({
      family: 'Berg',
      given: 'Anna',
      'non-dropping-particle': 'van der',
    });
    expect(parseName('Ivo H. M. van Stokkum')).toEqual({
      given: 'Ivo H. M.',
      family: 'Stokkum',
      'non-dropping-particle': 'van',
    });
    expect(parseName('García Márquez, Gabriel')).toEqual({ family: 'García Márquez', given: 'Gabriel' });
    expect(parseName('King, Jr., Martin Luther')).toEqual({ family: 'King', given: 'Martin Luther', suffix: 'Jr.' });
    expect(parseName('{World Health Organization}')).toEqual({ literal: 'World Health Organization' });
    expect(parseName('Müller, Jürgen')).toEqual({ family: 'Müller', given: 'Jürgen' });
    expect(parseName('Aristotle')).toEqual({ literal: 'Aristotle' });
  });

  it('writes a name back in reading order and inverted, losing no part', () => {
    const names = [
      'van der Berg, Anna',
      'García Márquez, Gabriel',
      'King, Jr., Martin Luther',
      '{Médecins Sans Frontières}',
    ];
    expect(names.map((name) => displayName(parseName(name)))).toEqual([
      'Anna van der Berg',
      'Gabriel García Márquez',
      'Martin Luther King Jr.',
      'Médecins Sans Frontières',
    ]);
    expect(names.map((name) => invertedName(parseName(name)))).toEqual([
      'van der Berg, Anna',
      'García Márquez, Gabriel',
      'King, Martin Luther, Jr.',
      'Médecins Sans Frontières',
    ]);
  });

  it('treats a family name alone as an organisation and drops empty parts', () => {
    expect(cleanName({ family: 'World Health Organization' })).toEqual({ literal: 'World Health Organization' });
    expect(cleanName({ family: ' Smith ', given: '', suffix: ' ' })).toEqual({ literal: 'Smith' });
    expect(cleanName({ family: 'Smith', given: 'Jo  Ann' })).toEqual({ family: 'Smith', given: 'Jo Ann' });
    expect(cleanName({ given: ' ' })).toBeNull();
  });
});
