/** A main section of an outline and the sub-sections under it. */
export type OutlineSection = { title: string; children: string[] };

const ITEM = /^(\s*)(?:(#{1,6})\s+|[-*+]\s+|(\d+(?:\.\d+)*)[.)]?\s+)?(.*)$/;

/**
 * Reads an outline a student wrote or Quire generated: Markdown headings, numbered lines ("1.", "2.1")
 * or bullets. The shallowest level found is the main sections; anything deeper belongs to the section above.
 */
export function parseOutline(outline: string): OutlineSection[] {
  const items = outline
    .split('\n')
    .map((line) => line.replace(/\s+$/, ''))
    .filter((line) => line.trim())
    .map((line) => {
      const [, indent = '', hashes, numbering, rest = ''] = ITEM.exec(line) ?? [];
      const level = hashes
        ? hashes.length
        : numbering
          ? numbering.split('.').filter(Boolean).length
          : 1 + indent.length / 2;
      return { level, title: rest.replace(/^[\d.]+\s+/, '').trim() };
    })
    .filter((item) => item.title);
  const top = Math.min(...items.map((item) => item.level));
  const sections: OutlineSection[] = [];
  for (const item of items) {
    if (item.level === top || sections.length === 0) sections.push({ title: item.title, children: [] });
    else sections.at(-1)?.children.push(item.title);
  }
  return sections;
}

/** An outline as Markdown: numbered `##` main sections and `###` sub-sections. */
export function outlineMarkdown(sections: readonly OutlineSection[]): string {
  return sections
    .map((section, index) =>
      [
        `## ${index + 1}. ${section.title}`,
        ...section.children.map((child, childIndex) => `### ${index + 1}.${childIndex + 1} ${child}`),
      ].join('\n\n'),
    )
    .join('\n\n');
}
