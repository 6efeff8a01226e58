import { z } from 'zod';

/** The building blocks the variables in config-variables.ts are parsed with; each takes the raw string. */

export const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], { error: 'must be true or false' })
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

export const httpUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
  .transform((value) => value.replace(/\/+$/, ''));

export const optionalHttpUrl = z.union([z.literal(''), httpUrl]);

/** A DSN names the project's public key (the user part) and ends in its numeric id, which is what Sentry checks. */
export function isSentryDsn(value: string): boolean {
  const url = new URL(value);
  return url.username !== '' && /\/\d+$/.test(url.pathname);
}
