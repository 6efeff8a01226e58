import type { IncomingMessage } from 'node:http';
import { pipeline, type Readable } from 'node:stream';
import zlib from 'node:zlib';

/** The content coding a response says it has, lower-cased; `identity` when it names none. */
export function contentCoding(response: IncomingMessage): string {
  return (response.headers['content-encoding'] ?? '').trim().toLowerCase() || 'identity';
}

/**
 * A response's body without its content coding: gzip, deflate or br undone, identity as it is; null for a
 * coding it cannot undo. Errors reach the reader through the decoder, which pipeline destroys along with the
 * response.
 */
export function decodedBody(response: IncomingMessage): Readable | null {
  const coding = contentCoding(response);
  if (coding === 'identity') return response;
  const decoder =
    coding === 'gzip' || coding === 'x-gzip'
      ? zlib.createGunzip()
      : coding === 'deflate'
        ? zlib.createInflate()
        : coding === 'br'
          ? zlib.createBrotliDecompress()
          : null;
  return decoder ? pipeline(response, decoder, () => undefined) : null;
}
