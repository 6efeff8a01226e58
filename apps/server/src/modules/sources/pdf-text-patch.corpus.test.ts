import { describe, expect, it } from 'vitest';
import { corpusPdf, corpusPdfNames } from '../../test/corpus';
import { textItemsBothWays } from '../../test/pdfjs-both-ways';

describe('the change to pdf.js that makes reading text faster, on real papers', () => {
  it('reads every text item of the real papers exactly as pdf.js without it', async () => {
    const files = corpusPdfNames().map((name) => new Uint8Array(corpusPdf(name)));
    expect(files.length).toBeGreaterThanOrEqual(5);
    const [patched, original] = await textItemsBothWays(files);
    expect(patched).toEqual(original);
    expect(patched.flat(2).length).toBeGreaterThan(1000);
  });
});
