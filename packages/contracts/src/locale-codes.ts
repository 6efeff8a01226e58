// Apart from locales.ts, which uses the schemas' types, so that the schemas can use these without a cycle.

/** Every language Quire speaks. English is the default and carries no URL prefix. */
export const LOCALES = ['en', 'de', 'fr', 'es', 'it', 'nl'] as const;
export const DEFAULT_LOCALE = 'en' satisfies (typeof LOCALES)[number];
