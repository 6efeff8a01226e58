import { resolve } from 'node:path';
import { ApiErrorBody } from '@quire/contracts';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardDecks, cards, generations, ownApps } from '../db/schema';
import type { RouteEntry } from '../http/route-catalogue';
import { addSource, signUpSubscriber, type Writer } from '../modules/generation/generation.test-kit';
import { type FakeAcademicApis, startFakeAcademicApis } from '../test/fake-academic-apis';
import { startTestApp, type TestApp } from '../test/test-app';
import {
  type HostileBody,
  hostileAuthorization,
  hostileBody,
  hostileHeaders,
  hostileQuery,
  type KnownIds,
  pathParameter,
} from './fuzz.arbitraries';

/**
 * Issue 11, hostile input: every route the app serves, signed in and anonymous, gets generated hostile
 * requests. None may answer 5xx, an API's refusal is always the JSON error envelope, no answer shows a stack
 * or a path of this machine, and the process is still healthy at the end.
 *
 * FUZZ_SEED reproduces a run (CI uses the constant below); FUZZ_RUNS sets the total number of cases.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 11_2024);
const TOTAL_RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);

/** Routes that write with the engine, read files or reach catalogues: covered, with fewer cases. */
const COSTLY = [
  /^POST \/gen\/:slug$/,
  /^POST \/api\/prompt_templates\/.*execute/,
  /^POST \/api\/cards\/decks$/,
  /^POST \/doc\/upload\//,
  /^POST \/gen\/(proofreading|ai-detector|papers\/)/,
  /^GET \/gen\/papers$/,
  /^POST \/api\/(documents|articles)\/:id\/messages$/,
];
/** Runs last: it deletes the fuzzing user, whom every other signed-in case needs. */
const ACCOUNT_DELETION = 'DELETE /api/auth/user';

const REPO_ROOT = resolve(__dirname, '../../../..');
const STACK_FRAME = /\bat \S+ \((?:\/|file:|node:)[^)]*:\d+:\d+\)|node_modules\//;
const API_PATH = /^\/(api|doc|gen)\//;

type Case = { route: RouteEntry; signedIn: boolean; runs: number };

let test: TestApp;
let catalogues: FakeAcademicApis;
let writer: Writer;
let known: KnownIds;

beforeAll(async () => {
  catalogues = await startFakeAcademicApis();
  test = await startTestApp({
    env: {
      ...catalogues.env(),
      SEARCH_TIMEOUT_MS: '300',
      // FUZZ_LOG_LEVEL=error shows the server's own account of a failing case.
      LOG_LEVEL: process.env.FUZZ_LOG_LEVEL ?? 'silent',
    },
    // Thousands of cases of one user would otherwise stop at the generation limits before reaching the tools.
    generationLimits: { startsPerMinute: 1_000_000, running: 1_000 },
  });
  writer = await signUpSubscriber(test, 'fuzz@example.org');
  known = await ownItems(test, writer.userId);
});
afterAll(async () => {
  await test?.close();
  await catalogues?.close();
});

/** A deck with a card, an own app, a result and a source of the fuzzing user: ids that reach real rows. */
async function ownItems(app: TestApp, userId: string): Promise<KnownIds> {
  const db = app.database.db;
  const [deck] = await db
    .insert(cardDecks)
    .values({ userId, name: 'Fuzz deck', language: 'en', engine: 'manual' })
    .returning();
  const [card] = await db
    .insert(cards)
    .values({ deckId: deck?.id ?? '', userId, position: 0, kind: 'basic', front: 'Q', back: 'A' })
    .returning();
  const [own] = await db
    .insert(ownApps)
    .values({ userId, name: 'Fuzz app', inputs: [{ key: 'term', label: 'Term' }], prompt: '{term}' })
    .returning();
  const [result] = await db
    .insert(generations)
    .values({ userId, slug: 'freestyle', inputs: {}, wordsUsed: 3, text: 'Fuzz.', engine: 'builtin' })
    .returning();
  const source = await addSource(app, userId, { title: 'Fuzz source', passages: ['MapReduce splits work.'] });
  const uuids = [deck?.id, card?.id, own?.id, result?.id, source].filter((id): id is string => Boolean(id));
  return { uuids, words: [`own-${own?.id}`, 'en', 'de', 'Quire', 'proofreading'] };
}

/** The cases of every route, their runs shared out so the sum reaches TOTAL_RUNS. */
function plan(routes: RouteEntry[]): Case[] {
  const combos = routes.flatMap((route) =>
    route.auth === 'user' ? [true, false].map((signedIn) => ({ route, signedIn })) : [{ route, signedIn: false }],
  );
  const weight = ({ route }: { route: RouteEntry }) => (COSTLY.some((re) => re.test(key(route))) ? 0.3 : 1);
  const sum = combos.reduce((total, combo) => total + weight(combo), 0);
  const cases = combos.map((combo) => ({ ...combo, runs: Math.ceil((TOTAL_RUNS * weight(combo)) / sum) }));
  return cases.sort((a, b) => Number(key(a.route) === ACCOUNT_DELETION) - Number(key(b.route) === ACCOUNT_DELETION));
}

