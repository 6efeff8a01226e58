import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { countProofreadingWords, isLocale, LOCALES, type LocaleCode } from '@quire/contracts';
import {
  corpusMissing,
  corpusPdf,
  corpusPdfNames,
  createProofreaderPool,
  extractPdf,
  heldOutCleanProse,
  heldOutSentences,
  MAP_REDUCE_PAPER,
  measureAccuracy,
  paperPdf,
  proofreadingFixtures,
  readStructure,
  SPANISH_PAPER,
  tuningSentences,
} from '@quire/server/bench';
import { type Figure, percentile, round } from '../figures';
import { leftOutWithoutCorpus } from './corpus';

const LANGUAGETOOL_FOUND_GOAL = 0.5;
const HELD_OUT_FOUND_GOAL = 0.9;
const HELD_OUT_FIXED_GOAL = 0.75;
const FALSE_ALARMS_GOAL_PER_1000 = 2;
const FIVE_THOUSAND_WORDS_GOAL_MS = 1_000;
const WORDS_PER_RUN = 5_000;
const MAX_RUNS = 5;
// Paper body text is checked as a writer would send it: a few paragraphs at a time.
const CHUNK_WORDS = 1_000;

const BLOG_DIR = fileURLToPath(new URL('../../content/blog/', import.meta.url));

type Pool = ReturnType<typeof createProofreaderPool>;

/** One proofreading thread, as the issue's goals are stated for, warmed as a running server warms its own. */
async function oneThread(): Promise<Pool> {
  const pool = createProofreaderPool({ size: 1 });
  await pool.warm();
  return pool;
}

/**
 * The built-in proofreader (Hunspell, our rules, harper.js for English) on sentences with one known error each:
 * our held-out set (written before tuning, never tuned on: the figures that count), our tuning set (apart),
 * and LanguageTool's examples from the corpus's `proofreading/`. Found: an issue overlaps the error; fixed:
 * the first suggestion turns the sentence into the correct one.
 */
export async function proofreadingAccuracy(): Promise<Figure[]> {
  const pool = await oneThread();
  try {
    const figures: Figure[] = [];
    const check = (language: LocaleCode) => async (text: string) => (await pool.check({ text, language })).issues;
    const totals = { found: 0, fixed: 0, total: 0 };
    for (const language of LOCALES) {
      const accuracy = await measureAccuracy(language, heldOutSentences(language), check(language));
      totals.found += accuracy.found;
      totals.fixed += accuracy.fixed;
      totals.total += accuracy.total;
      figures.push(...shares(`held-out ${language}`, accuracy, HELD_OUT_FOUND_GOAL, HELD_OUT_FIXED_GOAL));
    }
    figures.push(...shares('held-out, all languages', totals, HELD_OUT_FOUND_GOAL, HELD_OUT_FIXED_GOAL));
    for (const language of LOCALES) {
      const accuracy = await measureAccuracy(language, tuningSentences(language), check(language));
      figures.push(...shares(`tuning ${language}`, accuracy));
    }
    if (leftOutWithoutCorpus("LanguageTool's examples")) return figures;
    for (const language of LOCALES) {
      const accuracy = await measureAccuracy(language, proofreadingFixtures(language), check(language));
      figures.push(...shares(`LanguageTool examples ${language}`, accuracy, LANGUAGETOOL_FOUND_GOAL));
    }
    return figures;
  } finally {
    await pool.close();
  }
}

function shares(
  label: string,
  accuracy: { found: number; fixed: number; total: number },
  foundGoal?: number,
  fixedGoal?: number,
): Figure[] {
  const found = accuracy.found / accuracy.total;
  const fixed = accuracy.fixed / accuracy.total;
  const goal = (limit: number | undefined, share: number) =>
    limit === undefined ? {} : { goal: { limit: limit * 100, met: share >= limit, atLeast: true } };
  return [
    {
      name: `proofreading ${label}: found`,
      value: round(found * 100),
      unit: `% of ${accuracy.total}`,
      ...goal(foundGoal, found),
    },
    {
      name: `proofreading ${label}: first suggestion right`,
      value: round(fixed * 100),
      unit: `% of ${accuracy.total}`,
      ...goal(fixedGoal, fixed),
    },
  ];
}

