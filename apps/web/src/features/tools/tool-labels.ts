/** Catalogue keys of a group item such as "feature/find-topic" or "flow/summarize" (GROUP_ITEMS). */
export function toolItemKeys(item: string): { title: string; description: string } {
  const [kind, slug = ''] = item.split('/');
  const base = kind === 'flow' ? `flows.${slug}` : `tools.${slug}`;
  return { title: `${base}.title`, description: `${base}.description` };
}
