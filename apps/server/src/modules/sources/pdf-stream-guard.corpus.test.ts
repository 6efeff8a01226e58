import { describe, expect, it } from 'vitest';
import { corpusPdf, corpusPdfNames } from '../../test/corpus';
import { assertStreamsFit } from './pdf-stream-guard';

describe('the stream guard', () => {
  it('lets every real paper of the corpus through', async () => {
    const names = corpusPdfNames();
    expect(names.length).toBeGreaterThanOrEqual(5);
    for (const name of names) await expect(assertStreamsFit(new Uint8Array(corpusPdf(name)))).resolves.toBeUndefined();
  });
});
