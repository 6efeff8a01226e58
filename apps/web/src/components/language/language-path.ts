import { type LocaleCode, localePath, parseLocalePath } from '@quire/contracts';

/** The same page in another language: "/fr/pricing" → German → "/de/pricing"; query and hash stay. */
export function switchLocalePath(
  location: { pathname: string; search?: string; hash?: string },
  target: LocaleCode,
): string {
  const { rest } = parseLocalePath(location.pathname);
  return `${localePath(target, rest)}${location.search ?? ''}${location.hash ?? ''}`;
}
