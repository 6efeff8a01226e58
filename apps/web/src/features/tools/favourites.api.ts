import { templatesEndpoints as endpoints, type Template } from '@quire/contracts';
import { call } from '../../api/call';

/** Every tool with the user's favourite flag. */
export function fetchTemplates(): Promise<Template[]> {
  return call(endpoints.list, {});
}

/** Toggles; resolves with whether the tool is a favourite now. */
export async function toggleFavourite(slug: string): Promise<boolean> {
  const answer = await call(endpoints.favourite, { params: { slug } });
  return answer.favourite;
}
