import { type CslEntry, plugins } from '@citation-js/core';
import '@citation-js/plugin-csl';
import type { CitationStyle, LocaleCode } from '@quire/contracts';
import type { ToolSource } from '../generation/engine-types';
import { emptyRecord, plainAbstract } from '../search/paper-record';
import { recordToCsl } from './csl-record';
import { CHICAGO_AUTHOR_DATE } from './styles/chicago-author-date';
import { DIN_1505_2 } from './styles/din-1505-2';
import { IEEE } from './styles/ieee';
import { IT_IT_LOCALE } from './styles/it-locale';
import { MLA9 } from './styles/mla9';

/** The CSL template each citation style renders with: citation-js's own, or one written for Quire. */
const TEMPLATES: Record<CitationStyle, string> = {
  apa7: 'apa',
  mla9: 'quire-mla9',
  'chicago-author-date': 'quire-chicago-author-date',
  harvard: 'quire-harvard',
  ieee: 'quire-ieee',
  vancouver: 'vancouver',
  'din-1505-2': 'quire-din-1505-2',
};

/** Styles whose in-text citations are numbers in order of first use. */
export const NUMERIC_STYLES: ReadonlySet<CitationStyle> = new Set(['ieee', 'vancouver']);

/** The CSL locale for each language Quire writes in (citeproc takes region-qualified tags). */
const CSL_LOCALES: Record<LocaleCode, string> = {
  en: 'en-US',
  de: 'de-DE',
  fr: 'fr-FR',
  es: 'es-ES',
  it: 'it-IT',
  nl: 'nl-NL',
};

/**
 * Cite Them Right labels a journal article without volume and pages "[Preprint]". Quire never knows the
 * volume or pages of a user's source, so the label would mislabel every published article; it is removed.
 */
const HARVARD_PREPRINT_LABEL =
  '<choose><if match="none" variable="page volume"><text value="Preprint" prefix="[" suffix="]"/></if></choose>';

let registered = false;

function registerStyles() {
  if (registered) return;
  const csl = plugins.config.get('@csl');
  const harvard = csl.templates.get('harvard1');
  if (!harvard.includes(HARVARD_PREPRINT_LABEL)) throw new Error('harvard1 changed: review the preprint label removal');
  csl.templates.add('quire-harvard', harvard.replace(HARVARD_PREPRINT_LABEL, ''));
  csl.templates.add('quire-mla9', MLA9);
  csl.templates.add('quire-chicago-author-date', CHICAGO_AUTHOR_DATE);
  csl.templates.add('quire-ieee', IEEE);
  csl.templates.add('quire-din-1505-2', DIN_1505_2);
  csl.locales.add('it-IT', IT_IT_LOCALE);
  registered = true;
}

/** The citeproc template name and locale for a style written in a language. */
export function cslSetup(style: CitationStyle, language: LocaleCode): { template: string; lang: string } {
  registerStyles();
  return { template: TEMPLATES[style], lang: CSL_LOCALES[language] };
}

/**
 * A source as CSL-JSON, through the same mapping as every export: the catalogue's or imported file's
 * record when the source has one (volume, issue, pages, publisher, …), its own fields otherwise. A website
 * is a web page (its venue the site's name); a source with a venue and no known kind is a journal article;
 * a paper without one a preprint; a document without one a book. Without authors, the translated
 * "unknown author" stands in their place.
 */
export function toCslEntry(source: ToolSource, unknownAuthor: string): CslEntry {
  const known = source.paper ?? null;
  const entry = recordToCsl(source.id, {
    ...(known ?? emptyRecord('crossref', source.title)),
    catalogues: known?.catalogues ?? [],
    title: source.title,
    ...(known?.titleMarkup && plainAbstract(known.titleMarkup) === source.title
      ? { titleMarkup: known.titleMarkup }
      : {}),
    authors: source.authors,
    year: source.year,
    venue: source.venue ?? known?.venue ?? null,
    doi: source.doi ?? known?.doi ?? null,
    url: known?.url ?? (source.doi ? null : source.url),
    pdfUrl: null,
    kind: known?.kind ?? null,
  });
  entry.type = source.kind === 'website' ? 'webpage' : known?.kind ? entry.type : cslType(source);
  if (!entry.author || entry.author.length === 0) entry.author = [{ literal: unknownAuthor }];
  return entry;
}

function cslType(source: ToolSource): string {
  if (source.venue) return 'article-journal';
  return source.kind === 'paper' ? 'article' : 'book';
}
