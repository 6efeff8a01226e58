import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AiGateway } from '../../../ai/gateway';
import { createAiGateway } from '../../../ai/gateway';
import { loadConfig } from '../../../config';
import { translator } from '../../../http/i18n';
import { type FakeOpenAi, startFakeOpenAi } from '../../../test/fake-openai';
import type { ToolSource } from '../engine-types';
import { testRun } from './engine-test-sources';
import { TOOL_ENGINES } from './index';

let fake: FakeOpenAi;
let ai: AiGateway;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  const config = loadConfig({
    AI_PROVIDER: 'openai-compatible',
    AI_BASE_URL: `${fake.url}/v1`,
    AI_MODEL: 'fake-model',
    AI_API_KEY: 'test-key',
  });
  ai = await createAiGateway(config.ai, pino({ level: 'silent' }));
});
beforeEach(() => fake.reset());
afterAll(async () => {
  if (ai.engine === 'model') await ai.close();
  await fake.close();
});

const mapReduce: ToolSource = {
  id: 'map-reduce',
  title: 'MapReduce: Simplified data processing on large clusters',
  authors: ['Jeffrey Dean', 'Sanjay Ghemawat'],
  year: 2008,
  venue: 'Communications of the ACM',
  doi: '10.1145/1327452.1327492',
  url: null,
  kind: 'paper',
  language: 'en',
  passages: [
    { text: 'The master pings every worker periodically.', pageStart: 3, pageEnd: 3, score: 0.9 },
    { text: 'Completed map tasks are re-executed on a failure.', pageStart: 4, pageEnd: 4, score: 0.8 },
  ],
};
const unused: ToolSource = {
  ...mapReduce,
  id: 'unused',
  title: 'A source the model never cites',
  authors: ['Ada Lovelace'],
  year: 1843,
  doi: null,
  passages: [{ text: 'Notes on the analytical engine.', pageStart: 1, pageEnd: 1, score: 0.5 }],
};

function chapterRun(language: 'en' | 'de' = 'de') {
  return testRun({
    slug: 'write-chapter',
    inputs: {
      headline: 'Fehlertoleranz',
      topic: 'Verteilte Datenverarbeitung',
      outline: '1. Einleitung\n2. Fehlertoleranz',
      length: 'short',
      source_type: 'quality_with_sources',
      citation_style: 'apa7',
      user_instruction: 'Betone die Rolle des Masters.',
    },
    sources: [mapReduce, unused],
    language,
    ai,
  });
}

