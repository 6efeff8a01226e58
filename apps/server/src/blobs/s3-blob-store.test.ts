import { randomBytes } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../http/app-error';
import { requirePdfMagic } from '../modules/sources/sources.upload';
import { type FakeS3, startFakeS3 } from '../test/fake-s3';
import type { BlobStore } from './blob-store';
import { createS3BlobStore, type S3Settings } from './s3-blob-store';

const MB = 1024 * 1024;

let fake: FakeS3;
let store: BlobStore;
const settings = (overrides: Partial<S3Settings> = {}): S3Settings => ({
  endpoint: fake.url,
  bucket: fake.bucket,
  region: fake.region,
  accessKeyId: fake.accessKeyId,
  secretAccessKey: fake.secretAccessKey,
  forcePathStyle: true,
  ...overrides,
});

beforeAll(async () => {
  fake = await startFakeS3();
  store = createS3BlobStore(settings());
});
afterAll(() => fake.close());
afterEach(() => {
  fake.objects.clear();
  fake.uploads.clear();
  fake.calls.length = 0;
});

/** A stream that hands `bytes` over in 64 KB pieces, as a network upload arrives. */
function trickle(bytes: Buffer): Readable {
  return Readable.from(
    (function* () {
      for (let at = 0; at < bytes.length; at += 64 * 1024) yield bytes.subarray(at, at + 64 * 1024);
    })(),
  );
}

/** A check that lets `limit` bytes through and then fails with `error`. */
function failAfter(limit: number, error: Error): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      callback(seen > limit ? error : null, chunk);
    },
  });
}

const operations = () => fake.calls.map((call) => call.operation);

describe('the S3 blob store', () => {
  it('puts a small file in one request, then reads, streams, sizes and removes it', async () => {
    const bytes = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(300 * 1024)]);
    expect(await store.put('sources/u1/a.pdf', trickle(bytes), requirePdfMagic())).toBe(bytes.length);
    expect(operations()).toEqual(['PutObject']);
    expect(fake.objects.get('sources/u1/a.pdf')?.equals(bytes)).toBe(true);

    expect((await store.read('sources/u1/a.pdf')).equals(bytes)).toBe(true);
    const streamed: Buffer[] = [];
    for await (const chunk of await store.stream('sources/u1/a.pdf')) streamed.push(chunk as Buffer);
    expect(Buffer.concat(streamed).equals(bytes)).toBe(true);
    expect(await store.size('sources/u1/a.pdf')).toBe(bytes.length);

    await store.remove('sources/u1/a.pdf');
    expect(fake.objects.has('sources/u1/a.pdf')).toBe(false);
    await expect(store.remove('sources/u1/a.pdf')).resolves.toBeUndefined();
    await expect(store.read('sources/u1/a.pdf')).rejects.toMatchObject({ name: 'NoSuchKey' });
    await expect(store.stream('sources/u1/a.pdf')).rejects.toMatchObject({ name: 'NoSuchKey' });
  });

  it('sends a file larger than one part as a multipart upload of 5 MB parts', async () => {
    const bytes = randomBytes(12 * MB + 123);
    expect(await store.put('sources/u1/big.pdf', trickle(bytes))).toBe(bytes.length);
    expect(operations()).toEqual([
      'CreateMultipartUpload',
      'UploadPart',
      'UploadPart',
      'UploadPart',
      'CompleteMultipartUpload',
    ]);
    expect(fake.objects.get('sources/u1/big.pdf')?.equals(bytes)).toBe(true);
    expect(fake.uploads.size).toBe(0);
    expect(await store.size('sources/u1/big.pdf')).toBe(bytes.length);
  });

  it('aborts the multipart upload when a check fails mid-stream, and passes the check’s error on unchanged', async () => {
    const tooLarge = new AppError('upload_too_large');
    const bytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(14 * MB)]);
    const put = store.put('sources/u1/cut.pdf', trickle(bytes), requirePdfMagic(), failAfter(11 * MB, tooLarge));
    await expect(put).rejects.toBe(tooLarge);
    expect(operations()).toContain('UploadPart');
    expect(operations().at(-1)).toBe('AbortMultipartUpload');
    expect(fake.objects.size).toBe(0);
    expect(fake.uploads.size).toBe(0);
  });

  it('aborts too when the client’s stream breaks off', async () => {
    const gone = new Error('client went away');
    const source = trickle(randomBytes(9 * MB));
    const put = store.put('sources/u1/gone.pdf', source, failAfter(7 * MB, gone));
    await expect(put).rejects.toBe(gone);
    expect(operations()).toEqual(['CreateMultipartUpload', 'UploadPart', 'AbortMultipartUpload']);
    expect(fake.objects.size).toBe(0);
    expect(fake.uploads.size).toBe(0);
  });

  it('stores nothing when the first bytes fail a check', async () => {
    await expect(
      store.put('sources/u1/x.pdf', trickle(Buffer.from('<html>not a pdf</html>')), requirePdfMagic()),
    ).rejects.toMatchObject({ code: 'upload_not_pdf' });
    expect(fake.objects.size).toBe(0);
    expect(operations()).toEqual([]);
  });

  it('is refused with a wrong secret or an unknown key id, and says so', async () => {
    const wrongSecret = createS3BlobStore(settings({ secretAccessKey: 'not-the-secret' }));
    await expect(wrongSecret.put('sources/u1/w.pdf', trickle(Buffer.from('%PDF-1.4 tiny')))).rejects.toMatchObject({
      name: 'SignatureDoesNotMatch',
      $metadata: { httpStatusCode: 403 },
    });
    await expect(wrongSecret.read('sources/u1/w.pdf')).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
    const unknownKey = createS3BlobStore(settings({ accessKeyId: 'SOMEONEELSE' }));
    await expect(unknownKey.check()).rejects.toMatchObject({ $metadata: { httpStatusCode: 403 } });
    await expect(unknownKey.remove('sources/u1/w.pdf')).rejects.toMatchObject({ name: 'InvalidAccessKeyId' });
    expect(fake.objects.size).toBe(0);
  });

  it('fails a multipart upload refused half-way and leaves no parts behind', async () => {
    const wrongSecret = createS3BlobStore(settings({ secretAccessKey: 'not-the-secret' }));
    await expect(wrongSecret.put('sources/u1/w.pdf', trickle(randomBytes(11 * MB)))).rejects.toMatchObject({
      name: 'SignatureDoesNotMatch',
    });
    expect(fake.objects.size).toBe(0);
    expect(fake.uploads.size).toBe(0);
  });

  it('checks that its bucket answers', async () => {
    await expect(store.check()).resolves.toBeUndefined();
    await expect(createS3BlobStore(settings({ bucket: 'missing' })).check()).rejects.toMatchObject({
      $metadata: { httpStatusCode: 404 },
    });
  });
});

describe('the fake S3', () => {
  it('takes the SDK’s default streamed upload: aws-chunked with a trailing checksum', async () => {
    // Default checksum settings, unlike the store's: the SDK then wraps a streamed body in aws-chunked.
    const client = new S3Client({
      endpoint: fake.url,
      region: fake.region,
      forcePathStyle: true,
      credentials: { accessKeyId: fake.accessKeyId, secretAccessKey: fake.secretAccessKey },
    });
    const bytes = randomBytes(200 * 1024);
    await client.send(
      new PutObjectCommand({
        Bucket: fake.bucket,
        Key: 'a/b c.bin',
        Body: trickle(bytes),
        ContentLength: bytes.length,
      }),
    );
    expect(fake.objects.get('a/b c.bin')?.equals(bytes)).toBe(true);
    client.destroy();
  });
});
