import { Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Config } from '../config';
import type { BlobStore } from './blob-store';

export type S3Settings = NonNullable<Config['s3']>;

/** S3's smallest allowed part; two in flight and one filling keep at most ~15 MB of an upload in memory. */
const PART_BYTES = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

/**
 * Blob store on S3-compatible storage (AWS S3, MinIO, Ceph, R2…). Uploads go as multipart uploads of
 * 5 MB parts, so a 50 MB file never sits in memory whole; a failed upload is aborted on the server.
 */
export function createS3BlobStore(settings: S3Settings): BlobStore {
  const client = createS3Client(settings);
  const bucket = settings.bucket;
  const getObject = async (key: string) => {
    const { Body } = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    if (!(Body instanceof Readable)) throw new Error(`S3 returned no readable body for ${key}`);
    return Body;
  };
  return {
    put: (key, source, ...checks) => putObject(client, bucket, key, source, checks),
    read: async (key) => {
      const chunks: Buffer[] = [];
      for await (const chunk of await getObject(key)) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
    stream: getObject,
    size: async (key) => {
      const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
      return head.ContentLength ?? 0;
    },
    // S3 answers a delete of a missing key with success too, so removing twice is fine.
    remove: async (key) => {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    check: async () => {
      await client.send(new HeadBucketCommand({ Bucket: bucket }));
    },
  };
}

function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // Since 3.729 the SDK adds CRC32 checksums (headers, or aws-chunked trailers) to every upload and asks
    // for them on every download. Self-hosted stores that predate them (MinIO before mid-2022, older Ceph
    // RGW) reject such requests, and R2 answered them with 501 (aws-sdk-js-v3#6810). With WHEN_REQUIRED
    // only operations that need a checksum send one; SigV4 still signs each part's SHA-256.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/**
 * Streams `source` through `checks` into `key`. The pipeline and the multipart upload run side by side;
 * whichever fails first stops the other, and the multipart upload is aborted before this rejects, so no
 * object and no orphaned parts remain. A check's error (e.g. `upload_not_pdf`) comes out unchanged.
 */
async function putObject(
  client: S3Client,
  bucket: string,
  key: string,
  source: Readable,
  checks: Transform[],
): Promise<number> {
  let bytes = 0;
  const body = new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      bytes += chunk.length;
      callback(null, chunk);
    },
  });
  const upload = new Upload({
    client,
    params: { Bucket: bucket, Key: key, Body: body, ContentType: contentTypeOf(key) },
    partSize: PART_BYTES,
    queueSize: PARTS_IN_FLIGHT,
    leavePartsOnError: false,
  });
  const streamed = pipeline([source, ...checks, body]);
  const uploaded = upload.done().catch((error: unknown) => {
    // The upload stopped reading: end the pipeline too, or it would wait on back-pressure for ever.
    body.destroy(error instanceof Error ? error : new Error(String(error)));
    throw error;
  });
  const [streaming, uploading] = await Promise.allSettled([streamed, uploaded]);
  if (uploading.status === 'rejected' && (streaming.status === 'fulfilled' || isAbortError(streaming.reason))) {
    // The storage refused: the stream only broke off because the upload stopped reading it.
    throw uploading.reason;
  }
  // Otherwise the stream's error is the cause (a failing check, a client gone); the upload's follows from it.
  if (streaming.status === 'rejected') throw streaming.reason;
  return bytes;
}

function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

function contentTypeOf(key: string): string {
  return key.endsWith('.pdf') ? 'application/pdf' : 'application/octet-stream';
}
