import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { sources, users } from '../../db/schema';
import { createTestDatabase } from '../../test/test-database';
import { chunkPages } from '../../text/chunking';
import { answeringPassages } from '../chat/builtin-answer';
import { insertPassages } from './passage-indexer';
import { definesTarget, definitionTarget, questionSegments, segmentLanguage } from './question-analysis';
import { retrievePassages, sentencesOf } from './sources.retrieval';

describe('question analysis', () => {
  it('splits a question with a gloss in brackets into one segment per language', () => {
    const segments = questionSegments(
      '¿Cuántas mujeres participaron en la encuesta? (How many women took part?)',
      'es',
    );
    expect(segments.map((segment) => segment.language)).toEqual(['es', 'en']);
    expect(segments[1]?.words).toEqual(['how', 'many', 'women', 'took', 'part']);
  });

  it('keeps a question in one language as one segment', () => {
    expect(questionSegments('Wie viele Zyklen braucht ein Bytecode? Und warum?', 'en')).toHaveLength(1);
  });

  it('tells short questions apart by their function words', () => {
    expect(segmentLanguage('Wofür steht VESPA?', 'en')).toBe('de');
    expect(segmentLanguage('Quel algorithme glouton résume un log ?', 'en')).toBe('fr');
    expect(segmentLanguage('Wat noemen we een fasor?', 'de')).toBe('nl');
    expect(segmentLanguage('Quante ore è durato lo stage?', 'en')).toBe('it');
  });

  it('finds what a definition question asks about, in any of the languages', () => {
    expect(definitionTarget('What does FDC stand for?')).toEqual({ term: 'FDC', acronym: true });
    expect(definitionTarget('¿Qué significa RBC?')).toEqual({ term: 'RBC', acronym: true });
    expect(definitionTarget('Was ist ein Kreisteilungspolynom?')).toEqual({
      term: 'Kreisteilungspolynom',
      acronym: false,
    });
    expect(definitionTarget('How many catchments were studied?')).toBeNull();
  });

  it('recognises the sentence that defines an acronym, not one that only uses it', () => {
    const target = { term: 'FDC', acronym: true };
    expect(
      definesTarget('The impact on flow regime, as described by the annual flow duration curve (FDC) is', target),
    ).toBe(true);
    expect(
      definesTarget('VESPA: Very large-scale Evolutionary and Selective Pressure Analyses', {
        term: 'VESPA',
        acronym: true,
      }),
    ).toBe(true);
    expect(definesTarget('The FDC of each year was then adjusted for climate.', target)).toBe(false);
  });

  it('cuts a passage into sentences that keep their offsets', () => {
    const text = 'The master pings workers. A worker that fails is reset! Why? Because of 3.5 s timeouts.';
    const sentences = sentencesOf(text);
    expect(sentences.map((sentence) => sentence.text)).toEqual([
      'The master pings workers.',
      'A worker that fails is reset!',
      'Why?',
      'Because of 3.5 s timeouts.',
    ]);
    for (const sentence of sentences) expect(text.slice(sentence.start, sentence.end)).toBe(sentence.text);
  });
});

let database: DatabaseHandle;
let dispose: () => Promise<void>;
let spanish: string;
let english: string;

const FILLER = (topic: string, count: number) =>
  Array.from(
    { length: count },
    (_, index) => `Este párrafo ${index} trata de ${topic} y de otros asuntos generales del estudio.`,
  ).join(' ');

async function indexSource(userId: string, language: string, config: string, pages: string[]): Promise<string> {
  const [source] = await database.db
    .insert(sources)
    .values({ userId, type: 'document', name: `${language}.pdf`, language, state: 'usable' })
    .returning();
  if (!source) throw new Error('no source');
  await insertPassages(database.db, source, chunkPages(pages), config);
  return source.id;
}

beforeAll(async () => {
  ({ database, dispose } = await createTestDatabase());
  const [user] = await database.db.insert(users).values({ email: 'asker@example.org', name: 'Asker' }).returning();
  const userId = user?.id ?? '';
  spanish = await indexSource(userId, 'es', 'spanish', [
    FILLER('la historia de la región', 30),
    `${FILLER('los métodos', 10)} La encuesta se realizó a una muestra de 468 mujeres embarazadas atendidas en consulta prenatal. ${FILLER('los resultados', 10)}`,
    FILLER('la discusión de los hallazgos', 30),
  ]);
  english = await indexSource(userId, 'en', 'english', [
    `The hydrologic effect of afforestation on the annual flow duration curve (FDC) is less certain than on mean flows. ${'Plantations change streamflow in many ways that are studied here. '.repeat(20)}`,
    `${'The FDC of each catchment was computed from daily flows for every year of record. '.repeat(12)}`,
    `${'Each FDC percentile was fitted with rainfall and plantation age as parameters of the model. '.repeat(12)}`,
  ]);
}, 60_000);
afterAll(() => dispose());

describe('retrieval', () => {
  it('answers a Spanish question with an English gloss from the Spanish passage, citing its page', async () => {
    const passages = await retrievePassages(database.db, {
      sourceId: spanish,
      question: '¿Cuántas mujeres participaron en la encuesta? (How many women took part in the survey?)',
    });
    const answering = answeringPassages(passages);
    expect(answering[0]?.page).toBe(2);
    expect(answering[0]?.evidence).toContain('468 mujeres');
  });

  it('finds the sentence that defines an acronym before those that only use it', async () => {
    const passages = await retrievePassages(database.db, { sourceId: english, question: 'What does FDC stand for?' });
    expect(passages[0]?.page).toBe(1);
    expect(passages[0]?.evidence).toContain('flow duration curve (FDC)');
    expect(answeringPassages(passages)[0]?.page).toBe(1);
  });

  it('cites nothing for a question the source does not answer', async () => {
    const passages = await retrievePassages(database.db, {
      sourceId: english,
      question: 'What dose of ibuprofen is recommended for a herniated disc?',
    });
    expect(answeringPassages(passages)).toEqual([]);
  });
});
