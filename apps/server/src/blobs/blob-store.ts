import { randomUUID } from 'node:crypto';
import { constants, createReadStream, createWriteStream } from 'node:fs';
import { access, mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
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
      await mkdir(dirname(path), { recursive: true });
      // Written under a temporary name and renamed, so a crash or an aborted upload never leaves a half file.
      const temporary = join(dirname(path), `.${randomUUID()}.part`);
      try {
        await pipeline([source, ...checks, createWriteStream(temporary, { flags: 'wx' })]);
        await rename(temporary, path);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
      return (await stat(path)).size;
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
