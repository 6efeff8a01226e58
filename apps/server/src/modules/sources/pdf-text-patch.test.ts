import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { patchPdfjs, pdfjsFile, unpatchPdfjs } from '../../../scripts/patch-pdfjs.mjs';
import { paperPdf } from '../../test/generated-pdf';
import { makePdf } from '../../test/make-pdf';
import { textItemsBothWays } from '../../test/pdfjs-both-ways';
import { MAP_REDUCE_PAPER, SPANISH_PAPER } from '../../test/test-papers';

const installed = readFileSync(pdfjsFile(), 'utf8');

describe('the change to pdf.js that makes reading text faster', () => {
  it('is in the pdf.js that unpdf loads (the install applies it)', () => {
    expect(patchPdfjs(installed).state).toBe('already');
    expect(unpatchPdfjs(installed)).not.toBe(installed);
  });

  it('is applied once, taken out exactly, and leaves a pdf.js it does not know alone', () => {
    const original = unpatchPdfjs(installed);
    expect(patchPdfjs(original)).toEqual({ source: installed, state: 'patched' });
    expect(patchPdfjs(installed).source).toBe(installed);
    const changedElsewhere = original.replace('.textMatrix,', '.textMatrix ,');
    expect(patchPdfjs(changedElsewhere)).toEqual({ source: changedElsewhere, state: 'unknown' });
  });

  it('reads every text item of generated papers exactly as pdf.js without it', async () => {
    const files = [
      await paperPdf(MAP_REDUCE_PAPER),
      await paperPdf(SPANISH_PAPER),
      makePdf([
        ['Die Bodenerosion in den Mittelgebirgen nimmt zu.', 'Größere Niederschläge spülen Feinboden ab.'],
        ['A second page, with numbers: 1.5 2.25 3.125'],
      ]),
    ].map((bytes) => new Uint8Array(bytes));
    const [patched, original] = await textItemsBothWays(files);
    expect(patched).toEqual(original);
    expect(patched.flat(2).length).toBeGreaterThan(100);
  });
});
