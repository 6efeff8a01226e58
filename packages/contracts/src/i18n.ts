/** Catalogue namespaces the web app loads, under locales/{locale}/{namespace}.json; `auth` is the server's sign-in pages. */
export const NAMESPACES = ['app', 'errors', 'validation', 'fields'] as const;
export type Namespace = (typeof NAMESPACES)[number];

export type Catalogue = { [key: string]: string | Catalogue };

/** Replaces {{name}} placeholders, the i18next syntax the catalogues use. */
export function interpolate(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (match, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : match,
  );
}

/** Looks a dotted key up in a catalogue; undefined when absent or not a string. */
export function lookup(catalogue: Catalogue, key: string): string | undefined {
  let node: string | Catalogue | undefined = catalogue;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** Every leaf key of a catalogue, dotted. */
export function leafKeys(catalogue: Catalogue, prefix = ''): string[] {
  return Object.entries(catalogue).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : leafKeys(value, `${prefix}${key}.`),
  );
}

/** Humanises a field name ("study_subject" → "Study subject") when no label is translated. */
export function humaniseField(name: string): string {
  const spaced = name
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}
