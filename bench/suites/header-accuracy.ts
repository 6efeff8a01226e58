import { corpusPdf, evaluateHeaders, extractPdf, formatHeaderAccuracy, loadHeaderTruth } from '@quire/server/bench';
import type { Figure } from '../figures';
import { leftOutWithoutCorpus } from './corpus';

/**
 * Header accuracy on the corpus's real papers (`pdfs/`, `pdfs-more/`), read as ingest reads them, against the
 * truth written from their first pages (header-truth.json). The papers whose failures were seen and worked on
 * are marked `tunedOn` there; the "never tuned on" figures leave them out. Neither is held out: the papers
 * tuned on are the ones the first reading got wrong, so the rest are the easier ones. The goal of issue #27
 * (titles ≥ 95 %, authors F1 ≥ 0.9) is judged only on papers no rule has seen, so no goal is marked here.
 * Scanned pages keep their own text layer here (no OCR).
 */
export async function headerAccuracy(): Promise<Figure[]> {
  if (leftOutWithoutCorpus('header accuracy needs the real papers')) return [];
  const accuracy = await evaluateHeaders(
    loadHeaderTruth(),
    async (truth) => (await extractPdf(corpusPdf(truth.file, truth.dir))).layouts,
  );
  console.log(formatHeaderAccuracy(accuracy));
  const titles = percent(accuracy.titleAccuracy);
  const authors = Math.round(accuracy.authorsF1 * 1000) / 1000;
  return [
    { name: 'header accuracy: papers', value: accuracy.papers.length, unit: 'papers' },
    { name: 'header accuracy: titles exact, tuned-on papers included', value: titles, unit: '%' },
    { name: 'header accuracy: authors, tuned-on papers included', value: authors, unit: 'F1' },
    { name: 'header accuracy: years, tuned-on papers included', value: percent(accuracy.yearAccuracy), unit: '%' },
    { name: 'header accuracy: papers never tuned on', value: accuracy.heldOut.count, unit: 'papers' },
    {
      name: 'header accuracy: titles exact, never tuned on',
      value: percent(accuracy.heldOut.titleAccuracy),
      unit: '%',
    },
    {
      name: 'header accuracy: authors, never tuned on',
      value: Math.round(accuracy.heldOut.authorsF1 * 1000) / 1000,
      unit: 'F1',
    },
    { name: 'header accuracy: years, never tuned on', value: percent(accuracy.heldOut.yearAccuracy), unit: '%' },
  ];
}

const percent = (share: number) => Math.round(share * 1000) / 10;
