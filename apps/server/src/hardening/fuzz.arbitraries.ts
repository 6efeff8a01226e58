import { FEATURE_SLUGS } from '@quire/contracts';
import fc from 'fast-check';

/**
 * Hostile requests for the route fuzz (fuzz.slow.test.ts). Each part mixes plain garbage with values that look
 * almost right (real field names, real slugs, real ids of the fuzzing user), so requests get past the first
 * check and reach the deeper code where a 500 would hide.
 */

/** Field names the contracts use; objects built from them reach schema validation rather than stopping at it. */
const FIELD_NAMES = [
  'inputs',
  'prompt',
  'topic',
  'name',
  'front',
  'back',
  'card_ids',
  'grade',
  'email',
  'message',
  'url',
  'content',
  'language',
  'word',
  'source_ids',
  'text',
  'plan',
  'period',
  'kind',
  'categories',
  'format',
  'csv',
  'paper_ids',
  'query',
  'q',
  'limit',
  'offset',
  'page',
  'length',
  'events',
  'rating',
  'comment',
  'reason',
  'subject',
  'title',
  'token',
  'code',
  'password',
  'study_program',
  'study_subject',
  'tool',
  'slug',
  'id',
  'deck_id',
  'position',
  'label',
  'required',
  'multiline',
  'user_instruction',
  'sort',
  'type',
  'value',
  'session_id',
  'path',
  'referrer',
  'cards',
  'doi',
  'year',
  'authors',
  'marketing',
  'functional',
  'analytics',
  'flag',
  'product_slug',
  'currency',
] as const;

const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty'] as const;

/** Strings that have broken parsers, databases and renderers before. */
const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u202Eevil\u202C',
  '\u200B\u200D\uFEFF',
  '🧨👩‍👩‍👧‍👦🏳️‍🌈',
  '\uD800',
  '\uDFFF\uD800',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '9007199254740993',
  '0x10',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  "'; DROP TABLE users; --",
  '" OR 1=1 --',
  '%00',
  '%',
  '%zz',
  '../../../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '<script>alert(1)</script>',
  '{{constructor.constructor("return process")()}}',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection attempt, as a client would send it
  '${process.exit(1)}',
  '\\',
  '\r\n\r\nX-Injected: 1',
  'file:///etc/passwd',
  'http://169.254.169.254/latest/meta-data/',
  'javascript:alert(1)',
  'ä'.repeat(3000),
  'x'.repeat(70_000),
] as const;

export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.uuid() },
  { weight: 1, arbitrary: fc.emailAddress() },
  { weight: 1, arbitrary: fc.webUrl() },
);

const nastyNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(0, -1, 1, 2 ** 31, -(2 ** 31) - 1, Number.MAX_SAFE_INTEGER + 2, 1e308, -1e308, 0.5, -0),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

const fieldName: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...FIELD_NAMES) },
  { weight: 1, arbitrary: fc.constantFrom(...PROTOTYPE_KEYS) },
  { weight: 1, arbitrary: nastyString },
);

/** Any JSON value, deep and wide, with the keys and strings above; what a hostile client can put in a body. */
export const hostileJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    nastyString,
    nastyNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 6 }),
    fc.dictionary(fieldName, tie('value'), { maxKeys: 8 }),
  ),
})).value;

/** A nesting far deeper than any schema: parsers and validators must refuse it, not overflow the stack. */
const deepNesting: fc.Arbitrary<string> = fc
  .tuple(fc.integer({ min: 500, max: 5_000 }), fc.constantFrom('[', '{"a":'))
  .map(([depth, open]) => `${open.repeat(depth)}1${(open === '[' ? ']' : '}').repeat(depth)}`);

/** Objects whose keys are all real field names, so the validator runs field by field. */
const plausibleObject: fc.Arbitrary<unknown> = fc.dictionary(fc.constantFrom(...FIELD_NAMES), hostileJson, {
  minKeys: 1,
  maxKeys: 6,
});

export type HostileBody = { contentType?: string; payload?: string | Buffer };

const jsonBody: fc.Arbitrary<HostileBody> = fc
  .oneof(
    { weight: 4, arbitrary: fc.oneof(hostileJson, plausibleObject).map((value) => JSON.stringify(value) ?? 'null') },
    { weight: 1, arbitrary: deepNesting },
    { weight: 1, arbitrary: fc.constantFrom('{"__proto__":{"isAdmin":true}}', '{"constructor":{"prototype":{}}}') },
    { weight: 1, arbitrary: fc.constantFrom('', '{', '{"a":', 'nul', '[1,]', '\uFEFF{}', '{"a":1}{"b":2}') },
    // A string at the body limit's doorstep; the limit itself (1 MB) answers 413.
    {
      weight: 1,
      arbitrary: fc.integer({ min: 200_000, max: 1_100_000 }).map((n) => JSON.stringify({ text: 'w '.repeat(n / 2) })),
    },
  )
  .map((payload) => ({ contentType: 'application/json', payload }));

const MULTIPART_BOUNDARY = 'fuzzboundary';

