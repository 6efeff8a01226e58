import { randomUUID } from 'node:crypto';
import { constants, createReadStream, createWriteStream } from 'node:fs';
import { access, type FileHandle, mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Where uploaded files live: a local folder by default, S3-compatible storage when `S3_*` is set (s3-blob-store.ts). */
export type BlobStore = {
  /**
   * Streams `source` through `checks` into `key`; never holds the whole file in memory. One pipeline owns
   * every stream, so a failing check or an aborted source rejects here and leaves nothing behind.
   */
  put: (key: string, source: Readable, ...checks: Transform[]) => Promise<number>;
  read: (key: string) => Promise<Buffer>;
  /** Resolves once the file is found (a remote store has to ask first), so a missing file fails before a reply starts. */
  stream: (key: string) => Promise<Readable>;
  size: (key: string) => Promise<number>;
  /** Removing a file that is not there is not an error. */
  remove: (key: string) => Promise<void>;
  /** Rejects when the store cannot be reached, for readiness checks. */
  check: () => Promise<void>;
};

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/i;

export function createLocalBlobStore(root: string): BlobStore {
  const pathOf = (key: string) => {
    const path = resolve(root, key);
    // Keys are ours, but a bug must never write or read outside the store.
    if (!SAFE_KEY.test(key) || key.includes('..') || !path.startsWith(resolve(root) + sep)) {
      throw new Error(`invalid blob key ${key}`);
    }
    return path;
  };
  return {
    put: async (key, source, ...checks) => {
      const path = pathOf(key);
      // Written under a temporary name and renamed, so a crash or an aborted upload never leaves a half file.
      const temporary = join(dirname(path), `.${randomUUID()}.part`);
      const file = await openCreatingFolder(temporary).catch((error: unknown) => {
        // As the pipeline would for a sink that fails: the upload's stream is not left waiting to be read.
        source.destroy();
        throw error;
      });
      const sink = createWriteStream(temporary, { fd: file });
      try {
        await pipeline([source, ...checks, sink]);
        await rename(temporary, path);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
      return sink.bytesWritten;
    },
    read: (key) => readFile(pathOf(key)),
    stream: async (key) => {
      const path = pathOf(key);
      await access(path);
      return createReadStream(path);
    },
    size: async (key) => (await stat(pathOf(key))).size,
    remove: (key) => rm(pathOf(key), { force: true }),
    check: async () => {
      await mkdir(root, { recursive: true });
      await access(root, constants.W_OK);
    },
  };
}

/**
 * Opens a new file for writing, creating its folder only when it is missing. Each call to the file system
 * waits its turn on a busy event loop, so the usual case, a folder that exists, costs one call instead of two.
 */
async function openCreatingFolder(path: string): Promise<FileHandle> {
  try {
    return await open(path, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    await mkdir(dirname(path), { recursive: true });
    return open(path, 'wx');
  }
}
