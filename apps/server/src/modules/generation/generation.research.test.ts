import type { GenerationResult } from '@quire/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generations, users } from '../../db/schema';
import { type FakeAcademicApis, startFakeAcademicApis } from '../../test/fake-academic-apis';
import { jsonRequest, startTestApp, type TestApp } from '../../test/test-app';
import { mapReducePaperPdf } from '../../test/test-papers';
import type { ToolRun } from './engine-types';
import { paragraphEngine, signUpSubscriber, sseFrames, type Writer } from './generation.test-kit';

// biome-ignore lint/suspicious/noExplicitAny: the recorded runs of the test engine
const runs: ToolRun<any>[] = [];
let fake: FakeAcademicApis;
let test: TestApp;
let writer: Writer;

beforeAll(async () => {
  fake = await startFakeAcademicApis();
  fake.localisePdfs(await mapReducePaperPdf());
  test = await startTestApp({
    env: { ...fake.env(), SEARCH_TIMEOUT_MS: '1000', ALLOW_PRIVATE_URLS: 'true' },
    engines: { 'write-chapter': paragraphEngine(runs) },
  });
  writer = await signUpSubscriber(test, 'researcher@example.org');
});
afterAll(async () => {
  await test?.close();
  await fake?.close();
});

/** Runs a chapter on automatic research as a stream, working the job queue (tests run jobs by hand) meanwhile. */
async function researchedChapter(topic: string) {
  let done = false;
  const body = test
    .request(
      '/gen/write-chapter',
      jsonRequest(
        'POST',
        { inputs: { headline: 'Testing in practice', topic, outline: '1. Methods', source_type: 'quality' } },
        { ...writer.auth, accept: 'text/event-stream' },
      ),
    )
    .then((response) => response.text())
    .finally(() => {
      done = true;
    });
  while (!done) {
    await test.app.jobs.drain();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return sseFrames(await body);
}

describe('writing on automatic research (source type quality)', () => {
  it('streams the three research stages, then writes from the papers it found and processed', async () => {
    const frames = await researchedChapter('software testing');
    const stages = frames.filter((frame) => frame.event === 'stage').map((frame) => frame.data.stage);
    expect(stages).toEqual([
      'searching_sources',
      'filtering_sources',
      'processing_sources',
      'creating_plan',
      'writing',
    ]);
    const result = frames.at(-1)?.data.result as GenerationResult;
    expect(frames.at(-1)?.event).toBe('done');

    const given = runs[0]?.sources ?? [];
    expect(given.length).toBeGreaterThanOrEqual(2);
    expect(given.every((source) => source.kind === 'paper' && source.passages.length > 0)).toBe(true);
    // Full texts were processed from the PDFs: their passages carry pages.
    expect(given.every((source) => source.passages[0]?.pageStart !== null)).toBe(true);
    expect(result.citations.map((citation) => citation.sourceId)).toEqual(given.map((source) => source.id));
    expect(result.words_used).toBeGreaterThan(0);
  });

  it('answers too few sources with the translated error, and charges nothing', async () => {
    const [user] = await test.database.db.select().from(users).where(eq(users.id, writer.userId));
    const stored = (await test.database.db.select().from(generations)).length;
    const frames = await researchedChapter('qwxz zyxq');
    expect(frames.map((frame) => frame.event)).toEqual(['stage', 'stage', 'error']);
    expect(frames.at(-1)?.data).toEqual({
      type: 'error',
      code: 'no_snippets_found_error',
      message: 'Not enough sources found. Please retry with other inputs.',
    });
    const [after] = await test.database.db.select().from(users).where(eq(users.id, writer.userId));
    expect(after?.wordsUsed).toBe(user?.wordsUsed);
    expect((await test.database.db.select().from(generations)).length).toBe(stored);
  });
});
