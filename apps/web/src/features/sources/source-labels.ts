import { LOCALE_INFO, type LocaleCode, type Source } from '@quire/contracts';
import type { Translate } from '../../i18n/translate';

/** The type badge: "Document", or "Article" for a website (spec §3). */
export function sourceTypeLabel(t: Translate, type: Source['type']): string {
  return t(`sources.types.${type}`);
}

/** The state in words: "Reading 45%", "Ready", or "Failed: " with the translated reason (spec §8). */
export function sourceStateText(t: Translate, source: Pick<Source, 'state' | 'progress' | 'error_code'>): string {
  if (source.state === 'processing') return t('sources.state.processing', { progress: share(source.progress) });
  if (source.state === 'usable') return t('sources.state.usable');
  return t('sources.state.failed', { reason: t(`errors:${source.error_code ?? 'upload_error_generic'}`) });
}

/** Author (or the unknown-author fallback), year and pages, as they are known. */
export function sourceFacts(t: Translate, source: Pick<Source, 'author' | 'year' | 'pages'>): string[] {
  return [
    source.author?.trim() || t('sources.unknownAuthor'),
    source.year === null ? null : String(source.year),
    source.pages ? t('sources.pages', { pages: source.pages }) : null,
  ].filter((fact): fact is string => fact !== null);
}

/** A percentage 0–100 as the share i18next's percent format expects. */
export function share(percent: number): number {
  return Math.min(Math.max(percent, 0), 100) / 100;
}

/** The day a source was added ("21 Nov 2026"), as the language writes dates. */
export function formatAddedDate(iso: string, locale: LocaleCode): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(LOCALE_INFO[locale].meta.htmlLang, { dateStyle: 'medium' }).format(date);
}
