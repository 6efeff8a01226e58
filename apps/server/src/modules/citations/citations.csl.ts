import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type CslEntry, plugins } from '@citation-js/core';
import '@citation-js/plugin-csl';
import { CITATION_STYLES, type CitationStyle, type LocaleCode } from '@quire/contracts';
import { SERVER_ROOT } from '../../paths';
import type { ToolSource } from '../generation/engine-types';
import { emptyRecord, plainAbstract } from '../search/paper-record';
import { recordToCsl } from './csl-record';
import { CHICAGO_AUTHOR_DATE } from './styles/chicago-author-date';
import { MLA9 } from './styles/mla9';

/**
 * The official CSL styles (the Citation Style Language project's files, CC BY-SA 3.0, unchanged) in
 * `csl/styles`, by the style Quire offers; see `csl/README.md` for their source. MLA 9 and Chicago
 * author-date are still written for Quire until their official files are in the folder.
 */
const STYLE_FILES: Partial<Record<CitationStyle, string>> = {
  apa7: 'apa.csl',
  harvard: 'harvard-cite-them-right.csl',
  ieee: 'ieee.csl',
  vancouver: 'vancouver.csl',
  'din-1505-2': 'din-1505-2.csl',
};
const WRITTEN_FOR_QUIRE: Partial<Record<CitationStyle, string>> = {
  mla9: MLA9,
  'chicago-author-date': CHICAGO_AUTHOR_DATE,
};

/** The CSL locale for each language Quire writes in (citeproc takes region-qualified tags). */
const CSL_LOCALES: Record<LocaleCode, string> = {
  en: 'en-US',
  de: 'de-DE',
  fr: 'fr-FR',
  es: 'es-ES',
  it: 'it-IT',
  nl: 'nl-NL',
};

const CSL_DATA = join(SERVER_ROOT, 'csl');

let registered = false;

/** Registers every style and locale file with citeproc once, under the style's own name. */
function registerStyles() {
  if (registered) return;
  const csl = plugins.config.get('@csl');
  for (const style of CITATION_STYLES) {
    const file = STYLE_FILES[style];
    csl.templates.add(templateName(style), file ? readData('styles', file) : (WRITTEN_FOR_QUIRE[style] as string));
  }
  for (const locale of Object.values(CSL_LOCALES))
    csl.locales.add(locale, readData('locales', `locales-${locale}.xml`));
  registered = true;
}

function readData(folder: 'styles' | 'locales', file: string): string {
  return readFileSync(join(CSL_DATA, folder, file), 'utf8');
}

function templateName(style: CitationStyle): string {
  return `quire-${style}`;
}

/** The citeproc template name and locale for a style written in a language. */
export function cslSetup(style: CitationStyle, language: LocaleCode): { template: string; lang: string } {
  registerStyles();
  return { template: templateName(style), lang: CSL_LOCALES[language] };
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
