import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { UPLOAD_MAX_BYTES } from '@quire/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sources } from '../db/schema';
import { type FakeS3, startFakeS3 } from '../test/fake-s3';
import { bearer } from '../test/fixtures';
import { OidcBrowser } from '../test/oidc-browser';
import { readBody, startTestApp, type TestApp } from '../test/test-app';
import { mapReducePaperPdf } from '../test/test-papers';

let fake: FakeS3;
let test: TestApp;
let token: string;
beforeAll(async () => {
  fake = await startFakeS3();
  test = await startTestApp({ env: fake.env() });
  token = (
    await new OidcBrowser(test.baseUrl).signUp({ name: 'Stored', email: 'stored@example.org', password: 'kept-in-s3' })
  ).access_token;
});
afterAll(async () => {
  await test.close();
  await fake.close();
});

function upload(bytes: Buffer, filename = 'paper.pdf', as = token) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), filename);
  return test.request('/doc/upload/document', { method: 'POST', body: form, headers: bearer(as) });
}

const localBlobs = () => {
  const root = join(test.config.dataDir, 'blobs');
  return existsSync(root) ? readdirSync(root, { recursive: true }) : [];
};

describe('uploads with S3_* set', () => {
  it('go to the bucket, are processed from there, download through the signed link and leave with deletion', async () => {
    const bytes = await mapReducePaperPdf();
    const response = await upload(bytes, 'map-reduce.pdf');
    expect(response.status).toBe(201);
    const { data: created } = await readBody(response);
    const [row] = await test.database.db.select().from(sources).where(eq(sources.id, created.id));
    const key = row?.blobKey ?? '';
    expect(key).toContain(created.id);
    expect(fake.objects.get(key)?.equals(bytes)).toBe(true);
    expect(row?.bytes).toBe(bytes.length);
    expect(localBlobs()).toEqual([]);

    fake.calls.length = 0;
    await test.app.jobs.drain();
    expect(fake.calls).toContainEqual({ operation: 'GetObject', key });
    const [processed] = await test.database.db.select().from(sources).where(eq(sources.id, created.id));
    expect(processed).toMatchObject({ state: 'usable', language: 'en' });
    expect(processed?.pageCount).toBeGreaterThan(5);

    const file = await test.request(created.pdf_url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await file.arrayBuffer()).equals(bytes)).toBe(true);

    const deleted = await test.request(`/doc/delete/document/${created.id}`, {
      method: 'DELETE',
      headers: bearer(token),
    });
    expect(deleted.status).toBe(200);
    expect(fake.objects.has(key)).toBe(false);
    expect((await test.request(created.pdf_url)).status).toBe(404);
  });

  it('keep nothing in the bucket when the file is not a PDF', async () => {
    const before = fake.objects.size;
    const response = await upload(Buffer.from('Only notes, named like a PDF.'), 'notes.pdf');
    expect(response.status).toBe(415);
    expect((await readBody(response)).error.code).toBe('upload_not_pdf');
    expect(fake.objects.size).toBe(before);
    expect(fake.uploads.size).toBe(0);
  });

  it('keep nothing in the bucket when the file crosses 50 MB, not even parts', async () => {
    const before = fake.objects.size;
    fake.calls.length = 0;
    const huge = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(UPLOAD_MAX_BYTES + 1024, 0x20)]);
    const response = await upload(huge, 'huge.pdf');
    expect(response.status).toBe(413);
    expect((await readBody(response)).error.message).toBe('File too large (max. 50 MB), try splitting it');
    // Parts went up while the file streamed in; the multipart upload was aborted when the limit was crossed.
    expect(fake.calls.map((call) => call.operation)).toContain('AbortMultipartUpload');
    expect(fake.uploads.size).toBe(0);
    expect(fake.objects.size).toBe(before);
    expect(localBlobs()).toEqual([]);
  });

  it('go with the account when it is deleted', async () => {
    const user = await new OidcBrowser(test.baseUrl).signUp({
      name: 'Leaving',
      email: 'leaving@example.org',
      password: 'goes-away-now',
    });
    const { data } = await readBody(await upload(await mapReducePaperPdf(), 'a.pdf', user.access_token));
    const keys = () => [...fake.objects.keys()].filter((key) => key.includes(data.id));
    expect(keys()).toHaveLength(1);
    const deleted = await test.request('/api/auth/user', { method: 'DELETE', headers: bearer(user.access_token) });
    expect(deleted.status).toBe(204);
    expect(keys()).toEqual([]);
  });
});

describe('readiness with S3_* set', () => {
  it('is ready while the bucket answers, and 503 when the bucket is not there', async () => {
    expect((await test.request('/readyz')).status).toBe(200);
    const elsewhere = await startTestApp({ database: test.database, env: { ...fake.env(), S3_BUCKET: 'absent' } });
    try {
      const response = await elsewhere.request('/readyz');
      expect(response.status).toBe(503);
      expect((await readBody(response)).error.code).toBe('service_unavailable');
    } finally {
      await elsewhere.close();
    }
  });
});
