import { GENERATION_SLUGS, type HistoryListItem, ownAppIdOf } from '@quire/contracts';
import type { Translate } from '../../i18n/translate';

/** The tool of a result in the reader's language: a built-in tool's title, or the own application's name. */
export function toolLabel(item: Pick<HistoryListItem, 'slug' | 'tool_name'>, t: Translate): string {
  if (ownAppIdOf(item.slug)) return item.tool_name ?? t('history.item.deletedApp');
  if ((GENERATION_SLUGS as readonly string[]).includes(item.slug)) return t(`tools.${item.slug}.title`);
  return item.tool_name ?? item.slug;
}

const TITLE_INPUTS = ['headline', 'topic', 'prompt', 'interests', 'study_subject'];
const TITLE_MAX = 90;

/** What a result is about: the chapter's focus, its topic or prompt, else the start of its text; null if nothing. */
export function resultTitle(item: Pick<HistoryListItem, 'inputs' | 'excerpt'>): string | null {
  for (const key of TITLE_INPUTS) {
    const value = item.inputs[key];
    if (typeof value === 'string' && value.trim()) return clip(value.trim().replace(/\s+/g, ' '));
  }
  return item.excerpt ? firstSentence(item.excerpt) : null;
}

/** The first sentence of running text when it is short enough for a title, else its start up to a word. */
function firstSentence(text: string): string {
  const end = /[.!?](?=\s|$)/.exec(text);
  const sentence = end ? text.slice(0, end.index + 1) : text;
  if (sentence.length <= TITLE_MAX) return sentence;
  const cut = text.slice(0, TITLE_MAX - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > TITLE_MAX / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

function clip(text: string): string {
  return text.length > TITLE_MAX ? `${text.slice(0, TITLE_MAX - 1)}…` : text;
}
