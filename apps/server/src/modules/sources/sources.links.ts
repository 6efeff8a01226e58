import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Database } from '../../db/client';
import { loadOrCreateSecret } from '../../db/secrets';

/** How long a direct PDF link works. */
export const FILE_LINK_SECONDS = 60 * 60;

export type FileLinks = {
  /** A signed, expiring path to a source's PDF that works without a token (for <a href> and viewers). */
  sign: (sourceId: string, now?: number) => string;
  verify: (sourceId: string, expires: string | undefined, signature: string | undefined, now?: number) => boolean;
};

export async function createFileLinks(db: Database): Promise<FileLinks> {
  const key = Buffer.from(
    await loadOrCreateSecret(db, 'doc.file_link_key', () => randomBytes(32).toString('base64url')),
    'base64url',
  );
  const mac = (sourceId: string, expires: number) =>
    createHmac('sha256', key).update(`${sourceId}.${expires}`).digest('base64url');
  return {
    sign: (sourceId, now = Date.now()) => {
      const expires = Math.floor(now / 1000) + FILE_LINK_SECONDS;
      return `/doc/documents/${sourceId}/file?expires=${expires}&signature=${mac(sourceId, expires)}`;
    },
    verify: (sourceId, expires, signature, now = Date.now()) => {
      const until = Number(expires);
      if (!Number.isInteger(until) || until * 1000 < now || !signature) return false;
      const expected = Buffer.from(mac(sourceId, until));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
