/**
 * The words papers print as labels, in the six languages Quire writes in and Portuguese. A label is matched at
 * the start of a line, case-insensitively, followed by nothing or by a separator and the labelled text.
 */

const label = (words: string) => new RegExp(`^(?:${words})(?=$|[\\s.:—–-])[\\s.:—–-]*`, 'iu');

export const ABSTRACT_LABEL = label(
  'abstract|summary|zusammenfassung|kurzfassung|résumé|resume|resumen|resúmen|resumo|riassunto|sommario|samenvatting|extracto',
);

export const KEYWORDS_LABEL = label(
  'keywords?|key words|key-words|index terms|additional key words and phrases|palabras[ -]claves?|palavras[ -]chaves?|mots[ -]cl[ée]s|schlüsselwörter|schlagwörter|stichwörter|parole chiave|trefwoorden|sleutelwoorden|descriptores|descritores|unitermos',
);

/** Lines of the front matter that are neither abstract nor keywords, and end an abstract. */
export const OTHER_FRONT_LABEL = label(
  'categories and subject descriptors|general terms|ccs concepts|acm reference format|jel(?: classification)?|msc(?: 2010| 2020)?|pacs',
);

export const REFERENCES_LABEL =
  /^(?:\d+\.?\s+)?(?:references|reference list|bibliography|works cited|literature cited|literatur|literaturverzeichnis|quellenverzeichnis|références|références bibliographiques|bibliographie|referencias|referencias bibliográficas|bibliografía|referências|referências bibliográficas|bibliografia|riferimenti bibliografici|riferimenti|literatuur|literatuurlijst|referenties|bronnen)\s*:?$/iu;

export const APPENDIX_LABEL =
  /^(?:[A-Z]\.?\s+)?(?:appendix|appendices|anhang|annexe|annexes|apéndice|anexo|apêndice|appendice|allegato|bijlage)\b/iu;

/** Sub-headings inside a structured abstract ("Objectives", "Métodos"): part of the abstract, not sections. */
export const STRUCTURED_ABSTRACT_PART =
  /^(?:background|objectives?|aims?|purpose|methods?|methodology|design|setting|results?|findings|conclusions?|discussion|introduction|context|hintergrund|ziele?|methoden|ergebnisse|schlussfolgerungen?|fazit|contexte|objectifs?|méthodes?|résultats|conclusions?|antecedentes|objetivos?|métodos?|resultados|conclusiones|conclusión|introdução|introducción|conclusão|conclusões|obiettivi?|metodi|risultati|conclusioni|achtergrond|doel|methode|resultaten|conclusies?)\s*[.:]?$/iu;

/** Words that name a section by themselves even in body type: "Introduction", "Conclusiones". */
export const SECTION_WORD =
  /^(?:introduction|conclusions?|discussion|related work|background|methods?|results|acknowledge?ments?|einleitung|einführung|fazit|zusammenfassung|danksagung|diskussion|introducción|conclusiones|discusión|agradecimientos|introdução|conclusões|conclusão|discussão|agradecimentos|introduzione|conclusioni|ringraziamenti|discussione|inleiding|conclusie|discussie|dankwoord|conclusion|remerciements|préface|vorwort|voorwoord|prefazione|prefacio|prefácio|preface)$/iu;

export const CAPTION_LABEL =
  /^(figure|figures|fig\.|figs\.|table|tab\.|abbildung|abb\.|tabelle|tab\.|tableau|graphique|figura|tabla|cuadro|gráfico|gráfica|tabela|quadro|tabella|figuur|tabel|grafiek|chart|scheme|algorithm|listing)\s*(\d+[a-z]?|[IVX]+)\s*([.:|—–-])?\s*/iu;

export const TABLE_WORD = /^(?:table|tab\.|tabelle|tableau|tabla|cuadro|tabela|quadro|tabella|tabel)/iu;

/** Lines that cite the paper or give contacts: never author lines even when they hold names. */
export const NOT_AUTHOR_LINE =
  /^(?:how to cite|cite this|citation|como citar|cómo citar|pour citer|zitiervorschlag|zitierweise|come citare|citeer als|correspond\p{L}*|corresponding author|autor(?:a)? para correspond\p{L}*|e-?mail|academic editor|editor\p{L}*|apoio|support|funding|financiamento|financiación|received|recebido|recibido|reçu|eingegangen|accepted|aceito|aceptado|accepté|published|publicado|publié)\b/iu;

/** Labels after which the names are an editor's or another role's, not authors. */
export const NON_AUTHOR_ROLE =
  /^(?:editor(?:a|in)?|academic editor|associate editor|handling editor|section editor)\s*:?$/iu;

/** Institutions, addresses and mail in the front matter. */
export const AFFILIATION =
  /(?:universit|universidad|univ\.|politecnico|polytechn|politécnic|technische|institut|instituto|istituto|department|dept\.|departamento|dipartimento|départe?ment|fakultät|faculty|facultad|faculdade|facoltà|faculté|school|college|escola|escuela|école|hochschule|laborator|labo\b|lab\b|centre|center|centro|zentrum|corporation|\binc\b|gmbh|\bltd\b|hospital|klinik|academy|akademie|accademia|academia|research|ministry|ministerio|ministério|secretaría|secretaria|national|nacional|nazionale|programa de|graduate|\bp\.?\s?o\.? box|\bc\/|street|avenue|road\b|straße|strasse|\bvia\b|\brue\b|@)/iu;

/** Journal furniture around a title: running heads, volume lines, identifiers, licences. */
export const JOURNAL_FURNITURE =
  /(?:journal|revista|rivista|zeitschrift|tijdschrift|\bvol\.|volume|\bissn\b|\bdoi\b|doi\.org|arxiv:|www\.|https?:|©|copyright|proceedings|conference|symposium|workshop|received|accepted|published|original article|research article|review article|artigo original|artículo original|articolo originale|\bpp?\.\s*\d|\d{4}\s*;\s*\d|\bv\.\s*\d|\bn\.\s*\d|open access|creative commons|preprint|under review|to appear)/iu;

/** What a title page says a document is, set large but never its title. */
export const DOCUMENT_KIND =
  /^(?:master'?s? thesis|bachelor'?s? thesis|doctoral thesis|phd thesis|dissertation|thesis|masterarbeit|bachelorarbeit|diplomarbeit|doktorarbeit|habilitationsschrift|mémoire|thèse|tesi(?: di laurea)?(?: magistrale| triennale)?|tesis(?: doctoral)?|trabajo fin de (?:grado|máster)|dissertação|tese|trabalho de conclusão de curso|scriptie|bachelorscriptie|masterscriptie|proefschrift|notes?|letters?|short communication|original|research|review)$/iu;

/** A line that names an institution from its first words: a title page's university, never its title. */
export const INSTITUTION_LINE =
  /^(?:[\p{L}'’]+\s+){0,2}(?:universit(?:y|ies|ät|à|é|eit|at|ad|ade)(?!\p{L})|univ\.|institut|istituto|instituto|department|dipartimento|departamento|faculty|facult|fakultät|school of|college|laborator|centre|center for|centro|politecnico|hochschule|afdeling|faculteit|corso di|studiengang)/iu;

/** The heading of a table of contents: its lines repeat headings ("Literatur 143") and are no body text. */
export const CONTENTS_LABEL =
  /^(?:contents|table of contents|inhaltsverzeichnis|inhalt|table des matières|sommaire|índice|indice|inhoudsopgave|inhoud|sumário)$/iu;
