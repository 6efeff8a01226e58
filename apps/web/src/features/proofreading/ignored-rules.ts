const KEY = 'quire.proofreading.ignoredRules';

/**
 * The rules the user chose to ignore for this browser session ("ignore rule"): kept in sessionStorage, so later
 * checks in the same tab leave them out too, and forgotten when the tab closes.
 */
export function sessionIgnoredRules(): ReadonlySet<string> {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? '[]');
    return new Set(Array.isArray(stored) ? stored.filter((rule): rule is string => typeof rule === 'string') : []);
  } catch {
    return new Set();
  }
}

/** Adds a rule to the session's ignored rules. */
export function ignoreRuleForSession(rule: string): void {
  sessionStorage.setItem(KEY, JSON.stringify([...new Set([...sessionIgnoredRules(), rule])]));
}
