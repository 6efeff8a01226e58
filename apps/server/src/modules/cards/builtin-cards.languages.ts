import type { LocaleCode } from '@quire/contracts';

/**
 * How each of the six languages states a definition, as data for the built-in card engine. A pattern
 * matches a whole sentence (its end punctuation removed) and names two groups: `term`, the thing defined,
 * and `definition`, what the text says it is. The card asks for the term in the deck's language.
 */

export type DefinitionPattern = {
  pattern: RegExp;
  /** The verb is plural ("are", "sind"), so the question is too. */
  plural: boolean;
  /**
   * How the definition must start. `article`: "X is a Y" defines, "X is important" and "X is used" do not.
   * `noun`: an article, or a bare noun with a relative clause ("Mitochondria are organelles that …"), not
   * a participle ("Spectra are represented …"). `any`: the pattern itself says it is a definition
   * ("Unter X versteht man …"); only a pronoun or the like at the start is refused.
   */
  start: 'article' | 'noun' | 'any';
};

export type CardLanguage = {
  /** "The term" before a term: left out of the question. */
  termLabel: RegExp;
  /** An article at the start of a term, kept on the card but not counted as one of its words. */
  termArticle: RegExp;
  /** A definition that starts like a noun phrase: an article or a similar determiner. */
  definitionStart: RegExp;
  /** A bare noun (or two) with a relative clause: "organelles that …", "Organellen, die …". */
  nounWithClause: RegExp;
  /** Words that turn a definition into its opposite ("X is not a Y"). */
  negation: RegExp;
  /** Nouns are capitalised (German): a term must end in one. */
  capitalisedNouns: boolean;
  question: (term: string, plural: boolean) => string;
  patterns: DefinitionPattern[];
};

const WORD = String.raw`[\p{L}\p{N}][\p{L}\p{N}'’\-]*`;
/** One to six words, as few as will do: the first verb of the sentence ends the term. */
const TERM = `(?<term>${WORD}(?: ${WORD}){0,5}?)`;
/** At the end of a sentence the term takes the rest of it, up to six words. */
const TERM_AT_END = `(?<term>${WORD}(?: ${WORD}){0,5})`;
const DEFINITION = '(?<definition>.+)';
const DEFINITION_FIRST = '(?<definition>.+?)';

const sentence = (source: string) => new RegExp(`^${source}$`, 'u');
/** "TERM verb DEFINITION". */
const termFirst = (verbs: string, plural: boolean, start: DefinitionPattern['start'] = 'noun'): DefinitionPattern => ({
  pattern: sentence(`${TERM} (?:${verbs}) ${DEFINITION}`),
  plural,
  start,
});
const custom = (source: string, plural = false): DefinitionPattern => ({
  pattern: sentence(source),
  plural,
  start: 'any',
});
/** One or two words, then a relative pronoun of the language. */
const nounWithClause = (pronouns: string) =>
  new RegExp(`^[\\p{L}\\p{N}'’-]+(?: [\\p{L}\\p{N}'’-]+)?,? (?:${pronouns}) `, 'iu');

