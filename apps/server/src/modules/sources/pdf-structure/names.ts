/**
 * Reading author names off a front-matter line: separators in six languages and Portuguese, affiliation
 * markers (digits, symbols, letters) stripped, particles ("van der", "dos", "de la") kept.
 */

/** Footnote and affiliation markers set after a name: digits, stars, daggers and the like. */
const MARKER = '[\\d∗*†‡§¶#$+⋆♯♮⊥✉⁎°]';
const MARKER_RUN = new RegExp(`(?<=[\\p{L}.])${MARKER}+(?:\\s*,\\s*(?:${MARKER}+|[a-z](?=[,\\s]|$)))*`, 'gu');

/** Words that join the last two names of a list. */
const CONJUNCTION = /\s+(?:and|And|AND|und|et|y|e|en|&)\s+/gu;
const PARTICLES = new Set([
  'van',
  'der',
  'den',
  'de',
  'del',
  'della',
  'delle',
  'dei',
  'di',
  'da',
  'das',
  'do',
  'dos',
  'du',
  'des',
  'la',
  'le',
  'von',
  'zu',
  'vom',
  'ten',
  'ter',
  'op',
  "'t",
  'bin',
  'ibn',
  'al',
  'el',
  'y',
  'e',
  'st.',
]);

/** Words that never occur in a person's name but often in lines near the authors. */
const NOT_A_NAME =
  /^(?:abstract|introduction|university|universit\p{L}*|universidad|politecnico|polytechnic|polytechnique|politécnica|technische|hochschule|universidade|institut\p{L}*|department|departamento|dipartimento|faculty|facult\p{L}*|school|college|laborator\p{L}*|centre|center|centro|corporation|inc\.?|ltd\.?|gmbh|research|journal|review|paper|search|article|original|volume|issue|press|science|sciences|editor|email|e-mail|thesis|keywords?|resumen|resumo|résumé|riassunto|zusammenfassung|samenvatting|tesi|masterarbeit|bachelorarbeit|scriptie|usa|uk|china|germany|france|spain|italy|brazil|brasil|mexico|méxico)$/iu;

/** A name's word: capitalised (or all capitals), an initial, or a particle. */
const NAME_WORD = /^(?:\p{Lu}[\p{Ll}\p{Lu}'’]*(?:-\p{Lu}?[\p{Ll}\p{Lu}'’]+)*|(?:\p{Lu}\.-?)+|\p{Lu})$/u;
const INITIALS = /^(?:\p{Lu}\.-?)+$/u;

/** Academic titles printed before names on title pages ("Prof. Dr.", "dr.ir."). */
const TITLES = /^(?:(?:prof|dr|ir|ing|dott|dott\.ssa|mag|dipl|mr|ms|mrs|drs|lic|msc|phd)(?:\.\s*|\s+))+/iu;

/**
 * Affiliation markers set in letters stay glued to the name ("Lanea,c,*" for Lane). They are only taken off
 * when the affiliations are lettered and every name on the line ends in one of those letters.
 */
function stripLetterMarkers(names: string[], letters: Set<string>): string[] {
  const marked = names.every((name) => /\p{Ll}{2}$/u.test(name) && letters.has(name.slice(-1)));
  return letters.size > 0 && names.length > 0 && marked ? names.map((name) => name.slice(0, -1)) : names;
}

/** A candidate name is two to six name words and no word that names an institution or a section. */
export function looksLikeName(candidate: string): boolean {
  const words = candidate.split(/\s+/).filter(Boolean);
  if (words.length < 2 || words.length > 6) return false;
  if (words.some((word) => NOT_A_NAME.test(word))) return false;
  if (PARTICLES.has(words[words.length - 1] ?? '')) return false;
  const nameWords = words.filter((word) => NAME_WORD.test(word));
  const particles = words.filter((word) => PARTICLES.has(word) && !NAME_WORD.test(word));
  const fullWords = nameWords.filter((word) => !INITIALS.test(word) && word.length > 1);
  return nameWords.length + particles.length === words.length && nameWords.length >= 2 && fullWords.length >= 1;
}

