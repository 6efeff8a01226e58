import { z } from 'zod';

/** Where a page of the history ends: the last result's creation time (with microseconds) and id. */
export type HistoryCursor = { at: string; id: string };

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const CursorFields = z.object({
  // A real instant: the database would refuse 30 February, and a refusal there is a 500.
  at: z
    .string()
    .regex(TIMESTAMP)
    .refine((at) => isRealInstant(at)),
  id: z.uuid(),
});

/** The opaque `next` a client sends back as `before`. */
export function encodeCursor(cursor: HistoryCursor): string {
  return Buffer.from(JSON.stringify([cursor.at, cursor.id]), 'utf8').toString('base64url');
}

/**
 * A `before` parameter read back; anything that is not a cursor this server wrote fails validation (a 400
 * naming the field), so it never reaches the query.
 */
export const HistoryCursorParameter = z
  .string()
  .transform((value, context) => {
    const decoded = decode(value);
    if (decoded === undefined) {
      context.addIssue({ code: 'custom', message: 'not a history cursor' });
      return z.NEVER;
    }
    return decoded;
  })
  .pipe(CursorFields);

function decode(value: string): { at: unknown; id: unknown } | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(value)) return undefined;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    if (!Array.isArray(parsed) || parsed.length !== 2) return undefined;
    return { at: parsed[0], id: parsed[1] };
  } catch {
    return undefined;
  }
}

function isRealInstant(at: string): boolean {
  const time = Date.parse(at);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 19) === at.slice(0, 19);
}
