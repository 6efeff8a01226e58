import { readdirSync } from 'node:fs';
import { Transform } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BlobStore, createLocalBlobStore } from '../blobs/blob-store';
import { jobs, sources } from '../db/schema';
import { signUpWriter, type Writer } from '../modules/generation/generation.test-kit';
import { makePdf } from '../test/make-pdf';
import { readBody, startTestApp, type TestApp } from '../test/test-app';
import { temporaryDataDir } from './fault-kit';

/**
 * The disk filling up during an upload (issue 11): the real local store, whose file write fails with
 * ENOSPC once some bytes are on disk, as a full filesystem fails it. The upload must end with a clean,
 * translated error, and leave no source row, no job and no half-written file behind.
 */

const storage = temporaryDataDir('quire-fault-disk-');
let diskFull = true;

/** A write that fails like a full filesystem does, after the first bytes went through. */
function failingWrite(): Transform {
  let written = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      written += chunk.length;
      if (diskFull && written > 512) {
        callback(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28 }));
        return;
      }
      callback(null, chunk);
    },
  });
}

function fullDiskStore(root: string): BlobStore {
  const local = createLocalBlobStore(root);
  return { ...local, put: (key, source, ...checks) => local.put(key, source, ...checks, failingWrite()) };
}

let test: TestApp;
let writer: Writer;
beforeAll(async () => {
  test = await startTestApp({ blobs: fullDiskStore(storage.dir) });
  writer = await signUpWriter(test, 'disk-full@example.org');
});
afterAll(async () => {
  await test.close();
  storage.remove();
});

/** Every file under the store, temporary ones included. */
const filesOnDisk = () =>
  readdirSync(storage.dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());

const pdf = makePdf(
  Array.from({ length: 20 }, (_, index) => [`Page ${index + 1}: erosion on hillsides depends on rainfall.`]),
);
const upload = (locale: string) => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'erosion.pdf');
  return test.request('/doc/upload/document', {
    method: 'POST',
    body: form,
    headers: { ...writer.auth, 'accept-language': locale },
  });
};

describe('an upload when the disk is full', () => {
  it('answers a translated 503 and leaves no row, no job and no partial file', async () => {
    expect(pdf.length).toBeGreaterThan(2_048);
    const response = await upload('de');
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('30');
    const { error } = await readBody(response);
    expect(error).toEqual({
      code: 'service_unavailable',
      message: expect.stringMatching(/vorübergehend/),
    });
    expect(JSON.stringify(error)).not.toMatch(/ENOSPC|no space/);
    expect(await test.database.db.select().from(sources)).toEqual([]);
    expect(await test.database.db.select().from(jobs)).toEqual([]);
    expect(filesOnDisk()).toEqual([]);
  });

  it('takes the same upload once there is room again', async () => {
    diskFull = false;
    const response = await upload('en');
    expect(response.status).toBe(201);
    expect(await test.database.db.select().from(sources)).toHaveLength(1);
    expect(filesOnDisk()).toHaveLength(1);
  });
});