const key = (route: RouteEntry) => `${route.method} ${route.url}`;

type HostileRequest = { path: string; query: string; headers: Record<string, string>; body: HostileBody };

function hostileRequest(route: RouteEntry, auth: fc.Arbitrary<string | undefined>): fc.Arbitrary<HostileRequest> {
  const params = route.url.match(/:\w+|\*/g) ?? [];
  return fc
    .record({
      values: fc.tuple(...params.map(() => pathParameter(known))),
      query: hostileQuery,
      headers: hostileHeaders,
      authorization: auth,
      body: hostileBody,
    })
    .map(({ values, query, headers, authorization, body }) => {
      let index = 0;
      const path = route.url.replace(/:\w+|\*/g, () => values[index++] ?? '');
      const all: Record<string, string> = { ...headers, ...(authorization === undefined ? {} : { authorization }) };
      if (body.contentType) all['content-type'] = body.contentType;
      return { path, query, headers: all, body };
    });
}

async function send(route: RouteEntry, request: HostileRequest) {
  const options: InjectOptions = {
    method: route.method as InjectOptions['method'],
    url: request.query ? `${request.path}?${request.query}` : request.path,
    headers: request.headers,
  };
  if (request.body.payload !== undefined) options.payload = request.body.payload;
  return test.app.inject(options);
}

/** What every answer must be, whatever was asked. */
function expectSafeAnswer(route: RouteEntry, signedIn: boolean, request: HostileRequest, status: number, body: string) {
  const where = `${route.method} ${request.path.slice(0, 200)} → ${status}`;
  expect(status, where).toBeLessThan(500);
  expect(body, where).not.toMatch(STACK_FRAME);
  expect(body.includes(REPO_ROOT), where).toBe(false);
  // Without a user nothing succeeds: 401, or a refusal of the URL itself before any route was matched.
  if (route.auth === 'user' && !signedIn) expect(status, where).toBeGreaterThanOrEqual(400);
  if (status >= 400 && API_PATH.test(request.path)) {
    const parsed = ApiErrorBody.safeParse(JSON.parse(body));
    expect(parsed.success, `${where}: ${body.slice(0, 300)}`).toBe(true);
  }
}

/** One short paragraph per failing route: what broke, how to replay it, and the request (cut short). */
function describeFailure(route: RouteEntry, signedIn: boolean, seed: number, details: fc.RunDetails<[HostileRequest]>) {
  const error = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  const example = JSON.stringify(details.counterexample?.[0] ?? null).slice(0, 600);
  const who = signedIn ? 'signed in' : 'anonymous';
  return `${key(route)} (${who}), replay with seed ${seed} path ${details.counterexamplePath}: ${error.split('\n')[0]}\n  ${example}`;
}

describe('hostile input on every route', () => {
  it('has routes to fuzz, and shares at least TOTAL_RUNS cases among them', () => {
    const cases = plan(test.app.routeCatalogue);
    expect(cases.length).toBeGreaterThan(100);
    expect(cases.reduce((total, c) => total + c.runs, 0)).toBeGreaterThanOrEqual(TOTAL_RUNS);
  });

  // One test for all routes: the catalogue is known only once the app has started. Failures name their route.
  it('answers every hostile request without a 5xx, a stack or a crash', { timeout: 170_000 }, async () => {
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    for (const [index, { route, signedIn, runs }] of plan(test.app.routeCatalogue).entries()) {
      // Each route its own seed, derived from the run's: the same first cases for every route would waste runs.
      const seed = SEED + index;
      const auth = signedIn ? fc.constant(writer.auth.authorization) : hostileAuthorization;
      const property = fc.asyncProperty(hostileRequest(route, auth), async (request) => {
        const response = await send(route, request);
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        expectSafeAnswer(route, signedIn, request, response.statusCode, response.body);
      });
      const started = Date.now();
      const details = await fc.check(property, { numRuns: runs, seed, endOnFailure: true });
      if (process.env.FUZZ_VERBOSE)
        process.stdout.write(`${Date.now() - started} ms, ${runs} cases: ${key(route)} ${signedIn}\n`);
      if (details.failed) failures.push(describeFailure(route, signedIn, seed, details));
    }
    // How deep the cases went (2xx reached a handler's end): worth a look when the arbitraries change.
    process.stdout.write(`fuzz: seed ${SEED}, answers by status ${JSON.stringify(Object.fromEntries(statuses))}\n`);
    expect(failures.join('\n')).toBe('');
    const health = await test.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
  });
});
