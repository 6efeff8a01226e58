import type { ExportPapersRequest, Paper } from '@quire/contracts';

/** Ids of the papers ticked for export. */
export type Selection = ReadonlySet<string>;

export const NO_SELECTION: Selection = new Set();

/** Ticks a paper, or unticks it when it was ticked. */
export function toggleSelected(selection: Selection, id: string): Selection {
  const next = new Set(selection);
  if (!next.delete(id)) next.add(id);
  return next;
}

/** Ticks (or unticks) every paper of the list shown, leaving ticks on other papers as they are. */
export function setAllSelected(selection: Selection, papers: readonly Paper[], selected: boolean): Selection {
  const next = new Set(selection);
  for (const paper of papers) {
    if (selected) next.add(paper.id);
    else next.delete(paper.id);
  }
  return next;
}

/** The ticked papers of the list shown, in its order. */
export function selectedPapers(papers: readonly Paper[], selection: Selection): Paper[] {
  return papers.filter((paper) => selection.has(paper.id));
}

/** The export call for the ticked papers of the list shown, in its order; null when none is ticked. */
export function exportRequest(
  papers: readonly Paper[],
  selection: Selection,
  format: ExportPapersRequest['format'],
): ExportPapersRequest | null {
  const ids = selectedPapers(papers, selection).map((paper) => paper.id);
  return ids.length > 0 ? { paper_ids: ids, format } : null;
}

/**
 * A new answer replaces the results as a whole; ticks stay only on papers that are still among them (a tick
 * on a paper no longer shown would be exported unseen).
 */
export function replaceResults(selection: Selection, papers: readonly Paper[]): Selection {
  const shown = new Set(papers.map((paper) => paper.id));
  const kept = [...selection].filter((id) => shown.has(id));
  return kept.length === selection.size ? selection : new Set(kept);
}

/** The results with one paper's bookmarked flag as the server confirmed it; each keeps its place. */
export function markBookmarked(papers: readonly Paper[], id: string, bookmarked: boolean): Paper[] {
  return papers.map((paper) => (paper.id === id && paper.bookmarked !== bookmarked ? { ...paper, bookmarked } : paper));
}
