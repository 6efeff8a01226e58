import { afterEach, describe, expect, it } from 'vitest';
import { ignoreRuleForSession, sessionIgnoredRules } from './ignored-rules';
import { variantChoices } from './ProofreadForm';

afterEach(() => sessionStorage.clear());

describe('rules ignored for the session', () => {
  it('remembers each rule once, for later checks in the same session', () => {
    expect([...sessionIgnoredRules()]).toEqual([]);
    ignoreRuleForSession('EN_A_AN');
    ignoreRuleForSession('harper:Readability');
    ignoreRuleForSession('EN_A_AN');
    expect([...sessionIgnoredRules()]).toEqual(['EN_A_AN', 'harper:Readability']);
  });

  it('reads a damaged entry as no rule ignored', () => {
    sessionStorage.setItem('quire.proofreading.ignoredRules', '{not json');
    expect([...sessionIgnoredRules()]).toEqual([]);
  });
});

describe('spelling variants offered', () => {
  it('offers the variants of English and German, and all of them while the language is detected', () => {
    expect(variantChoices('en')).toEqual(['en-US', 'en-GB']);
    expect(variantChoices('de')).toEqual(['de-DE', 'de-AT', 'de-CH']);
    expect(variantChoices('fr')).toEqual([]);
    expect(variantChoices('auto')).toEqual(['en-US', 'en-GB', 'de-DE', 'de-AT', 'de-CH']);
  });
});
