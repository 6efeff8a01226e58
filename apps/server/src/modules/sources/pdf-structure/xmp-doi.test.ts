import { afterAll, describe, expect, it } from 'vitest';
import { makePdf } from '../../../test/make-pdf';
import { withXmp, xmpPacket } from '../../../test/xmp-pdf';
import { extractPdf } from '../pdf-extract';
import { createPdfTextPool } from '../pdf-text-pool';
import { doiInXmp } from './publication';

const packet = xmpPacket;

describe('doiInXmp', () => {
  it('reads the DOI publishers write into XMP, in each of their forms', () => {
    expect(doiInXmp(packet('<prism:doi>10.1016/j.jhydrol.2020.125104</prism:doi>'))).toBe(
      '10.1016/j.jhydrol.2020.125104',
    );
    expect(doiInXmp(packet('<crossmark:DOI>10.1007/S00265-019-2701-9</crossmark:DOI>'))).toBe(
      '10.1007/s00265-019-2701-9',
    );
    expect(
      doiInXmp(packet('<dc:identifier><rdf:Bag><rdf:li>doi:10.1111/ecog.04512</rdf:li></rdf:Bag></dc:identifier>')),
    ).toBe('10.1111/ecog.04512');
    expect(doiInXmp(packet('<prism:url>https://doi.org/10.1038/s41586-021-03819-2</prism:url>'))).toBe(
      '10.1038/s41586-021-03819-2',
    );
    expect(doiInXmp(packet('<pdfx:doi>10.1002/(SICI)1097-0258&amp;x</pdfx:doi>'))).toBe('10.1002/(sici)1097-0258&x');
  });

  it('finds none where the XMP names no DOI, or only mentions one outside those properties', () => {
    expect(doiInXmp('')).toBeNull();
    expect(doiInXmp(packet('<dc:title>Soil erosion</dc:title><xmp:CreatorTool>LaTeX</xmp:CreatorTool>'))).toBeNull();
    expect(doiInXmp(packet('<dc:description>Cites 10.1000/elsewhere</dc:description>'))).toBeNull();
  });
});

describe("a PDF's XMP DOI", () => {
  const pool = createPdfTextPool(1);
  afterAll(() => pool.close());
  const bytes = withXmp(
    makePdf([['A page of text about soil erosion.']]),
    packet('<prism:doi>10.5194/hess-25-1-2021</prism:doi>'),
  );

  it('is read by the page-reading threads and without them', async () => {
    expect((await extractPdf(bytes, { textPool: pool })).doi).toBe('10.5194/hess-25-1-2021');
    expect((await extractPdf(bytes)).doi).toBe('10.5194/hess-25-1-2021');
  });

  it('is null for a PDF without XMP', async () => {
    expect((await extractPdf(makePdf([['No metadata here at all.']]))).doi).toBeNull();
  });
});
