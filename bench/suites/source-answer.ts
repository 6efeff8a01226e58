import { performance } from 'node:perf_hooks';
import {
  answeringPassages,
  answerLibraryQuestion,
  chunkPages,
  openDatabase,
  retrievePassages,
  sources,
  storePassages,
  users,
} from '@quire/server/bench';
import { type Figure, percentile, round } from '../figures';

/** Issue #28: a built-in answer on a 500-page source, and a question across a library of 200 sources. */
const LONG_SOURCE_PAGES = 500;
const LIBRARY_SOURCES = 200;
const LIBRARY_PAGES = 8;
const QUESTIONS = 40;
/** Fewer questions across the library: each reads all 200 sources. */
const LIBRARY_QUESTIONS = 5;
const GOALS = { builtin: 300, library: 800 } as const;

const VOCABULARY =
  'soil erosion climate rainfall agriculture sediment river basin vegetation runoff nitrogen carbon model field survey slope terrace crop yield drought policy farmer watershed grazing forest wetland catchment afforestation plantation streamflow evapotranspiration percentile decile curve'.split(
    ' ',
  );

function pageText(seed: number): string {
  return Array.from({ length: 30 }, (_, line) => {
    const words = Array.from({ length: 13 }, (_, i) => VOCABULARY[(seed * 7 + line * 13 + i * 5) % VOCABULARY.length]);
    return `${words.join(' ')}.`;
  }).join(' ');
}

const question = (index: number) =>
  `How does ${VOCABULARY[index % VOCABULARY.length]} change ${VOCABULARY[(index * 3 + 1) % VOCABULARY.length]} in the ${VOCABULARY[(index * 5 + 2) % VOCABULARY.length]}?`;

/**
 * The source-chat answer as the built-in engine gives it (retrieval, sentence reading and the answer policy)
 * on a 500-page source, and a question across 200 sources, timed on PGlite.
 */
export async function sourceAnswerLatency(): Promise<Figure[]> {
  const database = await openDatabase({ engine: 'pglite', dataDir: null });
  await database.migrate();
  try {
    const db = database.db;
    const [user] = await db.insert(users).values({ email: 'answers@example.org', name: 'Answers' }).returning();
    const userId = user?.id ?? '';
    const insert = async (name: string, pages: number, seed: number) => {
      const [source] = await db
        .insert(sources)
        .values({ userId, type: 'document', name, language: 'en', state: 'usable' })
        .returning();
      if (!source) throw new Error('no source row');
      const texts = Array.from({ length: pages }, (_, index) => pageText(seed + index));
      await storePassages(db, source, chunkPages(texts), 'english', {});
      return source;
    };
    const long = await insert('long.pdf', LONG_SOURCE_PAGES, 0);
    const single: number[] = [];
    for (let index = 0; index < QUESTIONS; index++) {
      const started = performance.now();
      answeringPassages(await retrievePassages(db, { sourceId: long.id, question: question(index) }));
      single.push(performance.now() - started);
    }
    const library = [long];
    for (let index = 1; index < LIBRARY_SOURCES; index++)
      library.push(await insert(`doc-${index}.pdf`, LIBRARY_PAGES, index * 31));
    const across: number[] = [];
    const ai = { engine: 'builtin', provider: 'builtin', model: null } as const;
    for (let index = 0; index < LIBRARY_QUESTIONS; index++) {
      const started = performance.now();
      await answerLibraryQuestion({ db, ai, sources: library, question: question(index), locale: 'en' });
      across.push(performance.now() - started);
    }
    const builtinP95 = round(percentile(single, 0.95));
    const libraryP95 = round(percentile(across, 0.95));
    return [
      { name: 'answer: built-in on 500 pages p50', value: round(percentile(single, 0.5)), unit: 'ms' },
      {
        name: 'answer: built-in on 500 pages p95',
        value: builtinP95,
        unit: 'ms',
        goal: { limit: GOALS.builtin, met: builtinP95 <= GOALS.builtin },
      },
      { name: 'answer: across 200 sources p50', value: round(percentile(across, 0.5)), unit: 'ms' },
      {
        name: 'answer: across 200 sources p95',
        value: libraryP95,
        unit: 'ms',
        goal: { limit: GOALS.library, met: libraryP95 <= GOALS.library },
      },
    ];
  } finally {
    await database.close();
  }
}