const multipartBody: fc.Arbitrary<HostileBody> = fc
  .tuple(
    fc.constantFrom('file', 'files', 'document', '', '"quoted"'),
    fc.constantFrom('a.pdf', '../../etc/passwd', 'x'.repeat(500), 'ü.pdf', ''),
    fc.constantFrom('application/pdf', 'text/plain', 'application/octet-stream', ''),
    fc.oneof(fc.uint8Array({ maxLength: 2_000 }), fc.constant(new TextEncoder().encode('%PDF-1.4\n%%EOF'))),
    fc.boolean(),
  )
  .map(([field, filename, type, bytes, closed]) => {
    const head =
      `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      `Content-Type: ${type}\r\n\r\n`;
    // An unclosed multipart body is what a dropped upload looks like.
    const tail = closed ? `\r\n--${MULTIPART_BOUNDARY}--\r\n` : '';
    return {
      contentType: `multipart/form-data; boundary=${MULTIPART_BOUNDARY}`,
      payload: Buffer.concat([Buffer.from(head), Buffer.from(bytes), Buffer.from(tail)]),
    };
  });

const otherBody: fc.Arbitrary<HostileBody> = fc.oneof(
  fc.constant<HostileBody>({}),
  fc
    .tuple(
      fc.constantFrom(
        'application/x-www-form-urlencoded',
        'text/plain',
        'application/xml',
        'application/octet-stream',
        'multipart/form-data',
        'multipart/form-data; boundary=',
        'application/json; charset=utf-16',
        'application/json; charset=nonsense',
        'application/*',
        ';;;',
      ),
      fc.oneof(
        nastyString,
        fc.uint8Array({ maxLength: 500 }).map((bytes) => Buffer.from(bytes).toString('latin1')),
      ),
    )
    .map(([contentType, payload]) => ({ contentType, payload })),
);

export const hostileBody: fc.Arbitrary<HostileBody> = fc.oneof(
  { weight: 6, arbitrary: jsonBody },
  { weight: 1, arbitrary: multipartBody },
  { weight: 2, arbitrary: otherBody },
);

/** Every byte of the string's UTF-8 percent-encoded; unlike encodeURIComponent it takes lone surrogates too. */
const percentEncoded = (text: string) =>
  [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');

/** Ids of the fuzzing user's own items, so some path parameters name something that exists. */
export type KnownIds = { uuids: string[]; words: string[] };

/** A path parameter: real ids and slugs, uuid-like and not, very long, encoded slashes, traversal. */
export function pathParameter(known: KnownIds): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...known.uuids, ...known.words, ...FEATURE_SLUGS) },
    { weight: 2, arbitrary: fc.uuid() },
    {
      weight: 1,
      arbitrary: fc.constantFrom('00000000-0000-0000-0000-000000000000', 'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF'),
    },
    { weight: 1, arbitrary: fc.integer({ min: 500, max: 4_000 }).map((n) => 'a'.repeat(n)) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('..', '%2e%2e', '..%2F..%2F', '%2F', '%00', '%ZZ', '%', 'own-', 'own-x', '%C0%AE'),
    },
    { weight: 2, arbitrary: nastyString.map(percentEncoded) },
  );
}

export const hostileQuery: fc.Arbitrary<string> = fc.oneof(
  fc.constant(''),
  fc
    .array(fc.tuple(fieldName, fc.oneof(nastyString, nastyNumber.map(String))), { maxLength: 6 })
    .map((pairs) => new URLSearchParams(pairs).toString()),
  // Repeated keys turn a string into an array in Fastify's query parser.
  fc.constantFrom('limit=1&limit=2', 'q[]=a&q[]=b', 'offset=-1', 'limit=1e9', 'page=%00', '%', '&&==&', 'a=%ZZ'),
);

const ACCEPT_LANGUAGES = [
  'de',
  'xx-YY',
  '*',
  ';q=abc',
  'en;q=0.1,fr;q=2',
  'de-DE-x-private',
  'a'.repeat(2_000),
] as const;

export const hostileHeaders: fc.Arbitrary<Record<string, string>> = fc.record(
  {
    'accept-language': fc.oneof(fc.constantFrom(...ACCEPT_LANGUAGES), fc.string({ maxLength: 30 })),
    accept: fc.constantFrom('text/event-stream', 'application/json', '*/*', 'text/html', 'image/png', 'garbage'),
    'x-request-id': fc.constantFrom('fuzz-1', '../../x', 'a'.repeat(200)),
    cookie: fc.constantFrom('quire_lang=zz', 'quire_lang=', '_session=garbage', 'a=b; a=c'),
    origin: fc.constantFrom('https://evil.example', 'null'),
  },
  { requiredKeys: [] },
);

/** What an anonymous caller may claim to be: nothing, garbage, or a token that is no token. */
export const hostileAuthorization: fc.Arbitrary<string | undefined> = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom(
    'Bearer',
    'Bearer ',
    'Bearer null',
    'Basic YWRtaW46YWRtaW4=',
    'bearer x.y.z',
    'Bearer eyJhbGciOiJub25lIn0.e30.',
  ),
  nastyString.map((s) => `Bearer ${s}`),
);
