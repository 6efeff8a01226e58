import { parse as parseCslName } from '@citation-js/name';

/**
 * A person's or an organisation's name as CSL-JSON holds it: the one name model Quire imports, stores,
 * exports and renders. A particle such as "van der" stays apart from the family name so that styles can
 * sort and print it their way; an organisation is one `literal`.
 */
export type PersonName = {
  family?: string;
  given?: string;
  'non-dropping-particle'?: string;
  'dropping-particle'?: string;
  suffix?: string;
  literal?: string;
};

const PARTS = ['family', 'given', 'non-dropping-particle', 'dropping-particle', 'suffix', 'literal'] as const;

/**
 * A name as typed or printed: "van der Berg, Anna", "García Márquez, Gabriel", "King, Jr., Martin Luther",
 * "Anna van der Berg" or "{World Health Organization}" (braces keep an organisation whole, as in BibTeX).
 * Without a comma the last word is taken as the family name, so compound surnames need the comma form.
 */
export function parseName(text: string): PersonName {
  const trimmed = text.trim().replace(/\s+/g, ' ');
  const braced = /^\{([^{}]+)\}$/.exec(trimmed);
  if (braced) return { literal: (braced[1] as string).trim() };
  if (!trimmed.includes(',') && !trimmed.includes(' ')) return { literal: trimmed };
  return cleanName(parseCslName(trimmed) as PersonName) ?? { literal: trimmed };
}

/**
 * A name from any CSL-JSON source with empty parts dropped; a family name alone (BibTeX's
 * "{World Health Organization}", a mononym) is a literal. Null when nothing is left.
 */
export function cleanName(name: PersonName): PersonName | null {
  const kept: PersonName = {};
  for (const part of PARTS) {
    const value = typeof name[part] === 'string' ? (name[part] as string).replace(/\s+/g, ' ').trim() : '';
    if (value) kept[part] = value;
  }
  if (kept.literal) return { literal: kept.literal };
  if (!kept.family && !kept.given) return null;
  if (!kept.given && !kept['non-dropping-particle'] && !kept['dropping-particle'] && !kept.suffix) {
    return { literal: kept.family as string };
  }
  if (!kept.family) return { literal: kept.given as string };
  return kept;
}

/** The family name with its particles: "van der Berg", "de la Cruz". */
export function familyWithParticles(name: PersonName): string {
  return [name['dropping-particle'], name['non-dropping-particle'], name.family].filter(Boolean).join(' ');
}

/** The name in reading order: "Anna van der Berg", "Martin Luther King Jr.", "World Health Organization". */
export function displayName(name: PersonName): string {
  if (name.literal) return name.literal;
  return [name.given, familyWithParticles(name), name.suffix].filter(Boolean).join(' ');
}

/** The name inverted as RIS writes it ("Lastname, Firstname, Suffix"); an organisation as it is. */
export function invertedName(name: PersonName): string {
  if (name.literal) return name.literal;
  return [familyWithParticles(name), name.given, name.suffix].filter(Boolean).join(', ');
}

/**
 * The structured names of a record: the stored ones when the catalogue or file gave them, else its
 * display strings parsed the one way Quire parses names.
 */
export function namesOf(structured: readonly PersonName[] | undefined, display: readonly string[]): PersonName[] {
  if (structured && structured.length > 0) return [...structured];
  return display
    .map((text) => text.trim())
    .filter(Boolean)
    .map(parseName);
}
