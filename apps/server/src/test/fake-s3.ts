import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the fake understood it, for tests that assert on what the client sent. */
export type FakeS3Call = { operation: string; key: string | null };

export type FakeS3 = {
  url: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Stored objects by key. */
  objects: Map<string, Buffer>;
  /** Multipart uploads begun and neither completed nor aborted, by upload id. */
  uploads: Map<string, { key: string; parts: Map<number, Buffer> }>;
  calls: FakeS3Call[];
  /** The environment that points the app at this fake. */
  env: () => Record<string, string>;
  close: () => Promise<void>;
};

const XMLNS = 'http://s3.amazonaws.com/doc/2006-03-01/';
const MIN_PART_BYTES = 5 * 1024 * 1024;
const EMPTY_SHA256 = createHash('sha256').update('').digest('hex');

class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * An S3-compatible server on a loopback port, path-style addressing, one bucket, objects in memory.
 * It speaks the REST wire format the AWS SDK uses (XML bodies and errors, ETags, multipart uploads) and
 * verifies every request's AWS Signature Version 4 against its own key pair, as real S3 would.
 */
export async function startFakeS3(
  options: { bucket?: string; region?: string; accessKeyId?: string; secretAccessKey?: string } = {},
): Promise<FakeS3> {
  const fake = {
    bucket: options.bucket ?? 'quire',
    region: options.region ?? 'us-east-1',
    accessKeyId: options.accessKeyId ?? 'QUIRETESTKEY',
    secretAccessKey: options.secretAccessKey ?? 'quire-test-secret',
    objects: new Map<string, Buffer>(),
    uploads: new Map<string, { key: string; parts: Map<number, Buffer> }>(),
    calls: [] as FakeS3Call[],
  };
  const server = createServer((request, response) => {
    handle(fake, request, response).catch((error: unknown) => {
      const failure = error instanceof S3Error ? error : new S3Error(500, 'InternalError', String(error));
      sendError(response, failure, request.url ?? '/');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    ...fake,
    url,
    env: () => ({
      S3_ENDPOINT: url,
      S3_BUCKET: fake.bucket,
      S3_REGION: fake.region,
      S3_ACCESS_KEY_ID: fake.accessKeyId,
      S3_SECRET_ACCESS_KEY: fake.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    }),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

type FakeState = Pick<
  FakeS3,
  'bucket' | 'region' | 'accessKeyId' | 'secretAccessKey' | 'objects' | 'uploads' | 'calls'
>;

async function handle(fake: FakeState, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const raw = await readAll(request);
  const target = new URL(request.url ?? '/', 'http://fake');
  const [bucket, ...rest] = target.pathname.slice(1).split('/');
  const key = rest.join('/') === '' ? null : rest.map(decodeURIComponent).join('/');
  const query = target.searchParams;
  const method = request.method ?? 'GET';
  const operation = operationOf(method, key, query);
  fake.calls.push({ operation, key });

  verifySignature(fake, request, raw);
  const body = decodeBody(request, raw);
  if (decodeURIComponent(bucket ?? '') !== fake.bucket)
    throw new S3Error(404, 'NoSuchBucket', 'The specified bucket does not exist');

  switch (operation) {
    case 'HeadBucket':
      return void response.writeHead(200).end();
    case 'PutObject': {
      fake.objects.set(key as string, body);
      return void response.writeHead(200, { etag: etagOf(body) }).end();
    }
    case 'GetObject':
    case 'HeadObject': {
      const object = fake.objects.get(key as string);
      if (!object) {
        if (operation === 'HeadObject') return void response.writeHead(404).end();
        throw new S3Error(404, 'NoSuchKey', 'The specified key does not exist.');
      }
      response.writeHead(200, {
        'content-length': object.length,
        'content-type': 'application/octet-stream',
        etag: etagOf(object),
        'last-modified': new Date().toUTCString(),
        'accept-ranges': 'bytes',
      });
      return void response.end(operation === 'GetObject' ? object : undefined);
    }
    case 'DeleteObject':
      fake.objects.delete(key as string);
      return void response.writeHead(204).end();
    case 'CreateMultipartUpload': {
      const uploadId = randomUUID();
      fake.uploads.set(uploadId, { key: key as string, parts: new Map() });
      return sendXml(
        response,
        `<InitiateMultipartUploadResult xmlns="${XMLNS}"><Bucket>${xml(fake.bucket)}</Bucket><Key>${xml(key as string)}</Key><UploadId>${uploadId}</UploadId></InitiateMultipartUploadResult>`,
      );
    }
    case 'UploadPart': {
      const upload = pendingUpload(fake, query, key);
      const partNumber = Number(query.get('partNumber'));
      if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > 10_000) {
        throw new S3Error(400, 'InvalidArgument', 'Part number must be an integer between 1 and 10000');
      }
      upload.parts.set(partNumber, body);
      return void response.writeHead(200, { etag: etagOf(body) }).end();
    }
    case 'CompleteMultipartUpload': {
      const uploadId = query.get('uploadId') as string;
      const object = assembleParts(pendingUpload(fake, query, key).parts, body.toString('utf8'));
      fake.uploads.delete(uploadId);
      fake.objects.set(key as string, object.bytes);
      return sendXml(
        response,
        `<CompleteMultipartUploadResult xmlns="${XMLNS}"><Location>/${xml(fake.bucket)}/${xml(key as string)}</Location><Bucket>${xml(fake.bucket)}</Bucket><Key>${xml(key as string)}</Key><ETag>${xml(object.etag)}</ETag></CompleteMultipartUploadResult>`,
      );
    }
    case 'AbortMultipartUpload':
      pendingUpload(fake, query, key);
      fake.uploads.delete(query.get('uploadId') as string);
      return void response.writeHead(204).end();
    default:
      throw new S3Error(501, 'NotImplemented', `${operation} is not implemented by the fake`);
  }
}

function operationOf(method: string, key: string | null, query: URLSearchParams): string {
  if (key === null) return method === 'HEAD' ? 'HeadBucket' : `${method} bucket`;
  if (method === 'POST' && query.has('uploads')) return 'CreateMultipartUpload';
  if (method === 'POST' && query.has('uploadId')) return 'CompleteMultipartUpload';
  if (method === 'PUT' && query.has('uploadId')) return 'UploadPart';
  if (method === 'DELETE' && query.has('uploadId')) return 'AbortMultipartUpload';
  const simple: Record<string, string> = {
    PUT: 'PutObject',
    GET: 'GetObject',
    HEAD: 'HeadObject',
    DELETE: 'DeleteObject',
  };
  return simple[method] ?? `${method} object`;
}

function pendingUpload(fake: FakeState, query: URLSearchParams, key: string | null) {
  const upload = fake.uploads.get(query.get('uploadId') ?? '');
  if (!upload || upload.key !== key) {
    throw new S3Error(
      404,
      'NoSuchUpload',
      'The specified upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.',
    );
  }
  return upload;
}

/** Joins the parts a CompleteMultipartUpload lists, checking them as S3 does. */
function assembleParts(parts: Map<number, Buffer>, document: string): { bytes: Buffer; etag: string } {
  const listed = [...document.matchAll(/<Part>([\s\S]*?)<\/Part>/g)].map((match) => ({
    number: Number(/<PartNumber>(\d+)<\/PartNumber>/.exec(match[1] ?? '')?.[1]),
    etag: unxml(/<ETag>([\s\S]*?)<\/ETag>/.exec(match[1] ?? '')?.[1] ?? ''),
  }));
  if (listed.length === 0) throw new S3Error(400, 'MalformedXML', 'The XML you provided was not well-formed');
  const chosen = listed.map(({ number, etag }, index) => {
    const part = parts.get(number);
    if (!part || etagOf(part) !== etag) throw new S3Error(400, 'InvalidPart', `Part ${number} was not uploaded`);
    if (index > 0 && number <= (listed[index - 1]?.number ?? 0)) {
      throw new S3Error(400, 'InvalidPartOrder', 'The list of parts was not in ascending order');
    }
    if (index < listed.length - 1 && part.length < MIN_PART_BYTES) {
      throw new S3Error(400, 'EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed object size');
    }
    return part;
  });
  const md5s = Buffer.concat(chosen.map((part) => createHash('md5').update(part).digest()));
  return { bytes: Buffer.concat(chosen), etag: `"${createHash('md5').update(md5s).digest('hex')}-${chosen.length}"` };
}

/**
 * Checks `Authorization: AWS4-HMAC-SHA256 Credential=…, SignedHeaders=…, Signature=…` by computing the
 * canonical request and the signature with the fake's secret, and the declared payload hash against the body.
 */
function verifySignature(fake: FakeState, request: IncomingMessage, raw: Buffer): void {
  const authorization = request.headers.authorization ?? '';
  const parsed = /^AWS4-HMAC-SHA256 Credential=([^,]+), ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
    authorization,
  );
  if (!parsed) throw new S3Error(403, 'AccessDenied', 'Access Denied');
  const [, credential = '', signedHeaderList = '', signature = ''] = parsed;
  const [accessKeyId, date, region, service, terminator] = credential.split('/');
  if (accessKeyId !== fake.accessKeyId) {
    throw new S3Error(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
  }
  if (!date || !region || service !== 's3' || terminator !== 'aws4_request') {
    throw new S3Error(400, 'AuthorizationHeaderMalformed', 'The authorization header is malformed');
  }
  const amzDate = header(request, 'x-amz-date');
  const payloadHash = header(request, 'x-amz-content-sha256');
  if (!amzDate.startsWith(date) || !payloadHash) {
    throw new S3Error(400, 'AuthorizationHeaderMalformed', 'x-amz-date and x-amz-content-sha256 must be sent');
  }
  const signedHeaders = signedHeaderList.split(';');
  if (!signedHeaders.includes('host')) throw new S3Error(403, 'SignatureDoesNotMatch', 'host must be signed');
  const target = request.url ?? '/';
  const queryAt = target.indexOf('?');
  const canonicalRequest = [
    request.method,
    queryAt < 0 ? target : target.slice(0, queryAt),
    canonicalQuery(queryAt < 0 ? '' : target.slice(queryAt + 1)),
    signedHeaders.map((name) => `${name}:${header(request, name).trim().replace(/\s+/g, ' ')}\n`).join(''),
    signedHeaderList,
    payloadHash,
  ].join('\n');
  const scope = `${date}/${region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  let key: Buffer = hmac(`AWS4${fake.secretAccessKey}`, date);
  for (const part of [region, 's3', 'aws4_request']) key = hmac(key, part);
  const expected = Buffer.from(hmac(key, stringToSign).toString('hex'));
  if (!timingSafeEqual(expected, Buffer.from(signature))) {
    throw new S3Error(
      403,
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
    );
  }
  if (/^[0-9a-f]{64}$/.test(payloadHash) && sha256(raw) !== payloadHash) {
    throw new S3Error(
      400,
      'XAmzContentSHA256Mismatch',
      "The provided 'x-amz-content-sha256' header does not match what was computed.",
    );
  }
  if (payloadHash === EMPTY_SHA256 && raw.length > 0) {
    throw new S3Error(400, 'XAmzContentSHA256Mismatch', 'A body was sent with the hash of an empty one.');
  }
}

/** Query parameters as SigV4 signs them: decoded, re-encoded per RFC 3986, sorted, `name=` when valueless. */
function canonicalQuery(query: string): string {
  if (!query) return '';
  return query
    .split('&')
    .map((pair) => {
      const at = pair.indexOf('=');
      const name = decodeURIComponent(at < 0 ? pair : pair.slice(0, at));
      const value = at < 0 ? '' : decodeURIComponent(pair.slice(at + 1).replace(/\+/g, '%20'));
      return [rfc3986(name), rfc3986(value)] as const;
    })
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

/**
 * The bytes of the object: as sent, or unwrapped from `aws-chunked` encoding (`<hex size>[;chunk-signature=…]`
 * CRLF data CRLF … `0` CRLF trailers), which the SDK uses for streamed bodies with trailing checksums.
 */
function decodeBody(request: IncomingMessage, raw: Buffer): Buffer {
  const encodings = header(request, 'content-encoding')
    .split(',')
    .map((value) => value.trim());
  if (!encodings.includes('aws-chunked')) return raw;
  const chunks: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = raw.indexOf('\r\n', at);
    if (lineEnd < 0) throw new S3Error(400, 'IncompleteBody', 'The aws-chunked body ended early');
    const size = Number.parseInt(raw.subarray(at, lineEnd).toString('latin1').split(';')[0] ?? '', 16);
    if (!Number.isFinite(size)) throw new S3Error(400, 'InvalidRequest', 'Malformed aws-chunked size');
    if (size === 0) break;
    chunks.push(raw.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  const decoded = Buffer.concat(chunks);
  const declared = header(request, 'x-amz-decoded-content-length');
  if (declared && Number(declared) !== decoded.length) {
    throw new S3Error(400, 'IncompleteBody', 'x-amz-decoded-content-length does not match the body');
  }
  return decoded;
}

function header(request: IncomingMessage, name: string): string {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(',') : (value ?? '');
}

async function readAll(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function sendXml(response: ServerResponse, body: string): void {
  response.writeHead(200, { 'content-type': 'application/xml' });
  response.end(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`);
}

function sendError(response: ServerResponse, error: S3Error, resource: string): void {
  if (response.headersSent) return void response.destroy();
  response.writeHead(error.status, { 'content-type': 'application/xml', connection: 'close' });
  response.end(
    `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${error.code}</Code><Message>${xml(error.message)}</Message><Resource>${xml(resource)}</Resource><RequestId>${randomUUID()}</RequestId></Error>`,
  );
}

const etagOf = (bytes: Buffer) => `"${createHash('md5').update(bytes).digest('hex')}"`;
const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
const rfc3986 = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
const xml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const unxml = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
