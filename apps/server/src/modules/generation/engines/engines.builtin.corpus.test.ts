import type { Length } from '@quire/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { translator } from '../../../http/i18n';
import { splitSentences } from '../../../text/segment';
import type { ToolOutput, ToolSource } from '../engine-types';
import { bodyParagraphs, FIXTURE_PAPERS, fixtureSource, testRun } from './engine-test-sources';
import { TOOL_ENGINES } from './index';

let papers: ToolSource[];

/** What the runner would retrieve: each paper's first passages (its abstract and introduction) and some later ones. */
function retrieved(source: ToolSource, count = 14, id = source.id): ToolSource {
  const picked = source.passages.filter((_, index) => index < count / 2 || index % 7 === 0).slice(0, count);
  return { ...source, id, passages: picked };
}

beforeAll(async () => {
  papers = (await Promise.all(FIXTURE_PAPERS.map((paper) => fixtureSource(paper)))).map((source) => retrieved(source));
}, 60_000);

const flat = (text: string) => text.replace(/\s+/g, ' ');

/** Every citation points at a given source, at a page one of its passages spans, quoting a sentence of it. */
function expectCitationsResolve(output: ToolOutput, sources: ToolSource[]) {
  expect(output.citations.length).toBeGreaterThan(0);
  for (const citation of output.citations) {
    const source = sources.find((candidate) => candidate.id === citation.sourceId);
    expect(source, citation.sourceId).toBeDefined();
    const passages = source?.passages.filter((passage) => flat(passage.text).includes(citation.passage)) ?? [];
    expect(passages.length, citation.passage).toBeGreaterThan(0);
    expect(passages.map((passage) => passage.pageStart)).toContain(citation.page);
  }
}

/** The reference list holds exactly the cited sources (APA: one entry per source, with its title). */
function expectReferencesMatch(output: ToolOutput, sources: ToolSource[], heading = 'References') {
  const list = output.text.split(`## ${heading}\n\n`)[1]?.split('\n\n_')[0] ?? '';
  const entries = list.split('\n\n').filter(Boolean);
  const cited = new Set(output.citations.map((citation) => citation.sourceId));
  expect(entries).toHaveLength(cited.size);
  for (const source of sources) {
    const listed = entries.some((entry) => entry.includes(source.title.slice(0, 30)));
    expect(listed, source.title).toBe(cited.has(source.id));
  }
}

function chapter(length: Length, language: 'en' | 'de' = 'en') {
  return testRun({
    slug: 'write-chapter',
    inputs: {
      headline: 'Fault tolerance in MapReduce',
      topic: 'Large-scale data processing',
      outline: '1. Introduction\n2. Fault tolerance in MapReduce\n3. Conclusion',
      length,
      source_type: 'quality_with_sources',
      citation_style: 'apa7',
    },
    sources: papers,
    language,
  });
}

