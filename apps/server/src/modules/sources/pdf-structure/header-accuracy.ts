import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LayoutPage } from '../pdf-layout/layout.types';
import { readStructure } from './structure';

/**
 * Header accuracy as GROBID's evaluations count it: title exact after normalisation, authors' F1 by name,
 * year exact. Used by the corpus test against header-truth.json, with whatever reads a PDF's layout.
 */

export type HeaderTruth = {
  dir: string;
  file: string;
  title: string;
  authors: string[];
  year: number | null;
  doi: string | null;
  /** Why this paper no longer counts as held out (its failure was seen or inspected), when it does not. */
  tunedOn?: string;
};

/**
 * The held-out truth for the corpus's real papers (header-truth.json, written by reading each first page
 * before the heuristics existed): never tune on it.
 */
export function loadHeaderTruth(): HeaderTruth[] {
  const file = JSON.parse(readFileSync(join(import.meta.dirname, 'header-truth.json'), 'utf8')) as {
    papers: HeaderTruth[];
  };
  return file.papers;
}

export type Header = { title: string | null; authors: string[]; year: number | null };

export type PaperScore = {
  file: string;
  tunedOn: boolean;
  titleMatch: boolean;
  authorsF1: number;
  /** null when the truth has no printed year. */
  yearMatch: boolean | null;
  found: Header;
};

export type Figures = {
  /** Share of papers whose title matches. */
  titleAccuracy: number;
  /** Mean of the papers' author F1. */
  authorsF1: number;
  /** Share of the papers with a printed year whose year matches. */
  yearAccuracy: number;
};

export type HeaderAccuracy = Figures & {
  papers: PaperScore[];
  /** The same figures over the papers never tuned on (no `tunedOn` in the truth), and how many they are. */
  heldOut: Figures & { count: number };
  /** Share of papers whose title matches. */
  titleAccuracy: number;
  /** Mean of the papers' author F1. */
  authorsF1: number;
  /** Share of the papers with a printed year whose year matches. */
  yearAccuracy: number;
};

/** Case, spacing, punctuation and Unicode composition set aside. */
export function normaliseText(text: string): string {
  return text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Same name after normalisation, or same surname and first initial ("J. Brook" for "Jonas Brook"). */
export function sameAuthor(found: string, truth: string): boolean {
  const a = normaliseText(found).split(' ');
  const b = normaliseText(truth).split(' ');
  if (a.join(' ') === b.join(' ')) return true;
  return a[a.length - 1] === b[b.length - 1] && (a[0] ?? '').charAt(0) === (b[0] ?? '').charAt(0);
}

/** F1 of one paper's author list, each true author matched at most once. */
export function authorsF1(found: string[], truth: string[]): number {
  if (found.length === 0 && truth.length === 0) return 1;
  const unmatched = [...truth];
  let matched = 0;
  for (const name of found) {
    const index = unmatched.findIndex((candidate) => sameAuthor(name, candidate));
    if (index < 0) continue;
    unmatched.splice(index, 1);
    matched += 1;
  }
  if (matched === 0) return 0;
  const precision = matched / found.length;
  const recall = matched / truth.length;
  return (2 * precision * recall) / (precision + recall);
}

export function scoreHeader(truth: HeaderTruth, found: Header): PaperScore {
  return {
    file: truth.file,
    tunedOn: truth.tunedOn !== undefined,
    titleMatch: found.title !== null && normaliseText(found.title) === normaliseText(truth.title),
    authorsF1: authorsF1(found.authors, truth.authors),
    yearMatch: truth.year === null ? null : found.year === truth.year,
    found,
  };
}

/** Reads each paper's layout, its structure, and scores the header against the truth. */
export async function evaluateHeaders(
  truths: HeaderTruth[],
  readLayout: (truth: HeaderTruth) => Promise<LayoutPage[]>,
): Promise<HeaderAccuracy> {
  const papers: PaperScore[] = [];
  for (const truth of truths) {
    const structure = readStructure(await readLayout(truth));
    papers.push(scoreHeader(truth, { title: structure.title, authors: structure.authors, year: structure.year }));
  }
  const heldOut = papers.filter((paper) => !paper.tunedOn);
  return { papers, ...figuresOf(papers), heldOut: { ...figuresOf(heldOut), count: heldOut.length } };
}

function figuresOf(papers: PaperScore[]): Figures {
  const withYear = papers.filter((paper) => paper.yearMatch !== null);
  const share = (count: number, of: number) => (of === 0 ? 0 : count / of);
  return {
    titleAccuracy: share(papers.filter((paper) => paper.titleMatch).length, papers.length),
    authorsF1: share(
      papers.reduce((sum, paper) => sum + paper.authorsF1, 0),
      papers.length,
    ),
    yearAccuracy: share(withYear.filter((paper) => paper.yearMatch).length, withYear.length),
  };
}

/** A table of the figures and of each paper's misses, for the corpus test's and the benchmark's output. */
export function formatHeaderAccuracy(accuracy: HeaderAccuracy): string {
  const percent = (share: number) => `${(share * 100).toFixed(1)} %`;
  const line = (figures: Figures, count: number, what: string) =>
    `${what}: titles exact ${percent(figures.titleAccuracy)} · authors F1 ${figures.authorsF1.toFixed(3)} · years ${percent(figures.yearAccuracy)} (${count} papers)`;
  const lines = [
    line(accuracy, accuracy.papers.length, 'all'),
    line(accuracy.heldOut, accuracy.heldOut.count, 'held out'),
  ];
  for (const paper of accuracy.papers) {
    const misses = [
      paper.titleMatch ? null : `title ${JSON.stringify(paper.found.title)}`,
      paper.authorsF1 < 1 ? `authors F1 ${paper.authorsF1.toFixed(2)} ${JSON.stringify(paper.found.authors)}` : null,
      paper.yearMatch === false ? `year ${paper.found.year}` : null,
    ].filter(Boolean);
    if (misses.length > 0) lines.push(`  ${paper.file}${paper.tunedOn ? ' (tuned on)' : ''}: ${misses.join('; ')}`);
  }
  return lines.join('\n');
}
