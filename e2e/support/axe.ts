import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
/** axe-core's browser build, read once: injected into each page we check. */
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** The impacts the accessibility journey does not accept (issue 11: zero serious or critical). */
const BLOCKING = new Set(['serious', 'critical']);

export type AxeViolation = {
  id: string;
  impact: string;
  help: string;
  nodes: { target: string; html: string; summary: string }[];
};

type AxeOptions = {
  /** CSS selectors axe leaves out (an element and everything inside it), each with the reason in the caller. */
  exclude?: readonly string[];
};

/** Runs axe-core over the whole document and returns its serious and critical violations. */
export async function findViolations(page: Page, options: AxeOptions = {}): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  // Evaluated over the DevTools protocol rather than as a script tag, so the page's Content-Security-Policy allows it.
  if (!loaded) await page.evaluate(AXE_SOURCE);
  const exclude = [...(options.exclude ?? [])];
  const violations = await page.evaluate(async (excluded) => {
    type Result = {
      id: string;
      impact: string | null;
      help: string;
      nodes: { target: unknown[]; html: string; failureSummary?: string }[];
    };
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<{ violations: Result[] }> } }).axe;
    const context = excluded.length > 0 ? { include: [['html']], exclude: excluded.map((s) => [s]) } : document;
    const results = await axe.run(context, { resultTypes: ['violations'] });
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? 'unknown',
      help: violation.help,
      nodes: violation.nodes.map((node) => ({
        target: node.target.map(String).join(' '),
        html: node.html,
        summary: node.failureSummary ?? '',
      })),
    }));
  }, exclude);
  return violations.filter((violation) => BLOCKING.has(violation.impact));
}

/** Violations as lines a person can act on: rule, what it asks for, where, and the element's markup. */
export function formatViolations(violations: readonly AxeViolation[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes
        .slice(0, 8)
        .map(
          (node) =>
            `    at ${node.target}\n      ${clip(node.html)}\n      ${clip(node.summary.replace(/\s+/g, ' '), 300)}`,
        )
        .join('\n');
      const more = violation.nodes.length > 8 ? `\n    … and ${violation.nodes.length - 8} more` : '';
      return `[${violation.impact}] ${violation.id}: ${violation.help}\n${nodes}${more}`;
    })
    .join('\n');
}

function clip(text: string, length = 200): string {
  return text.length > length ? `${text.slice(0, length)}…` : text;
}
