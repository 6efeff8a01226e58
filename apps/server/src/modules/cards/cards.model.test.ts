import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sourceChunks, users } from '../../db/schema';
import { type FakeOpenAiRequest, startFakeOpenAi } from '../../test/fake-openai';
import { readBody, startTestApp, type TestApp } from '../../test/test-app';
import { mapReducePaperPdf } from '../../test/test-papers';
import { splitWords } from '../../text/segment';
import { signUpSubscriber, type Writer } from '../generation/generation.test-kit';
import { type Call, caller, dataOf, ENGLISH_TEXT, wordsUsed } from './cards.test-kit';
import { MODEL_PASSAGES } from './model-cards';

let fake: Awaited<ReturnType<typeof startFakeOpenAi>>;
let test: TestApp;
let student: Writer;
let asStudent: Call;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  test = await startTestApp({
    env: { AI_PROVIDER: 'openai-compatible', AI_BASE_URL: `${fake.url}/v1`, AI_MODEL: 'fake', AI_MAX_RETRIES: '0' },
  });
  student = await signUpSubscriber(test, 'modelled@example.org');
  asStudent = caller(test, student);
});
beforeEach(async () => {
  fake.reset();
  await test.database.db.update(users).set({ wordsUsed: 0 }).where(eq(users.id, student.userId));
});
afterAll(async () => {
  await test.close();
  await fake.close();
});

/** The passages the server numbered in the prompt: `[n] (p. x) text`, the page only for documents. */
function promptedPassages(request: FakeOpenAiRequest | undefined) {
  const user = String(request?.body?.messages?.find((message) => message.role === 'user')?.content);
  return [...user.matchAll(/^\[(\d+)\](?: \(p\. (\d+)\))? (.+)$/gm)].map((match) => ({
    number: Number(match[1]),
    page: match[2] ? Number(match[2]) : null,
    text: String(match[3]),
  }));
}

/** A card for each prompted passage, answered with the passage's own first words. */
function faithfulCards(request: FakeOpenAiRequest): string {
  const cards = promptedPassages(request).map((passage) => ({
    question: `What does passage ${passage.number} say first?`,
    answer: passage.text.split(' ').slice(0, 8).join(' '),
    passage: passage.number,
  }));
  return `\`\`\`json\n${JSON.stringify(cards)}\n\`\`\``;
}

const generate = (body: Record<string, unknown> = { text: ENGLISH_TEXT }) =>
  asStudent('POST', '/api/cards/decks', body);

describe('cards written by a language model', () => {
  it('asks for cards from numbered passages in the deck language, and keeps the ones its passages support', async () => {
    fake.reply((request) => faithfulCards(request));
    const deck = await dataOf(await generate({ text: ENGLISH_TEXT, language: 'de', count: 5 }), 201);
    const [request] = fake.completions();
    const system = String(request?.body?.messages?.find((message) => message.role === 'system')?.content);
    expect(system).toContain('Write the questions and answers in German');
    expect(system).toContain('JSON array');
    const user = String(request?.body?.messages?.find((message) => message.role === 'user')?.content);
    expect(user).toContain('Write up to 5 flashcards');
    const passages = promptedPassages(request);
    expect(passages.map((passage) => passage.text).join(' ')).toBe(ENGLISH_TEXT);
    expect(deck).toMatchObject({ engine: 'model', language: 'de' });
    expect(deck.cards).toHaveLength(passages.length);
    expect(deck.cards[0]).toMatchObject({
      kind: 'qa',
      front: 'What does passage 1 say first?',
      passage: passages[0]?.text,
      page: null,
    });
    const words = deck.cards.reduce(
      (sum: number, card: { front: string; back: string }) =>
        sum + splitWords(`${card.front} ${card.back}`, 'de').length,
      0,
    );
    expect(await wordsUsed(test, student.userId)).toBe(words);
  });

  it('drops cards whose answers their passage does not support, or that cite a passage it was not given', async () => {
    fake.reply(
      JSON.stringify([
        { question: 'What is the cell?', answer: 'The basic unit of life', passage: 1 },
        { question: 'Who discovered DNA?', answer: 'Watson and Crick in 1953', passage: 1 },
        { question: 'What is a ribosome?', answer: 'The protein factory of the cell', passage: 1 },
        { question: 'What is the cell?', answer: 'The basic unit of life', passage: 9 },
      ]),
    );
    const deck = await dataOf(await generate(), 201);
    expect(deck.engine).toBe('model');
    expect(deck.cards.map((card: { front: string; back: string }) => [card.front, card.back])).toEqual([
      ['What is the cell?', 'The basic unit of life'],
    ]);
  });

  it('falls back to the built-in cards when the answer holds no usable card', async () => {
    for (const reply of [
      'Sorry, I cannot make flashcards.',
      '[{"question": "What is life?", "answer": "Forty-two", "passage": 1}]',
    ]) {
      fake.reply(reply);
      const deck = await dataOf(await generate(), 201);
      expect(deck.engine).toBe('builtin');
      expect(deck.cards[0]).toMatchObject({ kind: 'definition', front: 'What is the cell?' });
    }
  });

  it('falls back to the built-in cards when the model fails or breaks off', async () => {
    for (const reply of [
      { status: 500 },
      { text: '[{"question": "Q", "answer": "A", "passage": 1}]', malformed: true },
    ]) {
      fake.reply(reply);
      const response = await generate();
      expect(response.status).toBe(201);
      expect((await readBody(response)).data.engine).toBe('builtin');
    }
  });

  it("gives the model a spread of a paper's passages, each with its page", async () => {
    const form = new FormData();
    form.append(
      'file',
      new Blob([new Uint8Array(await mapReducePaperPdf())], { type: 'application/pdf' }),
      'mapreduce.pdf',
    );
    const uploaded = await test.request('/doc/upload/document', { method: 'POST', body: form, headers: student.auth });
    const sourceId = (await readBody(uploaded)).data.id;
    await test.app.jobs.drain();
    fake.reply((request) => faithfulCards(request));
    const deck = await dataOf(await generate({ source_id: sourceId }), 201);
    const passages = promptedPassages(fake.completions()[0]);
    expect(passages).toHaveLength(MODEL_PASSAGES);
    const chunks = await test.database.db.select().from(sourceChunks).where(eq(sourceChunks.sourceId, sourceId));
    const pages = passages.map((passage) => chunks.find((chunk) => chunk.text === passage.text)?.pageStart);
    expect(pages).toEqual(passages.map((passage) => passage.page));
    // The generated paper has eight pages: the passages reach from its start to its end.
    expect(pages[0]).toBeLessThanOrEqual(2);
    expect(pages.at(-1)).toBeGreaterThanOrEqual(7);
    expect(deck).toMatchObject({ engine: 'model', source_id: sourceId });
    expect(deck.cards.map((card: { page: number }) => card.page)).toEqual(pages);
  });
});
