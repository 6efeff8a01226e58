// Makes pdf.js read a page's text about a third faster, by changing one line of the pdf.js that unpdf bundles.
// Runs after every install (the root package.json's "postinstall"); running it again changes nothing.
//
// pdf.js works out where each glyph sits with getCurrentTextTransform(), twice per glyph:
// Util.transform(ctm, Util.transform(textMatrix, tsm)). With the inner call written out in place, the nested
// call's cost leaves the profile; why V8 handles it so badly was not worked out, and splitting the two calls
// into two statements did not help.
//
// The product written out is the same arithmetic in the same order as Util.transform, so every position, and so
// every text item, comes out bit for bit the same. pdf-text-patch.test.ts compares both builds over real papers.
//
// unpdf's bundle is minified, so the line is found by its shape, whatever its names. An unpdf whose pdf.js
// reads differently is left alone with a warning (pdf.js still works, only slower), and the test fails.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The changed line is written as `/*quire<*\/` new line `/*quire>` original line `*\/`: applied once, and reversible. */
const OPEN = '/*quire<*/';
const CHANGED = /\/\*quire<\*\/.*?\/\*quire>(.*?)\*\//;

/** `return U.transform(S.ctm,U.transform(S.textMatrix,T))}`: Util, the text state, the text-space matrix. */
const NESTED = /return (\w+)\.transform\((\w+)\.ctm,\1\.transform\(\2\.textMatrix,(\w+)\)\)\}/;

/** The inner Util.transform(m, t) written out: the same six products and sums in the same order. */
function writtenOut(util, state, tsm) {
  const m = 'quire$m';
  const product = [
    `${m}[0]*${tsm}[0]+${m}[2]*${tsm}[1]`,
    `${m}[1]*${tsm}[0]+${m}[3]*${tsm}[1]`,
    `${m}[0]*${tsm}[2]+${m}[2]*${tsm}[3]`,
    `${m}[1]*${tsm}[2]+${m}[3]*${tsm}[3]`,
    `${m}[0]*${tsm}[4]+${m}[2]*${tsm}[5]+${m}[4]`,
    `${m}[1]*${tsm}[4]+${m}[3]*${tsm}[5]+${m}[5]`,
  ];
  // A block, so it stands wherever the return statement stood.
  return `{const ${m}=${state}.textMatrix;return ${util}.transform(${state}.ctm,[${product.join(',')}])}`;
}

/**
 * pdf.js's source with the change: `state` is 'patched' when it was made now, 'already' when the source had it,
 * and 'unknown' when the line was not found (the source is returned unchanged).
 */
export function patchPdfjs(source) {
  if (source.includes(OPEN)) return { source, state: 'already' };
  const match = NESTED.exec(source);
  if (!match || NESTED.exec(source.slice(match.index + match[0].length))) return { source, state: 'unknown' };
  const [line, util, state, tsm] = match;
  const original = line.slice(0, -1);
  const changed = `${OPEN}${writtenOut(util, state, tsm)}/*quire>${original}*/}`;
  return { source: source.replace(line, () => changed), state: 'patched' };
}

/** pdf.js's source as unpdf ships it: the change taken out again (the test compares both). */
export function unpatchPdfjs(source) {
  return source.replace(CHANGED, (_, original) => original);
}

/** The file of the pdf.js that unpdf loads (`import('unpdf/pdfjs')`). */
export function pdfjsFile() {
  return fileURLToPath(import.meta.resolve('unpdf/pdfjs'));
}

/** Patches the installed pdf.js; never fails the install: without the change pdf.js works, only slower. */
function patchInstalled() {
  let file;
  try {
    file = pdfjsFile();
  } catch {
    console.warn('patch-pdfjs: unpdf is not installed here; nothing to patch.');
    return;
  }
  const { source, state } = patchPdfjs(readFileSync(file, 'utf8'));
  if (state === 'patched') writeFileSync(file, source);
  if (state === 'unknown') {
    console.warn(`patch-pdfjs: pdf.js in ${file} reads text differently than expected; left as it is (slower).`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) patchInstalled();
