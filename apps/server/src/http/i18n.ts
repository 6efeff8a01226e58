import {
  type Catalogue,
  humaniseField,
  interpolate,
  type LocaleCode,
  lookup,
  type ValidationMessage,
} from '@quire/contracts';
import authDe from '@quire/contracts/locales/de/auth.json';
import billingDe from '@quire/contracts/locales/de/billing.json';
import chatDe from '@quire/contracts/locales/de/chat.json';
import engineDe from '@quire/contracts/locales/de/engine.json';
import errorsDe from '@quire/contracts/locales/de/errors.json';
import fieldsDe from '@quire/contracts/locales/de/fields.json';
import proofreadingDe from '@quire/contracts/locales/de/proofreading.json';
import searchDe from '@quire/contracts/locales/de/search.json';
import validationDe from '@quire/contracts/locales/de/validation.json';
import authEn from '@quire/contracts/locales/en/auth.json';
import billingEn from '@quire/contracts/locales/en/billing.json';
import chatEn from '@quire/contracts/locales/en/chat.json';
import engineEn from '@quire/contracts/locales/en/engine.json';
import errorsEn from '@quire/contracts/locales/en/errors.json';
import fieldsEn from '@quire/contracts/locales/en/fields.json';
import proofreadingEn from '@quire/contracts/locales/en/proofreading.json';
import searchEn from '@quire/contracts/locales/en/search.json';
import validationEn from '@quire/contracts/locales/en/validation.json';
import authEs from '@quire/contracts/locales/es/auth.json';
import billingEs from '@quire/contracts/locales/es/billing.json';
import chatEs from '@quire/contracts/locales/es/chat.json';
import engineEs from '@quire/contracts/locales/es/engine.json';
import errorsEs from '@quire/contracts/locales/es/errors.json';
import fieldsEs from '@quire/contracts/locales/es/fields.json';
import proofreadingEs from '@quire/contracts/locales/es/proofreading.json';
import searchEs from '@quire/contracts/locales/es/search.json';
import validationEs from '@quire/contracts/locales/es/validation.json';
import authFr from '@quire/contracts/locales/fr/auth.json';
import billingFr from '@quire/contracts/locales/fr/billing.json';
import chatFr from '@quire/contracts/locales/fr/chat.json';
import engineFr from '@quire/contracts/locales/fr/engine.json';
import errorsFr from '@quire/contracts/locales/fr/errors.json';
import fieldsFr from '@quire/contracts/locales/fr/fields.json';
import proofreadingFr from '@quire/contracts/locales/fr/proofreading.json';
import searchFr from '@quire/contracts/locales/fr/search.json';
import validationFr from '@quire/contracts/locales/fr/validation.json';
import authIt from '@quire/contracts/locales/it/auth.json';
import billingIt from '@quire/contracts/locales/it/billing.json';
import chatIt from '@quire/contracts/locales/it/chat.json';
import engineIt from '@quire/contracts/locales/it/engine.json';
import errorsIt from '@quire/contracts/locales/it/errors.json';
import fieldsIt from '@quire/contracts/locales/it/fields.json';
import proofreadingIt from '@quire/contracts/locales/it/proofreading.json';
import searchIt from '@quire/contracts/locales/it/search.json';
import validationIt from '@quire/contracts/locales/it/validation.json';
import authNl from '@quire/contracts/locales/nl/auth.json';
import billingNl from '@quire/contracts/locales/nl/billing.json';
import chatNl from '@quire/contracts/locales/nl/chat.json';
import engineNl from '@quire/contracts/locales/nl/engine.json';
import errorsNl from '@quire/contracts/locales/nl/errors.json';
import fieldsNl from '@quire/contracts/locales/nl/fields.json';
import proofreadingNl from '@quire/contracts/locales/nl/proofreading.json';
import searchNl from '@quire/contracts/locales/nl/search.json';
import validationNl from '@quire/contracts/locales/nl/validation.json';

/** The server speaks only the catalogues it needs: errors, validation, field labels, sign-in pages, chat answers, search ratings and product names. */
type ServerNamespace =
  | 'auth'
  | 'billing'
  | 'chat'
  | 'engine'
  | 'errors'
  | 'validation'
  | 'fields'
  | 'search'
  | 'proofreading';
type Bundle = Record<ServerNamespace, Catalogue>;
const SERVER_NAMESPACES: readonly string[] = [
  'auth',
  'billing',
  'chat',
  'engine',
  'errors',
  'validation',
  'fields',
  'search',
  'proofreading',
];

/** The same catalogues the web app uses, bundled into the server. */
const BUNDLES: Record<LocaleCode, Bundle> = {
  en: {
    auth: authEn,
    billing: billingEn,
    chat: chatEn,
    engine: engineEn,
    errors: errorsEn,
    validation: validationEn,
    fields: fieldsEn,
    search: searchEn,
    proofreading: proofreadingEn,
  },
  de: {
    auth: authDe,
    billing: billingDe,
    chat: chatDe,
    engine: engineDe,
    errors: errorsDe,
    validation: validationDe,
    fields: fieldsDe,
    search: searchDe,
    proofreading: proofreadingDe,
  },
  fr: {
    auth: authFr,
    billing: billingFr,
    chat: chatFr,
    engine: engineFr,
    errors: errorsFr,
    validation: validationFr,
    fields: fieldsFr,
    search: searchFr,
    proofreading: proofreadingFr,
  },
  es: {
    auth: authEs,
    billing: billingEs,
    chat: chatEs,
    engine: engineEs,
    errors: errorsEs,
    validation: validationEs,
    fields: fieldsEs,
    search: searchEs,
    proofreading: proofreadingEs,
  },
  it: {
    auth: authIt,
    billing: billingIt,
    chat: chatIt,
    engine: engineIt,
    errors: errorsIt,
    validation: validationIt,
    fields: fieldsIt,
    search: searchIt,
    proofreading: proofreadingIt,
  },
  nl: {
    auth: authNl,
    billing: billingNl,
    chat: chatNl,
    engine: engineNl,
    errors: errorsNl,
    validation: validationNl,
    fields: fieldsNl,
    search: searchNl,
    proofreading: proofreadingNl,
  },
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