/**
 * The names on one line. Markers become separators (an arXiv line has none else: "Yichen He∗1 Guanhua
 * Huang∗1"); a run of words with no separator at all is split after each "First I. Last" pattern.
 */
export function namesOnLine(line: string, letters: Set<string> = new Set()): { names: string[]; rest: string[] } {
  const cleaned = line
    .replace(/\S+@\S+/g, ' ')
    .replace(/\{[^}]*\}/g, ' ')
    // "Ana Lima (University of Porto), Rui Sá (INESC)": an affiliation in brackets ends a name.
    .replace(/\s*\(([^)]*)\)/g, ', $1,')
    .replace(MARKER_RUN, ',')
    .replace(CONJUNCTION, ', ');
  const names: string[] = [];
  const rest: string[] = [];
  for (const raw of cleaned.split(/\s*[,;]\s*|\s{2,}|\s+[|·•]\s+/u)) {
    const part = namePart(raw);
    if (!part) continue;
    if (looksLikeName(part)) names.push(part);
    else if (looksLikeName(part.replace(/\s+\p{Ll}$/u, ''))) names.push(part.replace(/\s+\p{Ll}$/u, ''));
    else {
      const split = splitRunOfNames(part);
      if (split.length > 1 && split.every(looksLikeName)) names.push(...split);
      else if (/\p{L}{2}/u.test(part)) rest.push(part);
    }
  }
  return { names: stripLetterMarkers(names, letters), rest };
}

/** Titles, trailing quotes (scan noise) and a closing colon or full stop off a name; an initial keeps its stop. */
function namePart(raw: string): string {
  const part = raw
    .replace(TITLES, '')
    .replace(/['’"”]+$/u, '')
    .replace(/:$/u, '')
    .trim();
  return /\p{Ll}{2}\.$/u.test(part) ? part.slice(0, -1) : part;
}

/** "Clara M. Hofmann Tom J. de Groot" → two names: a name ends at a word after an initial or particle. */
function splitRunOfNames(part: string): string[] {
  const words = part.split(/\s+/);
  if (words.length < 4) return [part];
  const names: string[] = [];
  let current: string[] = [];
  for (const word of words) {
    current.push(word);
    const previous = current[current.length - 2] ?? '';
    const closes =
      current.length >= 2 &&
      !INITIALS.test(word) &&
      !PARTICLES.has(word) &&
      (INITIALS.test(previous) || PARTICLES.has(previous) || current.length === 3);
    if (closes) {
      names.push(current.join(' '));
      current = [];
    }
  }
  if (current.length > 0) names.push(current.join(' '));
  return names;
}

/** A line that says the names after it are supervisors or examiners, not authors. */
export const SUPERVISOR_LABEL =
  /^(?:relator[ei]|correlator[ei]|relatrice|supervisors?|supervised by|advisors?|advised by|betreuer(?:in)?|erstprüfer(?:in)?|zweitprüfer(?:in)?|erstgutachter(?:in)?|zweitgutachter(?:in)?|gutachter(?:in)?|promotor(?:es)?|copromotor|co-promotor|begeleiders?|onder begeleiding van|directeur|directrice|director(?:a|es)?(?: de tesis)?|orientador(?:a)?|coorientador(?:a)?|tutor(?:a)?|examiners?|committee)\b/iu;

/** A line that says the name after it is the thesis's author. */
export const AUTHOR_LABEL =
  /(?:^(?:laureand[oa]|candidat[oa]|autor(?:in)?|auteur|author|student(?:in)?|presentad[oa] por|présenté(?:e)? par|submitted by|presented by|written by|vorgelegt von|eingereicht von|von|by|door|par|por|di)\b|\b(?:door|by|von|par|por)$)/iu;
