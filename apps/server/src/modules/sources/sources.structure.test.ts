import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sourceChunks, sources } from '../../db/schema';
import { uploadDocument } from '../../test/document-upload';
import { bearer } from '../../test/fixtures';
import { paperPdf } from '../../test/generated-pdf';
import { OidcBrowser } from '../../test/oidc-browser';
import { readBody, startTestApp, type TestApp } from '../../test/test-app';
import { withXmp, xmpPacket } from '../../test/xmp-pdf';
import { spanQuotable } from '../../text/chunking';
import { retrievePassages } from './sources.retrieval';

const PAPER = {
  title: 'Cover Crops and Soil Erosion in Alpine River Basins',
  authors: ['Ana van der Berg', 'Luca Bianchi'],
  year: 2021,
  abstract:
    'Winter cover crops reduce the loss of topsoil on sloping fields. We measured sediment in six alpine basins over three winters and compare fields with and without cover.',
  sections: [
    {
      heading: 'Introduction',
      paragraphs: [
        'Heavy rain on bare fields washes fertile topsoil into the rivers. Farmers in the valleys have sown rye and clover after the maize harvest for a decade, but the effect on sediment has rarely been measured in the mountains.',
      ],
    },
    {
      heading: 'Results',
      paragraphs: [
        'Fields under rye lost about a third less sediment than bare fields in every basin. The difference was largest after the snowmelt in March, when the soil is saturated and the slopes are steepest.',
      ],
    },
    {
      heading: 'References',
      paragraphs: [
        '[1] M. Keller and P. Rossi. Sediment yield of glacial catchments. Journal of Hydrology, 512:44-58, 2014.',
        '[2] S. Novak. Snowmelt floods and orchard terraces. Catena, 97:12-20, 2012.',
      ],
    },
  ],
};

let test: TestApp;
let token: string;
let otherToken: string;
beforeAll(async () => {
  test = await startTestApp();
  token = (
    await new OidcBrowser(test.baseUrl).signUp({
      name: 'Reader',
      email: 'structure@example.org',
      password: 'reads-papers',
    })
  ).access_token;
  otherToken = (
    await new OidcBrowser(test.baseUrl).signUp({ name: 'Other', email: 'other@example.org', password: 'reads-others' })
  ).access_token;
}, 60_000);
afterAll(() => test.close());

async function upload(pdf: Buffer): Promise<string> {
  return (await uploadDocument(test, token, pdf)).created.id;
}

describe("a document's XMP metadata", () => {
  it('gives the structure the DOI it names, before any printed on the pages', async () => {
    const doi = '10.5194/hess-25-1-2021';
    const pdf = withXmp(await paperPdf(PAPER), xmpPacket(`<prism:doi>${doi}</prism:doi>`));
    const id = await upload(Buffer.from(pdf));
    const response = await test.request(`/doc/documents/${id}/structure`, { headers: bearer(token) });
    expect((await readBody(response)).data.doi).toBe(doi);
  });
});

describe("a document's structure", () => {
  let id: string;
  beforeAll(async () => {
    id = await upload(await paperPdf(PAPER));
  }, 60_000);

  it('is read when the document is processed and answered to its owner only', async () => {
    const response = await test.request(`/doc/documents/${id}/structure`, { headers: bearer(token) });
    expect(response.status).toBe(200);
    const { data } = await readBody(response);
    expect(data.title).toBe(PAPER.title);
    expect(data.authors).toEqual(PAPER.authors);
    expect(data.abstract).toContain('Winter cover crops reduce the loss of topsoil');
    expect(data.references.map((reference: { label: string | null }) => reference.label)).toEqual(['1', '2']);
    // The text itself stays on the server: a book's sentences would be megabytes.
    expect(data).not.toHaveProperty('sentences');
    expect(data).not.toHaveProperty('paragraphs');
    const other = await test.request(`/doc/documents/${id}/structure`, { headers: bearer(otherToken) });
    expect(other.status).toBe(404);
  });

  it("titles the source from its first page and keeps its authors' particles", async () => {
    const [row] = await test.database.db.select().from(sources).where(eq(sources.id, id));
    expect(row).toMatchObject({ state: 'usable', title: PAPER.title, authors: PAPER.authors });
  });

  it('indexes the text without its title lines, and the references apart', async () => {
    const passages = await test.database.db.select().from(sourceChunks).where(eq(sourceChunks.sourceId, id));
    const body = passages
      .filter((passage) => passage.section === 'body')
      .map((passage) => passage.text)
      .join(' ');
    expect(body).toContain('Winter cover crops reduce');
    expect(body).toContain('Fields under rye lost about a third less sediment');
    expect(body).not.toContain('Ana van der Berg');
    expect(body).not.toContain('Journal of Hydrology');
    const references = await test.database.db
      .select()
      .from(sourceChunks)
      .where(and(eq(sourceChunks.sourceId, id), eq(sourceChunks.section, 'references')));
    expect(references.map((passage) => passage.text).join(' ')).toContain('Sediment yield of glacial catchments');
  });

  it('indexes the headings with the body but marks them as not to be quoted', async () => {
    const [passage] = await test.database.db
      .select()
      .from(sourceChunks)
      .where(and(eq(sourceChunks.sourceId, id), eq(sourceChunks.section, 'body')));
    if (!passage) throw new Error('no passage');
    const quoted = (words: string) => {
      const at = passage.text.indexOf(words);
      expect(at).toBeGreaterThanOrEqual(0);
      return spanQuotable(passage, at, at + words.length);
    };
    expect(quoted('Results')).toBe(false);
    expect(quoted('Introduction')).toBe(false);
    expect(quoted('Fields under rye lost about a third less sediment')).toBe(true);
    expect(quoted('Winter cover crops reduce the loss of topsoil')).toBe(true);
  });

  it('answers from the references only when the question is about them', async () => {
    const about = await retrievePassages(test.database.db, {
      sourceId: id,
      question: 'glacial catchments sediment yield',
    });
    expect(about.map((passage) => passage.text).join(' ')).not.toContain('Journal of Hydrology');
    const cited = await retrievePassages(test.database.db, {
      sourceId: id,
      question: 'Which references on glacial catchments are cited?',
    });
    expect(cited.map((passage) => passage.text).join(' ')).toContain('Journal of Hydrology');
  });
});