describe('built-in engine: chapter, introduction, essay', () => {
  it.each([
    ['short', 4],
    ['normal', 6],
    ['long', 8],
  ] as const)(
    'a %s chapter has %i paragraphs, cited from the given sources, with exactly their references',
    async (length, count) => {
      const run = chapter(length);
      const output = await TOOL_ENGINES['write-chapter'].run(run);
      expect(output.engine).toBe('builtin');
      expect(bodyParagraphs(output)).toHaveLength(count);
      expectCitationsResolve(output, papers);
      expectReferencesMatch(output, papers);
      // Each quoted sentence carries an APA citation with its page.
      expect(output.text.match(/\([^()]+, \d{4}, pp?\. \d+(?:–\d+)?\)/g)?.length).toBe(output.citations.length);
      expect(run.stages).toEqual(['creating_plan', 'writing']);
      expect(run.written.join('')).toBe(output.text);
      expect(output.text).toContain(translator('en')('engine:note.builtin'));
    },
  );

  it('prefers the sentences that match the chapter’s focus', async () => {
    const output = await TOOL_ENGINES['write-chapter'].run(chapter('normal'));
    const cited = new Set(output.citations.map((citation) => citation.sourceId));
    expect(cited.has(FIXTURE_PAPERS[0].file)).toBe(true);
    expect(output.citations.some((citation) => /fail/i.test(citation.passage))).toBe(true);
  });

  it('writes German connecting sentences, quotation marks and headings when the language is de', async () => {
    const output = await TOOL_ENGINES['write-chapter'].run(chapter('short', 'de'));
    expect(output.text).toContain('Dieses Kapitel, „Fault tolerance in MapReduce“');
    expect(output.text).toMatch(/Ein erster Aspekt betrifft/);
    expect(output.text).toMatch(/„[^“]+“ \([^)]+, S\. \d+/);
    expect(output.text).toContain('## Literaturverzeichnis');
    expect(output.text).not.toContain('## References');
    expect(output.text).toContain('Quires eingebauter Engine');
  });

  it('an introduction has its paragraph count and ends with the steps of the outline', async () => {
    const run = testRun({
      slug: 'write-introduction',
      inputs: {
        topic: 'Large-scale data processing',
        outline: '## Background\n## MapReduce\n## Evaluation',
        length: 'short',
        source_type: 'quality_with_sources',
        citation_style: 'ieee',
      },
      sources: papers,
      citationStyle: 'ieee',
    });
    const output = await TOOL_ENGINES['write-introduction'].run(run);
    const paragraphs = bodyParagraphs(output);
    expect(paragraphs).toHaveLength(4);
    expect(paragraphs[0]).toMatch(/^This work is about Large-scale data processing\./);
    expect(paragraphs.at(-1)).toContain('The work proceeds in these steps: Background, MapReduce, and Evaluation.');
    expectCitationsResolve(output, papers);
    // IEEE: numbered in order of first use, and as many entries as cited sources.
    const numbers = [...output.text.matchAll(/\[(\d+), pp?\.\s[\d–]+\]/g)].map((match) => Number(match[1]));
    expect(numbers[0]).toBe(1);
    expect(Math.max(...numbers)).toBe(new Set(output.citations.map((citation) => citation.sourceId)).size);
  });

  it('an essay follows the provided outline with the paragraph count per section', async () => {
    const run = testRun({
      slug: 'write-essay',
      inputs: {
        topic: 'Large-scale data processing',
        language: 'en',
        length: 'short',
        source_type: 'quality_with_sources',
        outline_mode: 'provide',
        outline:
          '1. Introduction\n2. Programming model\n2.1 Map and reduce functions\n3. Fault tolerance\n4. Conclusion',
        citation_style: 'apa7',
      },
      sources: papers,
    });
    const output = await TOOL_ENGINES['write-essay'].run(run);
    const headings = output.text.match(/^## .+$/gm);
    expect(headings).toEqual([
      '## Introduction',
      '## Programming model',
      '## Fault tolerance',
      '## Conclusion',
      '## References',
    ]);
    const sections = output.text.split(/^## /m).slice(1, 5);
    for (const section of sections) {
      const paragraphs = section
        .split('\n\n')
        .slice(1)
        .filter((block) => block.trim() && !block.startsWith('_'));
      expect(paragraphs).toHaveLength(4);
    }
    expectCitationsResolve(output, papers);
    expectReferencesMatch(output, papers);
  });

  it('an essay without an outline generates one from the sources first', async () => {
    const output = await TOOL_ENGINES['write-essay'].run(
      testRun({
        slug: 'write-essay',
        inputs: {
          topic: 'Large-scale data processing',
          language: 'en',
          length: 'short',
          source_type: 'quality_with_sources',
          outline_mode: 'generate',
          citation_style: 'harvard',
        },
        sources: papers,
      }),
    );
    const headings = output.text.match(/^## .+$/gm) ?? [];
    expect(headings[0]).toBe('## Introduction');
    expect(headings.at(-2)).toBe('## Conclusion');
    expect(headings).toHaveLength(3 + 3 + 1);
  });

  it('says plainly that it needs sources when none is usable, instead of writing without them', async () => {
    const output = await TOOL_ENGINES['write-chapter'].run({ ...chapter('short'), sources: [] });
    expect(output.text).toBe(`_${translator('en')('engine:note.noSources')}_`);
    expect(output.citations).toEqual([]);
  });

  it('writes a long chapter from 20 sources quickly', async () => {
    const twenty = await Promise.all(
      Array.from({ length: 20 }, async (_, index) => {
        const paper = FIXTURE_PAPERS[index % FIXTURE_PAPERS.length] as (typeof FIXTURE_PAPERS)[number];
        return retrieved(await fixtureSource(paper), 10, `source-${index}`);
      }),
    );
    const started = performance.now();
    const output = await TOOL_ENGINES['write-chapter'].run({ ...chapter('long'), sources: twenty });
    const elapsed = performance.now() - started;
    process.stdout.write(`built-in long chapter from 20 sources: ${elapsed.toFixed(0)} ms\n`);
    expect(bodyParagraphs(output)).toHaveLength(8);
    // Loose: the bench measures it properly (goal < 500 ms); this only catches an order-of-magnitude slip.
    expect(elapsed).toBeLessThan(3_000);
  });
});

describe('built-in engine: outline and topics', () => {
  it('an outline has introduction, a main section per key phrase with sub-sections, discussion and conclusion', async () => {
    const output = await TOOL_ENGINES['write-outline'].run(
      testRun({
        slug: 'write-outline',
        inputs: { topic: 'Large-scale data processing', length: 'normal', source_type: 'quality_with_sources' },
        sources: [papers[0] as ToolSource],
      }),
    );
    const main = output.text.match(/^## .+$/gm) ?? [];
    expect(main).toHaveLength(4 + 3);
    expect(main[0]).toBe('## 1. Introduction');
    expect(main.at(-2)).toBe('## 6. Discussion');
    expect(main.at(-1)).toBe('## 7. Conclusion');
    main.forEach((heading, index) => {
      expect(heading.startsWith(`## ${index + 1}. `)).toBe(true);
    });
    expect(output.text.match(/^### 1\.1 .+$/m)).not.toBeNull();
    const bodyTitles = main.slice(1, -2).join(' ').toLowerCase();
    // Main sections come from the MapReduce paper’s own vocabulary.
    expect(bodyTitles).toMatch(/map|reduce|task|data|program|intermediate|key|machine|worker/);
    expect(output.text).not.toMatch(/doi|https?:/i);
  });

  it('translates the outline’s fixed headings', async () => {
    const output = await TOOL_ENGINES['write-outline'].run(
      testRun({
        slug: 'write-outline',
        inputs: { topic: 'Datenverarbeitung', length: 'short', source_type: 'quality_with_sources' },
        sources: papers,
        language: 'de',
      }),
    );
    expect(output.text).toContain('## 1. Einleitung');
    expect(output.text).toContain('### 1.1 Hintergrund und Relevanz');
    expect(output.text).toMatch(/## 6\. Fazit/);
  });

  it('find-topic suggests distinct topics tied to the subject, interests and sources', async () => {
    const run = testRun({
      slug: 'find-topic',
      inputs: { study_subject: 'Computer science', interests: 'cloud computing, statistics', count: 8 },
      sources: papers,
    });
    const output = await TOOL_ENGINES['find-topic'].run(run);
    expect(output.items).toHaveLength(8);
    expect(new Set(output.items).size).toBe(8);
    const tied = (output.items ?? []).filter((item) => /computer science|cloud computing|statistics/i.test(item));
    expect(tied.length).toBeGreaterThanOrEqual(4);
    for (const item of output.items ?? []) expect(output.text).toContain(`- ${item}`);
  });

  it('find-topic asks for a subject or interests when it has nothing to go on', async () => {
    const output = await TOOL_ENGINES['find-topic'].run(testRun({ slug: 'find-topic', inputs: { count: 8 } }));
    expect(output.items).toEqual([]);
    expect(output.text).toBe(translator('en')('engine:topics.needInput'));
  });
});

describe('built-in engine: freestyle', () => {
  it('answers from the sources with cited quotations when they cover the prompt', async () => {
    const output = await TOOL_ENGINES.freestyle.run(
      testRun({
        slug: 'freestyle',
        inputs: { prompt: 'How does MapReduce handle machine failures of workers?', citation_style: 'apa7' },
        sources: papers,
      }),
    );
    expect(output.text.startsWith(translator('en')('engine:freestyle.intro'))).toBe(true);
    expectCitationsResolve(output, papers);
    expect(output.citations.every((citation) => /fail|worker|machine/i.test(citation.passage))).toBe(true);
  });

  it('refuses clearly, in the UI language, when no source covers the prompt', async () => {
    const output = await TOOL_ENGINES.freestyle.run(
      testRun({
        slug: 'freestyle',
        inputs: { prompt: 'Write a love poem about autumn leaves in Vienna', citation_style: 'apa7' },
        sources: papers,
        language: 'en',
        locale: 'de',
      }),
    );
    expect(output.text).toBe(translator('de')('engine:freestyle.needsModel'));
    expect(output.text).toContain('Sprachmodell');
    expect(output.citations).toEqual([]);
    // The runner charges no words for a notice.
    expect(output.notice).toBe(true);
  });
});

describe('built-in engine: summaries', () => {
  let text: string;
  beforeAll(() => {
    text = (papers[0] as ToolSource).passages.map((passage) => passage.text).join('\n\n');
  });

  async function summary(type: 'informative' | 'descriptive' | 'critical' | 'abstract', language: 'en' | 'de' = 'en') {
    return TOOL_ENGINES['summarize-text'].run(
      testRun({ slug: 'summarize-text', inputs: { summary_type: type, text }, language }),
    );
  }

  /** Sentences of the summary: plain paragraphs and list items, without labels and notes. */
  function sentencesOf(output: ToolOutput): string[] {
    return output.text
      .split(/\n+/)
      .filter((line) => line.trim() && !line.startsWith('**') && !line.startsWith('_') && !line.includes('{{'))
      .map((line) => line.replace(/^- /, ''));
  }

  it.each(['informative', 'critical', 'abstract'] as const)(
    '%s: every sentence is taken verbatim from the input',
    async (type) => {
      const output = await summary(type);
      const input = flat(text);
      const lines = sentencesOf(output).filter(
        (line) => !line.startsWith(translator('en')('engine:summary.noLimitations')),
      );
      expect(lines.length).toBeGreaterThan(0);
      for (const sentence of lines.flatMap((line) => splitSentences(line, 'en'))) expect(input).toContain(sentence);
    },
  );

  it('keeps the sentences in the order of the input', async () => {
    const output = await summary('informative');
    const input = flat(text);
    const positions = sentencesOf(output)
      .join(' ')
      .split(/(?<=[.!?])\s+(?=\p{Lu})/u)
      .map((sentence) => input.indexOf(sentence.slice(0, 50)));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it('the four types differ in what they give', async () => {
    const [informative, descriptive, critical, abstract] = await Promise.all(
      (['informative', 'descriptive', 'critical', 'abstract'] as const).map((type) => summary(type)),
    );
    const texts = [informative, descriptive, critical, abstract].map((output) => output?.text);
    expect(new Set(texts).size).toBe(4);
    expect(descriptive?.text).toMatch(/^\*\*What the text covers\*\*\n\nMain topics: .+\./);
    expect(critical?.text).toContain('**Limitations and reservations the text itself names**');
    expect(critical?.text).toMatch(/\n- .*(?:However|however|fail|limit)/);
    const abstractSentences = (abstract?.text.split('\n\n')[1] ?? '').split(/(?<=[.!?])\s+(?=\p{Lu})/u);
    expect(abstractSentences.length).toBeGreaterThanOrEqual(4);
    expect(abstractSentences.length).toBeLessThanOrEqual(7);
  });

  it('labels the summary in the output language', async () => {
    const output = await summary('critical', 'de');
    expect(output.text).toContain('**Kernaussagen**');
    expect(output.text).toContain('**Einschränkungen und Vorbehalte, die der Text selbst nennt**');
  });

  it('summarize-source names the source and cites the page of each sentence', async () => {
    const source = papers[0] as ToolSource;
    const output = await TOOL_ENGINES['summarize-source'].run(
      testRun({
        slug: 'summarize-source',
        inputs: { summary_type: 'informative', source_id: source.id },
        sources: [source],
      }),
    );
    expect(output.text.split('\n\n')[0]).toBe(
      '_Source: Dean, J., & Ghemawat, S. (2008). MapReduce: Simplified Data Processing on Large Clusters. *Communications of the ACM*. https://doi.org/10.1145/1327452.1327492_',
    );
    expectCitationsResolve(output, [source]);
  });
});
