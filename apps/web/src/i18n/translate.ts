import { type Catalogue, lookup, type Namespace } from '@quire/contracts';

export type TranslateOptions = { defaultValue?: string; [name: string]: unknown };
export type Translate = (key: string, options?: TranslateOptions | string) => string;
export type Bundle = Partial<Record<Namespace, Catalogue>>;

const PLACEHOLDER = /\{\{\s*([\w.]+)\s*(?:,\s*([^}]*?))?\s*\}\}/g;

/**
 * i18next's `t` for the subset of its syntax the landing catalogues use: `ns:key.path`, `{{name}}`,
 * `{{name, number}}` and `{{name, number(style: percent)}}`, and a default value. The landing route renders
 * with this, so it need not download i18next; a test checks it agrees with i18next on every landing key.
 */
export function translateWith(
  bundle: Bundle,
  locale: string,
  key: string,
  options?: TranslateOptions | string,
): string {
  const settings: TranslateOptions = typeof options === 'string' ? { defaultValue: options } : (options ?? {});
  const separator = key.indexOf(':');
  const namespace = (separator > 0 ? key.slice(0, separator) : 'app') as Namespace;
  const path = separator > 0 ? key.slice(separator + 1) : key;
  const template = lookup(bundle[namespace] ?? {}, path) ?? settings.defaultValue;
  if (template === undefined) return path;
  return template.replace(PLACEHOLDER, (match, name: string, format: string | undefined) => {
    const value = settings[name];
    if (value === undefined || value === null) return match;
    return format ? formatValue(value, format, locale) : String(value);
  });
}

function formatValue(value: unknown, format: string, locale: string): string {
  const [, name = '', rawOptions = ''] = /^(\w+)(?:\((.*)\))?$/.exec(format.trim()) ?? [];
  if (name !== 'number' || typeof value !== 'number') return String(value);
  const options: Record<string, string> = {};
  for (const option of rawOptions.split(';')) {
    const [optionName = '', ...optionValue] = option.split(':');
    if (optionName.trim()) options[optionName.trim()] = optionValue.join(':').trim();
  }
  return new Intl.NumberFormat(locale, options as Intl.NumberFormatOptions).format(value);
}
