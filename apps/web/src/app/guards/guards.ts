import type { LocaleCode, PageDefinition, PageId } from '@quire/contracts';
import { HttpError } from '../http-error';

export type GuardContext = {
  url: URL;
  locale: LocaleCode;
  /** Null for a path that matches no page (the not-found route still runs the guards). */
  pageId: PageId | null;
  page: PageDefinition | null;
};

/** Returns the path to redirect to, or nothing to let the visitor through. */
export type Guard = (context: GuardContext) => string | undefined | Promise<string | undefined>;

export type GuardRegistry = Readonly<Record<string, Guard>>;

/**
 * Runs the named guards in order; the first one that asks for a redirect ends the run.
 * A name missing from the registry is a programming error and fails the page with a 500.
 */
export async function runGuards(
  names: readonly string[],
  registry: GuardRegistry,
  context: GuardContext,
): Promise<string | null> {
  for (const name of names) {
    const guard = Object.hasOwn(registry, name) ? registry[name] : undefined;
    if (!guard) throw new HttpError(500, { key: 'errors:unknown_middleware', params: { name } });
    const target = await guard(context);
    if (target) return target;
  }
  return null;
}
