import type { Template } from '@quire/contracts';
import { api } from '../../api/client';

/** GET /api/prompt_templates: every tool with the user's favourite flag. */
export function fetchTemplates(): Promise<Template[]> {
  return api.get<Template[]>('/prompt_templates');
}

/** POST /api/prompt_templates/{slug}/favourite toggles; resolves with whether the tool is a favourite now. */
export async function toggleFavourite(slug: string): Promise<boolean> {
  const answer = await api.post<{ favourite: boolean }>(`/prompt_templates/${encodeURIComponent(slug)}/favourite`);
  return Boolean(answer?.favourite);
}
