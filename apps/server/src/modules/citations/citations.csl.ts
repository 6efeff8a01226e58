import { type CslEntry, type CslName, plugins } from '@citation-js/core';
import '@citation-js/plugin-csl';
import type { CitationStyle, LocaleCode } from '@quire/contracts';
import type { ToolSource } from '../generation/engine-types';
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

/** A CSL name; a particle such as "van" stays with the family name but sorts apart from it. */
export type CslPersonName = CslName & { 'non-dropping-particle'?: string };

/** Words that mark an author as an organisation, whose name is kept whole. */
const ORGANISATION =
  /\b(?:organi[sz]ation|institut\w*|universit\w*|agency|association|society|council|ministr\w*|department|committee|foundation|bundes\w*|amt|office|group|consortium)\b/iu;
/** Lower-case particles that belong to the family name ("van der Berg", "de la Cruz"). */
const PARTICLES = new Set([
  'van',
  'von',
  'der',
  'den',
  'de',
  'del',
  'della',
  'di',
  'da',
  'du',
  'la',
  'le',
  'ten',
  'ter',
  'zu',
  'dos',
  'das',
]);

/** "Anna Müller" or "Müller, Anna" → given and family; "Ludwig van Beethoven" keeps "van" with the family. */
export function splitAuthorName(name: string): CslPersonName {
  const trimmed = name.trim().replace(/\s+/g, ' ');
  if (ORGANISATION.test(trimmed)) return { literal: trimmed };
  const comma = trimmed.indexOf(',');
  if (comma > 0) {
    return { family: trimmed.slice(0, comma).trim(), given: trimmed.slice(comma + 1).trim() };
  }
  const words = trimmed.split(' ');
  if (words.length < 2) return { literal: trimmed };
  let familyStart = words.length - 1;
  while (familyStart > 1 && PARTICLES.has(words[familyStart - 1] as string)) familyStart--;
  const given = words.slice(0, familyStart).join(' ');
  const family = words.slice(familyStart).join(' ');
  return familyStart < words.length - 1
    ? { given, family: words.at(-1) as string, 'non-dropping-particle': words.slice(familyStart, -1).join(' ') }
    : { given, family };
}

/**
 * A source as CSL-JSON. A website is a web page (its venue the site's name); a source with a venue is a
 * journal article; a paper without one a preprint; a document without one is treated as a book.
 * Without authors, the translated "unknown author" stands in their place.
 */
export function toCslEntry(source: ToolSource, unknownAuthor: string): CslEntry {
  const authors = source.authors.map((name) => name.trim()).filter(Boolean);
  return {
    id: source.id,
    type: cslType(source),
    title: source.title,
    author: authors.length > 0 ? authors.map(splitAuthorName) : [{ literal: unknownAuthor }],
    ...(source.year ? { issued: { 'date-parts': [[source.year]] } } : {}),
    ...(source.venue ? { 'container-title': source.venue } : {}),
    ...(source.doi ? { DOI: source.doi } : {}),
    ...(source.url && !source.doi ? { URL: source.url } : {}),
  };
}

function cslType(source: ToolSource): string {
  if (source.kind === 'website') return 'webpage';
  if (source.venue) return 'article-journal';
  return source.kind === 'paper' ? 'article' : 'book';
}