describe('model path', () => {
  it('sends the passages, the instruction, the language and the length to the model', async () => {
    fake.reply('Der Master prüft die Worker [1].');
    await TOOL_ENGINES['write-chapter'].run(chapterRun());
    const [request] = fake.completions();
    const messages = request?.body?.messages ?? [];
    const system = String(messages.find((message) => message.role === 'system')?.content);
    const user = String(messages.find((message) => message.role === 'user')?.content);
    expect(system).toContain('Write in German');
    expect(system).toContain('exactly 4 paragraphs');
    expect(user).toContain(
      '[1] (Dean & Ghemawat 2008, p. 3; "MapReduce: Simplified data processing on large clusters") The master pings every worker periodically.',
    );
    expect(user).toContain('[2] (Lovelace 1843, p. 1;');
    expect(user).toContain('[3] (Dean & Ghemawat 2008, p. 4;');
    expect(user).toContain('Betone die Rolle des Masters.');
    expect(user).toContain('Chapter focus (headline): Fehlertoleranz');
  });

  it('drops an invented reference, renders [n] in the citation style and lists only the cited sources', async () => {
    fake.reply({
      chunks: ['Der Master pingt ', 'jeden Worker [1]. ', 'Fertige Map-Tasks laufen neu [3][9]. ', 'Erfunden [9].'],
    });
    const run = chapterRun();
    const output = await TOOL_ENGINES['write-chapter'].run(run);
    expect(output.engine).toBe('model');
    expect(run.written.join('')).toBe(
      'Der Master pingt jeden Worker [1]. Fertige Map-Tasks laufen neu [3][9]. Erfunden [9].',
    );
    expect(run.stages).toEqual(['creating_plan', 'writing']);
    expect(output.text).not.toContain('[9]');
    expect(output.text).toContain('Der Master pingt jeden Worker (Dean & Ghemawat, 2008, S. 3).');
    expect(output.text).toContain('Fertige Map-Tasks laufen neu (Dean & Ghemawat, 2008, S. 4).');
    expect(output.text).toContain('Erfunden.');
    const references = output.text.split('## Literaturverzeichnis\n\n')[1] ?? '';
    expect(references.split('\n\n')[0]).toBe(
      'Dean, J., & Ghemawat, S. (2008). MapReduce: Simplified data processing on large clusters. *Communications of the ACM*. https://doi.org/10.1145/1327452.1327492',
    );
    expect(output.text).not.toContain('Lovelace');
    expect(output.citations).toEqual([
      { sourceId: 'map-reduce', page: 3, passage: 'The master pings every worker periodically.' },
      { sourceId: 'map-reduce', page: 4, passage: 'Completed map tasks are re-executed on a failure.' },
    ]);
    expect(output.text).toContain(translator('de')('engine:note.model', { model: 'fake-model' }));
  });

  it('numbers citations in a numeric style by first use of each source', async () => {
    fake.reply('Lovelace wrote notes [2]. The master pings workers [1].');
    const run = { ...chapterRun('en'), citationStyle: 'ieee' as const };
    const output = await TOOL_ENGINES['write-chapter'].run(run);
    expect(output.text).toContain('Lovelace wrote notes [1, p. 1]. The master pings workers [2, p. 3].');
    expect(output.text).toMatch(/## References\n\n\[1\] A\. Lovelace,[^\n]*\n\n\[2\] J\. Dean and S\. Ghemawat,/);
  });

  it('says so when the model cites none of the given sources', async () => {
    fake.reply('Ein Text ganz ohne Belege.');
    const output = await TOOL_ENGINES['write-chapter'].run(chapterRun());
    expect(output.text).toBe(`Ein Text ganz ohne Belege.\n\n_${translator('de')('engine:note.uncited')}_`);
    expect(output.citations).toEqual([]);
  });

  it('summarize sends the text and the summary type, and keeps the model’s summary', async () => {
    fake.reply('A short abstract.');
    const output = await TOOL_ENGINES.summarize.run(
      testRun({
        slug: 'summarize',
        inputs: { summary_type: 'abstract', text: 'The whole text to summarise. It has two sentences.' },
        ai,
      }),
    );
    const user = String(fake.completions()[0]?.body?.messages?.find((message) => message.role === 'user')?.content);
    const system = String(fake.completions()[0]?.body?.messages?.find((message) => message.role === 'system')?.content);
    expect(user).toContain('The whole text to summarise. It has two sentences.');
    expect(system).toContain('An abstract of 4 to 6 sentences');
    expect(output.text.startsWith('A short abstract.')).toBe(true);
    expect(output.engine).toBe('model');
  });

  it('find-topic returns the model’s suggestions as items', async () => {
    fake.reply(
      '- Fault tolerance in MapReduce\n- Scheduling stragglers\n2. Data locality\n- Fault tolerance in MapReduce',
    );
    const output = await TOOL_ENGINES['find-topic'].run(
      testRun({ slug: 'find-topic', inputs: { study_subject: 'Computer science', count: 8 }, ai }),
    );
    expect(output.items).toEqual(['Fault tolerance in MapReduce', 'Scheduling stragglers', 'Data locality']);
    expect(output.text).toContain('- Data locality');
  });

  it('an essay without an outline asks the model for one first, then follows it', async () => {
    fake.enqueue('## 1. Einleitung\n## 2. Fehlertoleranz', '## Einleitung\n\nText [1].');
    const output = await TOOL_ENGINES['write-essay'].run(
      testRun({
        slug: 'write-essay',
        inputs: {
          topic: 'Verteilte Datenverarbeitung',
          language: 'de',
          length: 'short',
          source_type: 'quality_with_sources',
          outline_mode: 'generate',
          citation_style: 'apa7',
        },
        sources: [mapReduce],
        language: 'de',
        ai,
      }),
    );
    const [plan, essay] = fake.completions();
    expect(String(plan?.body?.messages?.[0]?.content)).toContain('You write outlines only');
    expect(String(essay?.body?.messages?.[1]?.content)).toContain(
      'Outline to follow:\n## 1. Einleitung\n## 2. Fehlertoleranz',
    );
    expect(output.text).toContain('Text (Dean & Ghemawat, 2008, S. 3).');
  });
});
