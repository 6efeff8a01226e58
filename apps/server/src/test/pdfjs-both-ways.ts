import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { pdfjsFile, unpatchPdfjs } from '../../scripts/patch-pdfjs.mjs';

type TextItems = unknown[][][];

/** Every text item of every page of each file, positions and all, as the pdf.js module at `pdfjs` reads them. */
function textItems(pdfjs: string, files: Uint8Array[]): Promise<TextItems> {
  return new Promise((resolve, reject) => {
    const reader = new Worker(new URL('./pdfjs-text-items.mjs', import.meta.url), { workerData: { pdfjs, files } });
    reader.once('message', resolve);
    reader.once('error', reject);
  });
}

/** The text items of `files` as the installed (patched) pdf.js reads them, and as the original does. */
export async function textItemsBothWays(files: Uint8Array[]): Promise<[patched: TextItems, original: TextItems]> {
  const folder = mkdtempSync(join(tmpdir(), 'quire-pdfjs-'));
  try {
    const originalFile = join(folder, 'pdfjs-original.mjs');
    writeFileSync(originalFile, unpatchPdfjs(readFileSync(pdfjsFile(), 'utf8')));
    return await Promise.all([
      textItems(pathToFileURL(pdfjsFile()).href, files),
      textItems(pathToFileURL(originalFile).href, files),
    ]);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
