import { LOCALES, type LocaleCode } from '@quire/contracts';
import common from './common.rules.json';
import de from './de.rules.json';
import en from './en.rules.json';
import es from './es.rules.json';
import fr from './fr.rules.json';
import it from './it.rules.json';
import nl from './nl.rules.json';
import { type CompiledRules, compileRules } from './rule-engine';
import { RuleFile } from './rule-format';

/** The rule files as data, validated when first used: a malformed file fails loudly, in the tests first. */
const FILES: Record<LocaleCode | 'all', unknown> = { all: common, en, de, fr, es, it, nl };

export function ruleFile(language: LocaleCode | 'all'): RuleFile {
  return RuleFile.parse(FILES[language]);
}

const compiled = new Map<LocaleCode, CompiledRules>();

/** A language's rules and then the common ones, compiled once per process. */
export function rulesFor(language: LocaleCode): CompiledRules {
  let rules = compiled.get(language);
  if (!rules) {
    rules = compileRules({ language, rules: [...ruleFile(language).rules, ...ruleFile('all').rules] });
    compiled.set(language, rules);
  }
  return rules;
}

export const RULE_LANGUAGES: readonly LocaleCode[] = LOCALES;
