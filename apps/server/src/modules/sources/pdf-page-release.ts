import type { LayoutPage } from './pdf-layout/layout.types';
import { pageTextOf } from './pdf-layout/page-text';
import { markRunningHeads, RUNNING_HEAD_REACH } from './pdf-layout/running-heads';
import type { PageText } from './pdf-text-pool';

/** A page's final text and layout, once its running headers and footers are known (and OCR is done). */
export type FinalPage = { number: number; text: string; layout: LayoutPage };

/**
 * Collects the pages as they are read (in any order) and hands each on in page order once the pages around it
 * are known, with its running headers and footers marked. With OCR, it stops before the first page that needs
 * it (its text comes later) and hands on the rest once OCR is done (`finish`). A page is handed on once.
 */
export function createPageRelease(onPage: ((page: FinalPage) => void) | undefined, holdForOcr: boolean) {
  const read = new Map<number, PageText>();
  const final = new Map<number, FinalPage>();
  let pageCount = 0;
  let next = 1;
  let held = false;

  const layoutOf = (number: number) => {
    const page = read.get(number);
    return page && !('failed' in page) ? page.layout : null;
  };
  const aroundKnown = (number: number) => {
    for (let other = number + 1; other <= Math.min(pageCount, number + RUNNING_HEAD_REACH); other++) {
      if (!read.has(other)) return false;
    }
    return true;
  };
  const finalize = (number: number, ocrText?: string): FinalPage => {
    const page = read.get(number);
    const empty: LayoutPage = { number, width: 0, height: 0, blocks: [] };
    if (!page || 'failed' in page) return { number, text: ocrText ?? '', layout: empty };
    if (ocrText !== undefined) return { number, text: ocrText, layout: ocrLayout(page.layout, ocrText) };
    const near: LayoutPage[] = [];
    for (let other = number - RUNNING_HEAD_REACH; other <= number + RUNNING_HEAD_REACH; other++) {
      const layout = layoutOf(other);
      if (layout) near.push(layout);
    }
    const layout = markRunningHeads(page.layout, near);
    return { number, text: pageTextOf(layout), layout };
  };
  const release = (number: number, ocrText?: string) => {
    const page = finalize(number, ocrText);
    final.set(number, page);
    onPage?.(page);
  };

  return {
    start: (count: number) => {
      pageCount = count;
    },
    add: (page: PageText) => {
      read.set(page.number, page);
      while (!held && next <= pageCount && read.has(next) && aroundKnown(next)) {
        const current = read.get(next);
        if (holdForOcr && current && 'needsOcr' in current && current.needsOcr) {
          held = true;
          return;
        }
        release(next++);
      }
    },
    /** Hands on the pages not handed on yet, with the text OCR read for some of them; answers every page. */
    finish: (ocrTexts: ReadonlyMap<number, string>): FinalPage[] => {
      // Pages before `next` were handed on without waiting for OCR: none of them needed it.
      for (; next <= pageCount; next++) release(next, ocrTexts.get(next));
      return Array.from({ length: pageCount }, (_, index) => final.get(index + 1) ?? finalize(index + 1));
    },
  };
}

/** The layout of a page whose text OCR read: one block over the whole page, since its positions are not known. */
function ocrLayout(page: LayoutPage, text: string): LayoutPage {
  const box = { x0: 0, y0: 0, x1: page.width, y1: page.height };
  const lines = text
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => ({ text: line, box, fontSize: 0, fontName: '', bold: false, italic: false }));
  const blocks =
    lines.length > 0
      ? [{ text: lines.map((line) => line.text).join(' '), lines, box, role: 'body' as const, column: 0 }]
      : [];
  return { ...page, blocks, ocr: true };
}
