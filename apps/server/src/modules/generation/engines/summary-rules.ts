import { stemsOf } from './source-sentences';

/**
 * Words with which a text hedges or names its own limits, per language: "however", "limitation", "may not",
 * "further research"… A critical summary lists the sentences that use them, as the text's own reservations.
 */
const HEDGES: Record<string, RegExp> = {
  en: /(?<!\p{L})(?:limitations?|limited|however|although|though|might|may not|cannot|unclear|uncertain\w*|caveats?|further research|future (?:work|research)|remains? (?:to be|unclear|open)|not yet|weakness\w*|drawbacks?|bias\w*|challeng\w+)(?!\p{L})/iu,
  de: /(?<!\p{L})(?:jedoch|allerdings|einschränk\w*|begrenz\w*|möglicherweise|unklar|unsicher\w*|weitere forschung|noch nicht|bislang nicht|schwäche\w*|nachteil\w*|verzerr\w*|kann nicht|können nicht|offen)(?!\p{L})/iu,
  fr: /(?<!\p{L})(?:cependant|toutefois|néanmoins|limites?|limitée?s?|pourrai\w+|incertain\w*|peu clair|recherches? futures?|pas encore|faiblesses?|inconvénients?|biais)(?!\p{L})/iu,
  es: /(?<!\p{L})(?:sin embargo|no obstante|limitaci\w+|limitad\w+|podría\w*|inciert\w+|poco clar\w+|futuras investigaciones|investigaciones futuras|aún no|todavía no|debilidad\w*|desventaja\w*|sesgos?)(?!\p{L})/iu,
  it: /(?<!\p{L})(?:tuttavia|però|limitazion\w+|limitat\w+|potrebbe\w*|incert\w+|poco chiar\w+|ricerche future|non ancora|debolezz\w+|svantagg\w+|distorsion\w+)(?!\p{L})/iu,
  nl: /(?<!\p{L})(?:echter|evenwel|beperking\w*|beperkt|mogelijk|onduidelijk|onzeker\w*|verder onderzoek|nog niet|zwakte\w*|nade\w+|vertekening)(?!\p{L})/iu,
};

/** Whether a sentence hedges or names a limitation, in its language (English words for unknown ones). */
export function hedges(sentence: string, language: string): boolean {
  return (HEDGES[language] ?? HEDGES.en)?.test(sentence) ?? false;
}

/** The share of the focus's content words a sentence contains (0–1). */
export function coverageOf(sentence: string, focus: string, language: string): number {
  const wanted = stemsOf(focus, language);
  if (wanted.size === 0) return 0;
  const found = stemsOf(sentence, language);
  let shared = 0;
  for (const stem of wanted) if (found.has(stem)) shared++;
  return shared / wanted.size;
}
