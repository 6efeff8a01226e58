import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sourceChunks } from '../../db/schema';
import { corpusPdf } from '../../test/corpus';
import { uploadDocument } from '../../test/document-upload';
import { OidcBrowser } from '../../test/oidc-browser';
import { startTestApp, type TestApp } from '../../test/test-app';

let test: TestApp;
let token: string;
beforeAll(async () => {
  test = await startTestApp();
  token = (
    await new OidcBrowser(test.baseUrl).signUp({ name: 'Reader', email: 'reader@example.org', password: 'reads-a-lot' })
  ).access_token;
});
afterAll(() => test.close());

async function uploadAndProcess(bytes: Buffer) {
  return (await uploadDocument(test, token, bytes)).row;
}

describe('uploading real papers', () => {
  it.each([
    ['scienceparse_map-reduce.pdf', 'en', 'english', 'reduce & intermediate'],
    ['scielo_tinf-33-e200057_es.pdf', 'es', 'spanish', 'ayuntamientos'],
    ['scielo_a3_diabetes_gestacional_pt.pdf', 'pt', 'portuguese', 'diabetes'],
    ['grobid_MullenJSSv18i03_timp.pdf', 'en', 'english', 'spectroscopic'],
    ['paperqa_pasa_arxiv2501.10120.pdf', 'en', 'english', 'agent'],
  ])('indexes the real paper %s in its language, searchable by its subject', async (file, language, config, term) => {
    const row = await uploadAndProcess(corpusPdf(file));
    expect(row).toMatchObject({ state: 'usable', language });
    const chunks = await test.database.db
      .select({ searchConfig: sourceChunks.searchConfig })
      .from(sourceChunks)
      .where(eq(sourceChunks.sourceId, row?.id ?? ''));
    expect(chunks.every((chunk) => chunk.searchConfig === config)).toBe(true);
    const hits = await test.database.db
      .select({ id: sourceChunks.id })
      .from(sourceChunks)
      .where(
        sql`${sourceChunks.sourceId} = ${row?.id} and ${sourceChunks.searchConfig} = ${config} and ${sourceChunks.searchVector} @@ to_tsquery(${config}::regconfig, ${term})`,
      );
    expect(hits.length).toBeGreaterThan(0);
  });
});
