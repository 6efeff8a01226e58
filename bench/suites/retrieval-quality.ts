import { corpusPdf, measureRetrievalQuality, openDatabase, users } from '@quire/server/bench';
import type { Figure } from '../figures';
import { leftOutWithoutCorpus } from './corpus';

/** ARCHITECTURE §5: the right page among the cited passages for at least 90% of questions. */
const MISSED_LIMIT = 10;

/**
 * Source-chat retrieval over the real papers of the corpus (English, Spanish, Portuguese): each paper indexed
 * as source processing does, every question of the evaluation set asked, the cited passages' pages
 * compared with the page of the answer.
 */
export async function retrievalQuality(): Promise<Figure[]> {
  if (leftOutWithoutCorpus('retrieval quality needs the real papers')) return [];
  const database = await openDatabase({ engine: 'pglite', dataDir: null });
  await database.migrate();
  try {
    const [user] = await database.db
      .insert(users)
      .values({ email: 'quality@example.org', name: 'Quality' })
      .returning();
    const quality = await measureRetrievalQuality(database.db, {
      userId: user?.id ?? '',
      readPdf: (file) => corpusPdf(file),
    });
    const missed = percent(1 - quality.cited);
    return [
      { name: 'retrieval quality: questions', value: quality.questions, unit: 'questions' },
      { name: 'retrieval quality: right page first', value: percent(quality.firstPage), unit: '%' },
      { name: 'retrieval quality: right page cited', value: percent(quality.cited), unit: '%' },
      { name: 'retrieval quality: nothing cited', value: percent(quality.none), unit: '%' },
      {
        name: 'retrieval quality: right page not cited',
        value: missed,
        unit: '%',
        goal: { limit: MISSED_LIMIT, met: missed <= MISSED_LIMIT },
      },
      {
        name: 'retrieval quality: off-topic questions declined',
        value: percent(quality.unansweredRightly),
        unit: '%',
      },
    ];
  } finally {
    await database.close();
  }
}

const percent = (share: number) => Math.round(share * 1000) / 10;
