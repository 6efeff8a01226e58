import { z } from 'zod';
import { LOCALES } from './locale-codes';

// The locale schemas live apart from the constants in locales.ts: the web app's entry chunk uses those constants,
// and a schema declared beside them would be built into that chunk with zod (the landing route's JS budget).

export const LocaleCode = z.enum(LOCALES);
export type LocaleCode = z.infer<typeof LocaleCode>;

/** Spec §3 "Locale": code, title, flag, meta; translations live in the catalogues under locales/. */
export const LocaleInfo = z.object({
  code: LocaleCode,
  title: z.string(),
  flag: z.string(),
  meta: z.object({ htmlLang: z.string(), currency: z.string() }),
});
export type LocaleInfo = z.infer<typeof LocaleInfo>;
