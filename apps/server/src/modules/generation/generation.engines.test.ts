import type { GenerationResult } from '@quire/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { type FakeOpenAi, startFakeOpenAi } from '../../test/fake-openai';
import { jsonRequest, readBody, startTestApp, type TestApp } from '../../test/test-app';
import { MAP_REDUCE_PAPER, mapReducePaperPdf } from '../../test/test-papers';
import { splitWords } from '../../text/segment';
import { signUpSubscriber, sseFrames, type Writer } from './generation.test-kit';

/** The real engines of the registry, end to end through the API, on the built-in engine and on a model. */

const CHAPTER = {
  headline: 'How MapReduce handles worker failures',
  topic: 'MapReduce',
  outline: '1. Programming model\n2. Fault tolerance',
  length: 'short',
  source_type: 'quality_with_sources',
};

async function uploadPaper(test: TestApp, writer: Writer): Promise<string> {
  const form = new FormData();
  const pdf = await mapReducePaperPdf();
  form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'mapreduce.pdf');
  const uploaded = await test.request('/doc/upload/document', { method: 'POST', body: form, headers: writer.auth });
  await test.app.jobs.drain();
  return (await readBody(uploaded)).data.id;
}

const wordsUsed = async (test: TestApp, writer: Writer) =>
  (await test.database.db.select().from(users).where(eq(users.id, writer.userId)))[0]?.wordsUsed;

describe('the built-in engine through the runner', () => {
  let test: TestApp;
  let writer: Writer;
  let paperId: string;
  beforeAll(async () => {
    test = await startTestApp();
    writer = await signUpSubscriber(test, 'builtin@example.org');
    paperId = await uploadPaper(test, writer);
  });
  afterAll(() => test.close());

  it('writes a chapter from the chosen paper, streamed, cited, charged without the reference list', async () => {
    const response = await test.request(
      '/gen/write-chapter',
      jsonRequest(
        'POST',
        { inputs: { ...CHAPTER, source_ids: [paperId] } },
        { ...writer.auth, accept: 'text/event-stream' },
      ),
    );
    const frames = sseFrames(await response.text());
    const stages = frames.filter((frame) => frame.event === 'stage').map((frame) => frame.data.stage);
    expect(stages).toEqual(['processing_sources', 'creating_plan', 'writing']);
    const firstDelta = frames.findIndex((frame) => frame.event === 'delta');
    expect(firstDelta).toBeGreaterThan(stages.length - 1);
    expect(frames.at(-1)?.event).toBe('done');
    const result = frames.at(-1)?.data.result as GenerationResult;
    expect(result.engine).toEqual({ kind: 'builtin', model: null });
    expect(result.citations.length).toBeGreaterThan(0);
    expect(result.citations.every((citation) => citation.sourceId === paperId && citation.page !== null)).toBe(true);
    // Charged: the chapter's words; the reference list (the last section) and the note after it are free.
    const [chapter, references] = result.text.split(/\n#{1,6} /);
    expect(references).toContain(MAP_REDUCE_PAPER.title);
    expect(result.words_used).toBe(splitWords(chapter ?? '').length);
    expect(result.words_used).toBeGreaterThan(50);
    expect(await wordsUsed(test, writer)).toBe(result.words_used);
  });

  it('summarizes a pasted text without sources, as one JSON result', async () => {
    const text =
      'MapReduce is a programming model for processing large data sets. Users specify a map function. ' +
      'The map function processes a key/value pair to generate intermediate pairs. A reduce function merges ' +
      'all intermediate values associated with the same key. Programs written in this style are parallelized ' +
      'automatically. The run-time system takes care of partitioning the input data. It also handles machine failures.';
    const response = await test.request(
      '/gen/summarize-text',
      jsonRequest('POST', { inputs: { text, summary_type: 'informative' } }, writer.auth),
    );
    expect(response.status).toBe(201);
    const { data } = await readBody(response);
    expect(data).toMatchObject({ slug: 'summarize-text', engine: { kind: 'builtin', model: null } });
    expect(data.words_used).toBeGreaterThan(0);
  });
});

describe('a real engine on a language model through the runner', () => {
  let fake: FakeOpenAi;
  let test: TestApp;
  let writer: Writer;
  let paperId: string;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
    test = await startTestApp({
      env: { AI_PROVIDER: 'openai-compatible', AI_BASE_URL: `${fake.url}/v1`, AI_MODEL: 'fake', AI_MAX_RETRIES: '0' },
    });
    writer = await signUpSubscriber(test, 'model@example.org');
    paperId = await uploadPaper(test, writer);
  });
  afterAll(async () => {
    await test.close();
    await fake.close();
  });

  it("prompts the model with the chosen paper's passages and stores what it wrote", async () => {
    fake.reply({ chunks: ['The master pings ', 'every worker periodically [1].'], chunkDelayMs: 100 });
    const response = await test.request(
      '/gen/write-chapter',
      jsonRequest(
        'POST',
        { inputs: { ...CHAPTER, source_ids: [paperId] } },
        { ...writer.auth, accept: 'text/event-stream' },
      ),
    );
    const frames = sseFrames(await response.text());
    expect(frames.filter((frame) => frame.event === 'delta').map((frame) => frame.data.text)).toEqual([
      'The master pings ',
      'every worker periodically [1].',
    ]);
    const result = frames.at(-1)?.data.result as GenerationResult;
    expect(result.engine).toEqual({ kind: 'model', model: 'fake' });
    expect(result.citations.map((citation) => citation.sourceId)).toEqual([paperId]);
    const prompt = JSON.stringify(fake.completions()[0]?.body?.messages);
    expect(prompt).toContain('How MapReduce handles worker failures');
    expect(prompt.toLowerCase()).toContain('worker');
    expect(await wordsUsed(test, writer)).toBe(result.words_used);
  });
});