export const CARD_LANGUAGES: Record<LocaleCode, CardLanguage> = {
  en: {
    termLabel: /^(?:the term|the concept of)\s+/iu,
    termArticle: /^(?:the|an?)\s+/iu,
    definitionStart: /^(?:the|an?|one|any)\s/iu,
    nounWithClause: nounWithClause('that|which|who|whose|in which'),
    negation: /^(?:not|no|never)\s/iu,
    capitalisedNouns: false,
    question: (term, plural) => `What ${plural ? 'are' : 'is'} ${term}?`,
    patterns: [
      termFirst('is defined as|refers to|means|denotes', false),
      termFirst('are defined as|refer to|mean|denote', true),
      termFirst('is', false, 'article'),
      termFirst('are', true),
    ],
  },
  de: {
    termLabel: /^(?:der Begriff|die Bezeichnung)\s+/iu,
    termArticle: /^(?:die|der|das|eine?)\s+/iu,
    definitionStart: /^(?:die|der|das|den|dem|des|eine?|einen|einem|einer|eines)\s/iu,
    nounWithClause: nounWithClause('die|der|das|deren|dessen|welche|welcher|welches'),
    negation: /^(?:nicht|keine?n?)\s/iu,
    capitalisedNouns: true,
    question: (term, plural) => `Was ${plural ? 'sind' : 'ist'} ${term}?`,
    patterns: [
      custom(`Unter ${TERM} (?:versteht man|verstehen wir) ${DEFINITION}`),
      custom(`Unter ${TERM} (?:wird|werden) ${DEFINITION_FIRST} verstanden`),
      custom(`Man versteht unter ${TERM} ${'(?<definition>(?:die|den|das|eine|einen) .+)'}`),
      custom(`Als ${TERM} (?:bezeichnet man|wird|werden) ${DEFINITION_FIRST}(?: bezeichnet)?`),
      termFirst('bezeichnet|beschreibt|meint', false),
      termFirst('bezeichnen|beschreiben|meinen', true),
      termFirst('ist', false, 'article'),
      termFirst('sind', true),
    ],
  },
  fr: {
    termLabel: /^(?:le terme|la notion d['’]|la notion de)\s*/iu,
    termArticle: /^(?:(?:les|le|la|une?|des)\s+|l['’])/iu,
    definitionStart: /^(?:(?:le|la|les|une?|des|du|celui|celle)\s|l['’])/iu,
    nounWithClause: nounWithClause('qui|que|dont|où|lesquels|lesquelles'),
    negation: /^(?:pas|jamais|ne|n['’])\s?/iu,
    capitalisedNouns: false,
    question: (term, plural) =>
      plural
        ? `Que sont ${term} ?`
        : /^[aeiouyhàâéèêëîïôûü]/iu.test(term)
          ? `Qu’est-ce qu’${term} ?`
          : `Qu’est-ce que ${term} ?`,
    patterns: [
      custom(`On (?:appelle|nomme) ${TERM} ${"(?<definition>(?:(?:le|la|les|une?|des) |l['’]).+)"}`),
      termFirst('est défini comme|est définie comme|désigne|signifie', false),
      termFirst('sont définis comme|sont définies comme|désignent|signifient', true),
      termFirst('est', false, 'article'),
      termFirst('sont', true),
    ],
  },
  es: {
    termLabel: /^(?:el término|el concepto de)\s+/iu,
    termArticle: /^(?:los|las|el|la|lo|una?)\s+/iu,
    definitionStart: /^(?:el|la|los|las|lo|una?|unos|unas|aquel|aquella)\s/iu,
    nounWithClause: nounWithClause('que|cuyo|cuya|cuyos|cuyas|donde|los cuales|las cuales'),
    negation: /^(?:no|nunca)\s/iu,
    capitalisedNouns: false,
    question: (term, plural) => `¿Qué ${plural ? 'son' : 'es'} ${term}?`,
    patterns: [
      custom(`Se (?:denomina|llama|define como) ${TERM} (?:al|a la|a los|a las|a) ${DEFINITION}`),
      custom(`${DEFINITION_FIRST} se (?:denomina|llama) ${TERM_AT_END}`),
      custom(`${DEFINITION_FIRST} se (?:denominan|llaman) ${TERM_AT_END}`, true),
      termFirst('se define como|se refiere a', false),
      termFirst('se definen como|se refieren a', true),
      termFirst('es', false, 'article'),
      termFirst('son', true),
    ],
  },
  it: {
    termLabel: /^(?:il termine|il concetto di)\s+/iu,
    termArticle: /^(?:(?:gli|il|lo|la|le|i|una?|uno)\s+|l['’]|un['’])/iu,
    definitionStart: /^(?:(?:il|lo|la|i|gli|le|una?|uno)\s|l['’]|un['’])/iu,
    nounWithClause: nounWithClause('che|cui|i quali|le quali'),
    negation: /^(?:non|mai)\s/iu,
    capitalisedNouns: false,
    question: (term, plural) => (plural ? `Che cosa sono ${term}?` : `Che cos’è ${term}?`),
    patterns: [
      custom(`(?:Per|Con) ${TERM} si intende ${DEFINITION}`),
      custom(`(?:Per|Con) ${TERM} si intendono ${DEFINITION}`, true),
      termFirst('indica|designa|si definisce come', false),
      termFirst('indicano|designano|si definiscono come', true),
      termFirst('è', false, 'article'),
      termFirst('sono', true),
    ],
  },
  nl: {
    termLabel: /^(?:de term|het begrip)\s+/iu,
    termArticle: /^(?:de|het|een)\s+/iu,
    definitionStart: /^(?:de|het|een|die|dat)\s/iu,
    nounWithClause: nounWithClause('die|dat|waarin|waarbij|welke'),
    negation: /^(?:niet|geen|nooit)\s/iu,
    capitalisedNouns: false,
    question: (term, plural) => `Wat ${plural ? 'zijn' : 'is'} ${term}?`,
    patterns: [
      custom(`${DEFINITION_FIRST} wordt ${TERM} genoemd`),
      custom(`${DEFINITION_FIRST} worden ${TERM} genoemd`, true),
      custom(`(?:Met|Onder) ${TERM} (?:wordt|verstaat men) ${DEFINITION_FIRST}(?: bedoeld| verstaan)?`),
      termFirst('verwijst naar', false),
      termFirst('verwijzen naar', true),
      termFirst('is', false, 'article'),
      termFirst('zijn', true),
    ],
  },
};
