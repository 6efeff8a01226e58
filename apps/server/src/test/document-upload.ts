import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { sources } from '../db/schema';
import { bearer } from './fixtures';
import { readBody, type TestApp } from './test-app';

/**
 * Uploads a PDF over HTTP as the token's user, runs the processing job, and answers the source as the upload
 * answered it and its row afterwards.
 */
export async function uploadDocument(test: TestApp, token: string, bytes: Buffer, filename = 'paper.pdf') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), filename);
  const response = await test.request('/doc/upload/document', { method: 'POST', body: form, headers: bearer(token) });
  expect(response.status).toBe(201);
  const { data } = await readBody(response);
  await test.app.jobs.drain();
  const [row] = await test.database.db.select().from(sources).where(eq(sources.id, data.id));
  return { created: data, row };
}
