import { describe, expect, it } from 'vitest';
import { splitSentences, splitWords } from './segment';

describe('splitSentences', () => {
  it('splits English sentences and keeps abbreviations inside them', () => {
    expect(
      splitSentences(
        'Soil erodes fast, e.g. on slopes. Rain makes it worse! Does terracing help? Yes, cf. Smith et al. 2010.',
      ),
    ).toEqual([
      'Soil erodes fast, e.g. on slopes.',
      'Rain makes it worse!',
      'Does terracing help?',
      'Yes, cf. Smith et al. 2010.',
    ]);
  });

  it('does not end a German sentence after z. B. or vgl.', () => {
    expect(
      splitSentences('Viele Faktoren, z. B. Regen, spielen mit. Das zeigt die Studie (vgl. Abb. 3).', 'de'),
    ).toEqual(['Viele Faktoren, z. B. Regen, spielen mit.', 'Das zeigt die Studie (vgl. Abb. 3).']);
  });

  it('joins lines broken inside a sentence', () => {
    expect(splitSentences('Le sol\ns’érode vite.\nLa pluie aggrave tout.', 'fr')).toEqual([
      'Le sol s’érode vite.',
      'La pluie aggrave tout.',
    ]);
  });
});

describe('splitWords', () => {
  it('lower-cases words in the language and leaves out numbers and punctuation', () => {
    expect(splitWords('Die Größe — 42 Äpfel, l’été!', 'de')).toEqual(['die', 'größe', 'äpfel', 'l’été']);
  });
});