/**
 * Issues per 1,000 words on clean academic prose, per language: Quire's blog articles, our own clean prose
 * (British and American English), and with the corpus the body text of its real papers (scanned ones aside).
 * Every issue on them counts as a false alarm, so the figure is a ceiling on the true rate.
 */
export async function proofreadingFalseAlarms(): Promise<Figure[]> {
  const pool = await oneThread();
  try {
    const figures: Figure[] = [];
    const papers = corpusMissing() ? new Map<LocaleCode, string[]>() : await paperBodies();
    if (papers.size === 0) leftOutWithoutCorpus("the real papers' body text");
    for (const language of LOCALES) {
      const sources: [string, string[]][] = [['blog', blogProse(language)]];
      if (language === 'en')
        sources.push(['own clean prose', [...heldOutCleanProse('en-GB'), ...heldOutCleanProse('en-US')]]);
      const body = papers.get(language);
      if (body) sources.push(['papers', body]);
      for (const [label, texts] of sources) {
        let words = 0;
        let issues = 0;
        for (const text of texts) {
          words += countProofreadingWords(text);
          issues += (await pool.check({ text, language })).issues.length;
        }
        const rate = (issues * 1_000) / Math.max(words, 1);
        figures.push({
          name: `proofreading false alarms ${language}: ${label} (${words.toLocaleString('en')} words)`,
          value: round(rate),
          unit: 'per 1,000 words',
          goal: { limit: FALSE_ALARMS_GOAL_PER_1000, met: rate <= FALSE_ALARMS_GOAL_PER_1000 },
        });
      }
    }
    return figures;
  } finally {
    await pool.close();
  }
}

/**
 * The time to check 5,000 words the thread has never seen, with one proofreading thread: every run gets text
 * of its own (no sentence is sent twice), so no run is answered from an earlier run's suggestion cache. The
 * prose is the language's blog articles and, with the corpus, its papers' body text (without it, the test
 * papers for English and Spanish). Also the thread's memory: the process's resident memory with the thread
 * warmed and after the runs, less that before it started.
 */
export async function proofreadingSpeed(): Promise<Figure[]> {
  const before = process.memoryUsage().rss;
  const pool = await oneThread();
  const warmed = process.memoryUsage().rss;
  try {
    const figures: Figure[] = [];
    const papers = corpusMissing() ? await testPaperBodies() : await paperBodies();
    for (const language of LOCALES) {
      const sentences = unique([...(papers.get(language) ?? []), ...blogProse(language)].flatMap(splitSentences));
      const runs = distinctRuns(sentences, WORDS_PER_RUN, MAX_RUNS);
      if (runs.length === 0) {
        console.log(`  left out: ${language}, fewer than ${WORDS_PER_RUN} words of prose`);
        continue;
      }
      const times: number[] = [];
      for (const text of runs) {
        const started = performance.now();
        await pool.check({ text, language });
        times.push(performance.now() - started);
      }
      const median = percentile(times, 0.5);
      figures.push(
        {
          name: `proofreading ${language}: 5,000 new words, median of ${runs.length}`,
          value: round(median),
          unit: 'ms',
          goal: { limit: FIVE_THOUSAND_WORDS_GOAL_MS, met: median <= FIVE_THOUSAND_WORDS_GOAL_MS },
        },
        { name: `proofreading ${language}: 5,000 new words, slowest`, value: round(Math.max(...times)), unit: 'ms' },
      );
    }
    const after = process.memoryUsage().rss;
    figures.push(
      { name: 'proofreading thread memory, warmed', value: mebibytes(warmed - before), unit: 'MB' },
      { name: 'proofreading thread memory, after the runs', value: mebibytes(after - before), unit: 'MB' },
    );
    return figures;
  } finally {
    await pool.close();
  }
}

