import {
  type Catalogue,
  humaniseField,
  interpolate,
  type LocaleCode,
  lookup,
  type ValidationMessage,
} from '@quire/contracts';
import errorsDe from '@quire/contracts/locales/de/errors.json';
import fieldsDe from '@quire/contracts/locales/de/fields.json';
import validationDe from '@quire/contracts/locales/de/validation.json';
import errorsEn from '@quire/contracts/locales/en/errors.json';
import fieldsEn from '@quire/contracts/locales/en/fields.json';
import validationEn from '@quire/contracts/locales/en/validation.json';
import errorsEs from '@quire/contracts/locales/es/errors.json';
import fieldsEs from '@quire/contracts/locales/es/fields.json';
import validationEs from '@quire/contracts/locales/es/validation.json';
import errorsFr from '@quire/contracts/locales/fr/errors.json';
import fieldsFr from '@quire/contracts/locales/fr/fields.json';
import validationFr from '@quire/contracts/locales/fr/validation.json';
import errorsIt from '@quire/contracts/locales/it/errors.json';
import fieldsIt from '@quire/contracts/locales/it/fields.json';
import validationIt from '@quire/contracts/locales/it/validation.json';
import errorsNl from '@quire/contracts/locales/nl/errors.json';
import fieldsNl from '@quire/contracts/locales/nl/fields.json';
import validationNl from '@quire/contracts/locales/nl/validation.json';

/** The server speaks only the catalogues it needs: messages of errors, validation and field labels. */
type ServerNamespace = 'errors' | 'validation' | 'fields';
type Bundle = Record<ServerNamespace, Catalogue>;
const SERVER_NAMESPACES: readonly string[] = ['errors', 'validation', 'fields'];

/** The same catalogues the web app uses, bundled into the server. */
const BUNDLES: Record<LocaleCode, Bundle> = {
  en: { errors: errorsEn, validation: validationEn, fields: fieldsEn },
  de: { errors: errorsDe, validation: validationDe, fields: fieldsDe },
  fr: { errors: errorsFr, validation: validationFr, fields: fieldsFr },
  es: { errors: errorsEs, validation: validationEs, fields: fieldsEs },
  it: { errors: errorsIt, validation: validationIt, fields: fieldsIt },
  nl: { errors: errorsNl, validation: validationNl, fields: fieldsNl },
};

export type Translate = (key: `${ServerNamespace}:${string}`, params?: Record<string, string | number>) => string;

/** A translator for one locale that falls back to English, then to the key itself. */
export function translator(locale: LocaleCode): Translate {
  return (key, params) => {
    const [namespace, path] = splitKey(key);
    const template = lookup(BUNDLES[locale][namespace], path) ?? lookup(BUNDLES.en[namespace], path) ?? key;
    return interpolate(template, params);
  };
}

/** A validation message in the spec's wording, e.g. "Topic is required", with the field label translated. */
export function translateValidation(locale: LocaleCode, message: ValidationMessage): string {
  const t = translator(locale);
  const label = lookup(BUNDLES[locale].fields, message.field) ?? humaniseField(message.field);
  return t(`validation:${message.key}`, { ...message.params, field: label });
}

function splitKey(key: string): [ServerNamespace, string] {
  const separator = key.indexOf(':');
  const namespace = key.slice(0, separator);
  if (!SERVER_NAMESPACES.includes(namespace)) throw new Error(`Unknown catalogue namespace in "${key}"`);
  return [namespace as ServerNamespace, key.slice(separator + 1)];
}
