import { matchPage } from '@quire/contracts';

/**
 * What a submitted form on the current page starts, for the "tool run" event: the tool's slug when it is a
 * tool's own form (on a feature, flow or own-application page, not in a dialog); otherwise null.
 */
export function toolRunOf(form: HTMLFormElement, pathname: string): string | null {
  if (form.closest('[role="dialog"]') || !form.closest('main')) return null;
  const page = matchPage(pathname);
  if (page?.id === 'feature') return page.params.feature ?? null;
  if (page?.id === 'flow') return page.params.flow ?? null;
  if (page?.id === 'ownApp' && page.params.app !== 'new') return 'own-app';
  return null;
}
