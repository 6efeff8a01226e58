import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { patchPdfjs, pdfjsFile, unpatchPdfjs } from '../../../scripts/patch-pdfjs.mjs';
import { fixturePdf, fixturePdfNames } from '../../test/fixtures';
import { makePdf } from '../../test/make-pdf';

const installed = readFileSync(pdfjsFile(), 'utf8');
const folder = mkdtempSync(join(tmpdir(), 'quire-pdfjs-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Every text item of every page of each file, positions and all, as the pdf.js module at `pdfjs` reads them. */
function textItems(pdfjs: string, files: Uint8Array[]): Promise<unknown[][][]> {
  return new Promise((resolve, reject) => {
    const reader = new Worker(new URL('../../test/pdfjs-text-items.mjs', import.meta.url), {
      workerData: { pdfjs, files },
    });
    reader.once('message', resolve);
    reader.once('error', reject);
  });
}

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

  it('reads every text item of real papers and generated files exactly as pdf.js without it', async () => {
    const originalFile = join(folder, 'pdfjs-original.mjs');
    writeFileSync(originalFile, unpatchPdfjs(installed));
    const files = fixturePdfNames().map((name) => new Uint8Array(fixturePdf(name)));
    expect(files.length).toBeGreaterThanOrEqual(5);
    files.push(
      new Uint8Array(
        makePdf([
          ['Die Bodenerosion in den Mittelgebirgen nimmt zu.', 'Größere Niederschläge spülen Feinboden ab.'],
          ['A second page, with numbers: 1.5 2.25 3.125'],
        ]),
      ),
    );
    const [patched, original] = await Promise.all([
      textItems(pathToFileURL(pdfjsFile()).href, files),
      textItems(pathToFileURL(originalFile).href, files),
    ]);
    expect(patched).toEqual(original);
    expect(patched.flat(2).length).toBeGreaterThan(1000);
  });
});