const mebibytes = (bytes: number) => round(bytes / 1024 / 1024);

/** Runs of whole sentences of at least `words` words each, no sentence in two runs; a shorter rest is dropped. */
function distinctRuns(sentences: string[], words: number, most: number): string[] {
  return groups(sentences, words)
    .filter((run) => countProofreadingWords(run) >= words)
    .slice(0, most);
}

/** Consecutive sentences joined into texts of about `words` words, the last one shorter. */
function groups(sentences: string[], words: number): string[] {
  const texts: string[] = [];
  let current: string[] = [];
  let count = 0;
  for (const sentence of sentences) {
    current.push(sentence);
    count += countProofreadingWords(sentence);
    if (count >= words) {
      texts.push(current.join(' '));
      current = [];
      count = 0;
    }
  }
  if (current.length > 0) texts.push(current.join(' '));
  return texts;
}

function splitSentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+(?=\p{Lu})|\n+/u)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}

function unique(items: string[]): string[] {
  return [...new Set(items)];
}

/** The language's blog articles as plain paragraphs: front matter, headings' marks, links and emphasis removed. */
function blogProse(language: LocaleCode): string[] {
  const folder = join(BLOG_DIR, language);
  return readdirSync(folder)
    .filter((file) => file.endsWith('.md'))
    .map((file) => markdownProse(readFileSync(join(folder, file), 'utf8')));
}

function markdownProse(markdown: string): string {
  return markdown
    .replace(/^---\n[\s\S]*?\n---\n/u, '')
    .replace(/```[\s\S]*?```/gu, '')
    .replace(/!\[[^\]]*\]\([^)]*\)/gu, '')
    .replace(/\[([^\]]+)\]\([^)]*\)/gu, '$1')
    .replace(/^\s{0,3}(?:#{1,6}\s+|>\s?|[-*+]\s+|\d+\.\s+)/gmu, '')
    .replace(/(\*\*|__|\*|_)(\S[\s\S]*?\S|\S)\1/gu, '$2')
    .trim();
}

/** The body sentences of the corpus's papers (not scanned), per language, in chunks of about 1,000 words. */
async function paperBodies(): Promise<Map<LocaleCode, string[]>> {
  const bodies = new Map<LocaleCode, string[]>();
  for (const folder of ['pdfs', 'pdfs-more']) {
    for (const name of corpusPdfNames(folder)) {
      if (/scanned/u.test(name)) continue;
      const extracted = await extractPdf(new Uint8Array(corpusPdf(name, folder)));
      const structure = readStructure(extracted.layouts);
      const language = languageOf(name, structure.language);
      if (!language) continue;
      const sentences = structure.sentences.filter((sentence) => sentence.kind === 'body').map((s) => s.text);
      bodies.set(language, [...(bodies.get(language) ?? []), ...groups(sentences, CHUNK_WORDS)]);
    }
  }
  return bodies;
}

/** Without the corpus, the test papers written in the repository (English, Spanish) stand in for the papers. */
async function testPaperBodies(): Promise<Map<LocaleCode, string[]>> {
  const bodies = new Map<LocaleCode, string[]>();
  for (const [language, paper] of [
    ['en', MAP_REDUCE_PAPER],
    ['es', SPANISH_PAPER],
  ] as const) {
    const structure = readStructure((await extractPdf(new Uint8Array(await paperPdf(paper)))).layouts);
    bodies.set(
      language,
      groups(
        structure.sentences.filter((s) => s.kind === 'body').map((s) => s.text),
        CHUNK_WORDS,
      ),
    );
  }
  return bodies;
}

function languageOf(file: string, detected: string | null): LocaleCode | null {
  const suffix = /_([a-z]{2})\.pdf$/u.exec(basename(file))?.[1];
  const language = suffix ?? detected;
  return language && isLocale(language) ? language : null;
}
