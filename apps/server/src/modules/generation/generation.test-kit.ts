import { eq } from 'drizzle-orm';
import { sources, subscriptions, users } from '../../db/schema';
import { OidcBrowser } from '../../test/oidc-browser';
import type { TestApp } from '../../test/test-app';
import { storePassages } from '../sources/sources.service';
import type { ToolEngine, ToolRun } from './engine-types';

/** Helpers for the generation tests: users, sources with passages, SSE frames and a small test engine. */

export type Writer = { auth: Record<string, string>; userId: string };

export async function signUpWriter(test: TestApp, email: string): Promise<Writer> {
  const tokens = await new OidcBrowser(test.baseUrl).signUp({ name: 'Writer', email, password: 'writes-chapters' });
  const [user] = await test.database.db.select().from(users).where(eq(users.email, email));
  return { auth: { authorization: `Bearer ${tokens.access_token}` }, userId: user?.id ?? '' };
}

/**
 * A user with a student subscription (every tool, 10,000 words a month), as the writing tools need: the
 * free plan has only summarize, proofreading, find-topic, find-sources and source-qa.
 */
export async function signUpSubscriber(test: TestApp, email: string): Promise<Writer> {
  const writer = await signUpWriter(test, email);
  const now = new Date();
  const month = new Date(now.getTime() + 30 * 24 * 60 * 60 * 1000);
  await test.database.db.insert(subscriptions).values({
    userId: writer.userId,
    planSlug: 'student',
    status: 'active',
    period: 'monthly',
    provider: 'local',
    startedAt: now,
    endsAt: month,
  });
  // As a booking does: the month's words start with the subscription.
  await test.database.db.update(users).set({ wordsPeriodStartedAt: now }).where(eq(users.id, writer.userId));
  return writer;
}

/** A source of the user with these passages (one per page); usable unless another state is given. */
export async function addSource(
  test: TestApp,
  userId: string,
  {
    title,
    passages,
    state = 'usable',
    author = 'Writer',
  }: { title: string; passages: string[]; state?: 'usable' | 'processing' | 'failed'; author?: string },
): Promise<string> {
  const [row] = await test.database.db
    .insert(sources)
    .values({
      userId,
      type: 'document',
      name: `${title}.pdf`,
      title,
      authors: [author],
      year: 2020,
      state: 'processing',
    })
    .returning();
  const id = row?.id ?? '';
  const chunks = passages.map((text, index) => ({
    ordinal: index,
    pageStart: index + 1,
    pageEnd: index + 1,
    text,
    pageBreaks: [],
    unquotable: [],
  }));
  await storePassages(test.database.db, { id, userId }, chunks, 'english', {
    language: 'en',
    pageCount: passages.length,
  });
  if (state !== 'usable') await test.database.db.update(sources).set({ state }).where(eq(sources.id, id));
  return id;
}

export type SseFrame = { event: string; data: { type: string; [field: string]: unknown } };

export function sseFrames(body: string): SseFrame[] {
  return [...body.matchAll(/event: (\w+)\ndata: (.+)\n\n/g)].map((match) => ({
    event: String(match[1]),
    data: JSON.parse(String(match[2])),
  }));
}

export const REFERENCES_HEADING = '## References';

/**
 * A test engine shaped like the real ones: plans, then writes one paragraph per source (its best passage
 * with an author-date citation) and appends a reference list; with a language model it streams the model's
 * text instead. Every run it receives is recorded.
 */
// biome-ignore lint/suspicious/noExplicitAny: the test engine accepts any tool's inputs
export function paragraphEngine(runs: ToolRun<any>[] = [], options: { delayMs?: number; text?: string } = {}) {
  // biome-ignore lint/suspicious/noExplicitAny: the test engine accepts any tool's inputs
  const engine: ToolEngine<any> = {
    slug: 'write-chapter',
    usesSources: true,
    async run(run) {
      runs.push(run);
      run.stage('creating_plan');
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      run.stage('writing');
      if (run.ai.engine === 'model') return modelText(run);
      if (options.text !== undefined) return { text: options.text, citations: [], engine: 'builtin' };
      const paragraphs = run.sources.map(
        (source) => `${source.passages[0]?.text} (${source.authors[0]}, ${source.year})`,
      );
      for (const paragraph of paragraphs) run.write(`${paragraph}\n\n`);
      const references = run.sources.map((source) => `- ${source.authors[0]} (${source.year}). *${source.title}*.`);
      return {
        text: `${paragraphs.join('\n\n')}\n\n${REFERENCES_HEADING}\n\n${references.join('\n')}`,
        citations: run.sources.map((source) => ({
          sourceId: source.id,
          page: source.passages[0]?.pageStart ?? null,
          passage: source.passages[0]?.text ?? '',
        })),
        engine: 'builtin',
      };
    },
  };
  return engine;
}

// biome-ignore lint/suspicious/noExplicitAny: the test engine accepts any tool's inputs
async function modelText(run: ToolRun<any>) {
  if (run.ai.engine !== 'model') throw new Error('no model');
  let text = '';
  const prompt = `Write about ${String(run.inputs.topic ?? run.inputs.prompt)} in ${run.language}.`;
  for await (const piece of run.ai.streamText({ prompt, signal: run.signal })) {
    text += piece;
    run.write(piece);
  }
  return { text, citations: [], engine: 'model' as const };
}
