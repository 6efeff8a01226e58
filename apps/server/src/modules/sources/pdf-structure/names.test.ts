import { describe, expect, it } from 'vitest';
import { looksLikeName, namesOnLine } from './names';

describe('namesOnLine', () => {
  it.each([
    [
      'Anna K. Berger1, Jonas van der Berg2,* and Lea Schmidt1',
      ['Anna K. Berger', 'Jonas van der Berg', 'Lea Schmidt'],
    ],
    ['Mei Chen∗1 Rahul Gupta†2 Sofia Rossi1 Wei E2', ['Mei Chen', 'Rahul Gupta', 'Sofia Rossi', 'Wei E']],
    ['Pierre Dubois et Claire Martin', ['Pierre Dubois', 'Claire Martin']],
    ['Juan Pérez y María López', ['Juan Pérez', 'María López']],
    ['João Silva e Ana Costa', ['João Silva', 'Ana Costa']],
    ['Jan de Vries en Pieter Jansen', ['Jan de Vries', 'Pieter Jansen']],
    ['Markus Weber und Eva Müller', ['Markus Weber', 'Eva Müller']],
    ['Clara M. Hofmann Tom J. de Groot', ['Clara M. Hofmann', 'Tom J. de Groot']],
    ['Peter R. O’Brien1, Ana dos Santos2', ['Peter R. O’Brien', 'Ana dos Santos']],
    ['Prof. Dr. Karl Huber', ['Karl Huber']],
    ['MARTA GÓMEZ-RUIZ1 and LUIS SOTO2', ['MARTA GÓMEZ-RUIZ', 'LUIS SOTO']],
  ])('reads %s', (line, names) => {
    expect(namesOnLine(line).names).toEqual(names);
  });

  it('keeps an affiliation in brackets apart', () => {
    expect(namesOnLine('Ana Lima (University of Porto), Rui Sá (Instituto Superior Técnico)')).toEqual({
      names: ['Ana Lima', 'Rui Sá'],
      rest: ['University of Porto', 'Instituto Superior Técnico'],
    });
  });

  it('keeps an affiliation after a name apart', () => {
    expect(namesOnLine('ELENA ROSSI, University of Turin, Italy')).toEqual({
      names: ['ELENA ROSSI'],
      rest: ['University of Turin', 'Italy'],
    });
  });

  it('takes lettered markers off only when the affiliations are lettered and every name carries one', () => {
    expect(namesOnLine('Carlos Ruiza,b,*, Marta Gómezb', new Set(['a', 'b'])).names).toEqual([
      'Carlos Ruiz',
      'Marta Gómez',
    ]);
    expect(namesOnLine('Carla Silva, Tom Berg', new Set(['a', 'b'])).names).toEqual(['Carla Silva', 'Tom Berg']);
  });
});

describe('looksLikeName', () => {
  it.each([
    ['Department of Physics', false],
    ['Politecnico di Torino', false],
    ['Paper Search', false],
    ['the results of', false],
    ['Anke J. P. van Houten', true],
    ['Min-Jae Park', true],
  ])('%s → %s', (candidate, expected) => {
    expect(looksLikeName(candidate)).toBe(expected);
  });
});
