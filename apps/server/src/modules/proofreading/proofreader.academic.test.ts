import { beforeAll, describe, expect, it } from 'vitest';
import { academicSpans } from './academic-text';
import { createBuiltinProofreader } from './proofreader';

// Issue #29 items 1 and 2, on the real checkers: a text consistently in one variant is not flagged for it,
// mixing is a style note, and citations, names, initials, identifiers, formulas and code are not errors.
const proofreader = createBuiltinProofreader();
beforeAll(() => proofreader.warm(), 120_000);

async function flagged(text: string, language: 'en' | 'de' | 'es', variant?: 'en-US' | 'en-GB' | 'de-DE') {
  const result = await proofreader.check({ text, language, variant });
  return {
    variant: result.variant,
    issues: result.issues.map((issue) => ({
      found: text.slice(issue.offset, issue.offset + issue.length),
      rule: issue.rule,
      first: issue.suggestions[0],
    })),
  };
}

const BRITISH =
  'The centre analysed the behaviour of forty teams and catalogued their colour schemes. The programme ' +
  'was organised so that travelling staff could recognise each licence holder.';
const AMERICAN =
  'The center analyzed the behavior of forty teams and cataloged their color schemes. The program was ' +
  'organized so that traveling staff could recognize each license holder.';

describe('English variants', () => {
  it('checks British prose as British even when American English is the default, and flags nothing', async () => {
    expect(await flagged(BRITISH, 'en')).toEqual({ variant: 'en-GB', issues: [] });
    expect(await flagged(BRITISH, 'en', 'en-US')).toEqual({ variant: 'en-GB', issues: [] });
  });

  it('checks American prose as American when British English is chosen, and flags nothing', async () => {
    expect(await flagged(AMERICAN, 'en', 'en-GB')).toEqual({ variant: 'en-US', issues: [] });
  });

  it('notes a word of the other variant as style, with the text’s own spelling first', async () => {
    const { variant, issues } = await flagged(`${AMERICAN} One colour stood out.`, 'en');
    expect(variant).toBe('en-US');
    expect(issues).toEqual([{ found: 'colour', rule: 'VARIANT_MIX', first: 'color' }]);
  });

  it('still flags a real misspelling in British prose', async () => {
    const { issues } = await flagged(`${BRITISH} We recieved the forms.`, 'en', 'en-GB');
    expect(issues).toEqual([{ found: 'recieved', rule: 'HUNSPELL', first: 'received' }]);
  });
});

describe('academic text', () => {
  it('leaves citations, names, initials, Latin abbreviations, identifiers, formulas and code alone', async () => {
    const text =
      'Okafor et al. (2019) and Dupont (2021, p. 4) disagree with Müller, cf. [3, 7]; see also ' +
      '(Nakagawa & Schielzeth, 2013), i.e. the mixed model of A. A. Brennan, e.g. with p < .05 and ' +
      '$\\beta_1 = 0.3$. The data are at https://doi.org/10.5281/zenodo.99 and `lmer(y ~ x)`; ask ' +
      'k.okafor@example.ac.uk, ibid.';
    expect((await flagged(text, 'en')).issues).toEqual([]);
  });

  it('treats an unknown capitalised word inside a sentence as a name, but flags a lower-case typo', async () => {
    expect((await flagged('We thank Wojciechowska and Abernathy for the data.', 'en')).issues).toEqual([]);
    expect((await flagged('We thank them for the dta.', 'en')).issues.map((issue) => issue.found)).toEqual(['dta']);
  });

  it('in German, leaves names alone but flags a noun one letter off', async () => {
    expect((await flagged('Laut Smith et al. (2020) hat Wojciechowski recht.', 'de')).issues).toEqual([]);
    const { issues } = await flagged('Das ist ein wichtiger Aspeckt.', 'de');
    expect(issues).toEqual([{ found: 'Aspeckt', rule: 'HUNSPELL', first: 'Aspekt' }]);
  });

  it('does not undo the corrected Spanish “Más aún si”', async () => {
    expect((await flagged('Más aún si el grupo es pequeño, el efecto se nota.', 'es')).issues).toEqual([]);
    const { issues } = await flagged('Aún así, el efecto se nota.', 'es');
    expect(issues.map((issue) => [issue.found, issue.first])).toEqual([['Aún', 'Aun']]);
  });

  it('skips a reference list after its heading', () => {
    const text = 'Body text here.\n\nReferences\n\nSmith, J. (2020). A titel. Journal, 1(2), 3–4.';
    const spans = academicSpans(text);
    expect(spans.some((span) => span.start <= text.indexOf('References') && span.end === text.length)).toBe(true);
    expect(spans.some((span) => span.start <= 5 && span.end > 5)).toBe(false);
  });
});
