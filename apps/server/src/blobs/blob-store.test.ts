import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createLocalBlobStore } from './blob-store';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function freshRoot(): string {
  const root = mkdtempSync(join(tmpdir(), 'quire-blobs-'));
  roots.push(root);
  return root;
}

/** Every file under `root`, temporary ones included. */
const filesUnder = (root: string) =>
  readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);

/** Bytes in several chunks, as an upload arrives. */
const chunks = (bytes: Buffer, size = 1000) =>
  Readable.from(
    Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) => bytes.subarray(i * size, (i + 1) * size)),
  );

const pdfBytes = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(5000, 'x')]);

describe('the local blob store', () => {
  it('writes a file into folders it creates, tells its size and leaves no temporary file', async () => {
    const root = freshRoot();
    const store = createLocalBlobStore(root);
    expect(await store.put('sources/u1/a.pdf', chunks(pdfBytes))).toBe(pdfBytes.length);
    expect(await store.read('sources/u1/a.pdf')).toEqual(pdfBytes);
    expect(await store.size('sources/u1/a.pdf')).toBe(pdfBytes.length);
    expect(filesUnder(root)).toEqual(['a.pdf']);
  });

  it('creates the folder again when it went missing after an earlier file', async () => {
    const root = freshRoot();
    const store = createLocalBlobStore(root);
    await store.put('sources/u1/a.pdf', chunks(pdfBytes));
    rmSync(join(root, 'sources'), { recursive: true });
    expect(await store.put('sources/u1/b.pdf', chunks(pdfBytes))).toBe(pdfBytes.length);
    expect(filesUnder(root)).toEqual(['b.pdf']);
  });

  it('leaves nothing behind when a check fails midway', async () => {
    const root = freshRoot();
    const store = createLocalBlobStore(root);
    let seen = 0;
    const refuseLate = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        seen += chunk.length;
        callback(seen > 3000 ? new Error('refused') : null, chunk);
      },
    });
    await expect(store.put('sources/u1/a.pdf', chunks(pdfBytes), refuseLate)).rejects.toThrow('refused');
    expect(filesUnder(root)).toEqual([]);
  });

  it('fails cleanly and lets go of the upload when the file cannot be opened', async () => {
    const root = freshRoot();
    // A file where the user's folder should be: no folder can be made there.
    writeFileSync(join(root, 'sources'), 'in the way');
    const store = createLocalBlobStore(root);
    const source = chunks(pdfBytes);
    await expect(store.put('sources/u1/a.pdf', source)).rejects.toMatchObject({ code: 'ENOTDIR' });
    expect(source.destroyed).toBe(true);
  });
});
