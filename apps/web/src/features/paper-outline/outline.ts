import type { StructureCaption, StructureHeading } from '@quire/contracts';

/** A heading with the ones under it; `index` is its place among all headings, which identifies it in a list. */
export type HeadingNode = { heading: StructureHeading; index: number; children: HeadingNode[] };

/**
 * The headings, in reading order, as a tree by level: each heading holds the deeper ones that follow it. A level
 * that skips one ("1" then "1.1.1") still nests under the heading before it.
 */
export function nestHeadings(headings: readonly StructureHeading[]): HeadingNode[] {
  const roots: HeadingNode[] = [];
  const open: HeadingNode[] = [];
  for (const [index, heading] of headings.entries()) {
    const node: HeadingNode = { heading, index, children: [] };
    while ((open.at(-1)?.heading.level ?? 0) >= heading.level) open.pop();
    (open.at(-1)?.children ?? roots).push(node);
    open.push(node);
  }
  return roots;
}

/** How many figure and table captions the document has. */
export function captionCounts(captions: readonly StructureCaption[]): { figures: number; tables: number } {
  const figures = captions.filter((caption) => caption.kind === 'figure').length;
  return { figures, tables: captions.length - figures };
}
