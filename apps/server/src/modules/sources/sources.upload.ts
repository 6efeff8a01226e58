import { Transform, type TransformCallback } from 'node:stream';
import { AppError } from '../../http/app-error';

const PDF_MAGIC = Buffer.from('%PDF-');

/** Passes a stream through unchanged once its first bytes show a PDF; anything else fails with `upload_not_pdf`. */
export function requirePdfMagic(): Transform {
  let head = Buffer.alloc(0);
  let checked = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      if (checked) return callback(null, chunk);
      head = Buffer.concat([head, chunk]);
      if (head.length < PDF_MAGIC.length) return callback();
      checked = true;
      if (!head.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) return callback(new AppError('upload_not_pdf'));
      callback(null, head);
    },
    flush(callback: TransformCallback) {
      callback(checked ? null : new AppError('upload_not_pdf'));
    },
  });
}

/** A file name fit to show: no folders, no control characters, not too long, ending in .pdf. */
export function displayName(filename: string | undefined): string {
  const base = (filename ?? '').split(/[\\/]/).pop() ?? '';
  const clean = base
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .trim()
    .slice(0, 200);
  return clean || 'document.pdf';
}
