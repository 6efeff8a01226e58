import { performance } from 'node:perf_hooks';
import { LOCALES, type LocaleCode } from '@quire/contracts';
import {
  builtinProofreader,
  corpusMissing,
  corpusPdf,
  extractPdf,
  MAP_REDUCE_PAPER,
  measureAccuracy,
  paperPdf,
  proofreadingFixtures,
  SPANISH_PAPER,
} from '@quire/server/bench';
import { type Figure, percentile, round } from '../figures';
import { leftOutWithoutCorpus } from './corpus';

const FOUND_GOAL = 0.5;
const FIVE_THOUSAND_WORDS_GOAL_MS = 1_000;
const RUNS = 5;

/** Real academic prose for the timing: an English and a Spanish paper from the corpus. */
const PAPERS: Partial<Record<LocaleCode, string>> = {
  en: 'scienceparse_map-reduce.pdf',
  es: 'scielo_tinf-33-e200057_es.pdf',
};
/** Without the corpus, the test papers written in the repository stand in for them. */
const TEST_PAPERS = { en: MAP_REDUCE_PAPER, es: SPANISH_PAPER } as const;

/**
 * The built-in proofreader (Hunspell, our rules, harper.js for English) on the known errors of the corpus's
 * `proofreading/` (LanguageTool's examples): the share found and fixed per language; then the time to check
 * 1,000 and 5,000 words — of a real paper where the corpus has one (en, es), else of the language's example
 * sentences, repeated; without the corpus, of the test papers (en, es) only (said in the figure's name).
 */
export async function proofreadingAccuracy(): Promise<Figure[]> {
  if (leftOutWithoutCorpus("accuracy needs LanguageTool's examples")) return [];
  const proofreader = builtinProofreader();
  // As in a running server, which warms its proofreading threads at start: a cold dictionary would eat into
  // the suggestion budget of the first checks and lower the share fixed.
  await proofreader.warm();
  const figures: Figure[] = [];
  for (const language of LOCALES) {
    const accuracy = await measureAccuracy(language, proofreadingFixtures(language), (text) =>
      proofreader.check({ text, language }),
    );
    const found = accuracy.found / accuracy.total;
    figures.push(
      {
        name: `proofreading ${language}: errors found`,
        value: round(found * 100),
        unit: `% of ${accuracy.total}`,
        goal: { limit: FOUND_GOAL * 100, met: found >= FOUND_GOAL, atLeast: true },
      },
      {
        name: `proofreading ${language}: errors fixed`,
        value: round((accuracy.fixed / accuracy.total) * 100),
        unit: `% of ${accuracy.total}`,
      },
    );
  }
  return figures;
}

export async function proofreadingSpeed(): Promise<Figure[]> {
  const proofreader = builtinProofreader();
  // Dictionaries and harper.js loaded in every thread, as in a running server.
  await proofreader.warm();
  const figures: Figure[] = [];
  const languages = corpusMissing() ? (Object.keys(TEST_PAPERS) as LocaleCode[]) : LOCALES;
  if (languages !== LOCALES) leftOutWithoutCorpus('time to check de, fr, it, nl (their example sentences)');
  for (const language of languages) {
    const { text: words, origin } = await sampleWords(language);
    for (const count of [1_000, 5_000]) {
      const text = words.slice(0, count).join(' ');
      const times: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        // A different slice each run, so no run is answered from the previous run's suggestion cache alone.
        const shifted = rotate(words, run * 137)
          .slice(0, count)
          .join(' ');
        const started = performance.now();
        await proofreader.check({ text: run === 0 ? text : shifted, language });
        times.push(performance.now() - started);
      }
      const median = percentile(times, 0.5);
      figures.push({
        name: `proofreading ${language}: ${count.toLocaleString('en')} words (${origin})`,
        value: round(median),
        unit: 'ms',
        ...(count === 5_000
          ? { goal: { limit: FIVE_THOUSAND_WORDS_GOAL_MS, met: median <= FIVE_THOUSAND_WORDS_GOAL_MS } }
          : {}),
      });
    }
  }
  return figures;
}

async function sampleWords(language: LocaleCode): Promise<{ text: string[]; origin: string }> {
  const paper = PAPERS[language];
  const testPaper = TEST_PAPERS[language as keyof typeof TEST_PAPERS];
  if (paper && corpusMissing() && testPaper) {
    return { text: repeatTo(await pdfWords(await paperPdf(testPaper)), 5_000 + RUNS * 137), origin: 'test paper' };
  }
  if (paper) return { text: repeatTo(await pdfWords(corpusPdf(paper)), 5_000 + RUNS * 137), origin: 'paper' };
  const sentences = proofreadingFixtures(language).flatMap((fixture) => [fixture.corrected, fixture.incorrect]);
  const words = sentences.flatMap((sentence) => sentence.split(/\s+/)).filter(Boolean);
  return { text: repeatTo(words, 5_000 + RUNS * 137), origin: 'fixture sentences, repeated' };
}

async function pdfWords(bytes: Buffer): Promise<string[]> {
  const extracted = await extractPdf(new Uint8Array(bytes));
  return extracted.pages.flatMap((page) => page.split(/\s+/)).filter(Boolean);
}

function repeatTo<T>(items: T[], length: number): T[] {
  return Array.from({ length }, (_, index) => items[index % items.length] as T);
}

function rotate<T>(items: T[], by: number): T[] {
  return [...items.slice(by), ...items.slice(0, by)];
}
