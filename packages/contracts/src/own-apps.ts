import { z } from 'zod';
import { Deleted, defineEndpoint } from './endpoint';
import { LocaleCode } from './locale-schemas';

/**
 * Own applications (spec §2 sidebar 'create own application'): a user-defined tool; calls in `ownAppsEndpoints`.
 * It runs as the tool `own-{id}` through the same calls as the built-in tools (`generationEndpoints`) with
 * `{ inputs: { [key]: text, language? } }`, its history is `generationEndpoints.prompts`, and
 * `templatesEndpoints.list` lists it with the category 'own'. Access and words are those of the freestyle tool.
 */

export const OWN_APP_SLUG_PREFIX = 'own-';
export const OWN_APP_CATEGORY = 'own';

export const OWN_APP_LIMITS = {
  name: 80,
  description: 300,
  inputs: 8,
  label: 80,
  prompt: 8_000,
  /** The largest limit an input may set, in characters. */
  inputLength: 20_000,
  /** Own applications per user. */
  apps: 50,
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A tool slug naming an own application: `own-{uuid}`. */
export const OwnAppSlug = z.templateLiteral([OWN_APP_SLUG_PREFIX, z.guid()]);
export type OwnAppSlug = z.infer<typeof OwnAppSlug>;

export function ownAppSlug(id: string): OwnAppSlug {
  return `${OWN_APP_SLUG_PREFIX}${id}`;
}

/** The own application's id in a tool slug `own-{uuid}`, or null for any other slug. */
export function ownAppIdOf(slug: string): string | null {
  if (!slug.startsWith(OWN_APP_SLUG_PREFIX)) return null;
  const id = slug.slice(OWN_APP_SLUG_PREFIX.length);
  return UUID.test(id) ? id.toLowerCase() : null;
}

/** A placeholder in a prompt: {key}. */
export const PLACEHOLDER_PATTERN = /\{([a-z][a-z0-9_]{0,39})\}/g;

/**
 * Input keys an application may not define: the answer's language, and the inputs the runner reads from every
 * tool's inputs (chosen sources, research, citation style).
 */
export const RESERVED_INPUT_KEYS: readonly string[] = [
  'language',
  'source_id',
  'source_ids',
  'source_type',
  'citation_style',
];

export const OwnAppInput = z.object({
  /** The placeholder's name in the prompt: {key}. */
  key: z
    .string()
    .regex(/^[a-z][a-z0-9_]{0,39}$/)
    .refine((key) => !RESERVED_INPUT_KEYS.includes(key)),
  label: z.string().trim().min(1).max(OWN_APP_LIMITS.label),
  max_length: z.number().int().min(1).max(OWN_APP_LIMITS.inputLength).default(2_000),
  multiline: z.boolean().default(false),
  required: z.boolean().default(true),
});
export type OwnAppInput = z.infer<typeof OwnAppInput>;

/** Input keys are unique and every {placeholder} of the prompt is one of them. */
export const OwnAppDefinition = z
  .object({
    name: z.string().trim().min(1).max(OWN_APP_LIMITS.name),
    description: z.string().trim().max(OWN_APP_LIMITS.description).default(''),
    inputs: z.array(OwnAppInput).min(1).max(OWN_APP_LIMITS.inputs),
    prompt: z.string().trim().min(1).max(OWN_APP_LIMITS.prompt),
  })
  .superRefine((app, context) => {
    const keys = app.inputs.map((input) => input.key);
    keys.forEach((key, index) => {
      if (keys.indexOf(key) !== index) {
        context.addIssue({
          code: 'custom',
          path: ['inputs', index, 'key'],
          message: 'duplicate',
          params: { key: 'duplicateKey' },
        });
      }
    });
    for (const match of app.prompt.matchAll(PLACEHOLDER_PATTERN)) {
      if (!keys.includes(match[1] as string)) {
        context.addIssue({
          code: 'custom',
          path: ['prompt'],
          message: 'unknown placeholder',
          params: { key: 'unknownPlaceholder', placeholder: match[1] },
        });
      }
    }
  });
export type OwnAppDefinition = z.infer<typeof OwnAppDefinition>;
export type OwnAppDefinitionInput = z.input<typeof OwnAppDefinition>;

export const OwnApp = z.object({
  id: z.string(),
  slug: OwnAppSlug,
  name: z.string(),
  description: z.string(),
  inputs: z.array(OwnAppInput),
  prompt: z.string(),
  created_at: z.iso.datetime({ offset: true }),
  updated_at: z.iso.datetime({ offset: true }),
});
export type OwnApp = z.infer<typeof OwnApp>;

/** What a run of an own application sends: a text per input key, and optionally the answer's language. */
export const OwnAppRunInputs = z.object({ language: LocaleCode.optional() }).catchall(z.string());
export type OwnAppRunInputs = z.infer<typeof OwnAppRunInputs>;

/**
 * The run inputs of one application, checked against its own inputs (server and form alike): each a text
 * within its limit, required ones not blank, and no key the application does not define.
 */
export function ownAppRunSchema(inputs: readonly OwnAppInput[]) {
  const shape: Record<string, z.ZodType> = { language: LocaleCode.optional() };
  for (const input of inputs) {
    const text = z.string().trim().max(input.max_length);
    shape[input.key] = input.required ? text.min(1) : text.optional();
  }
  return z.looseObject(shape).superRefine((values, context) => {
    for (const key of Object.keys(values)) {
      if (!Object.hasOwn(shape, key)) context.addIssue({ code: 'custom', path: [key], message: 'unknown input' });
    }
  });
}

/** The placeholders a prompt uses, each once, in order of first use. */
export function promptPlaceholders(prompt: string): string[] {
  return [...new Set([...prompt.matchAll(PLACEHOLDER_PATTERN)].map((match) => match[1] as string))];
}

/** The user's own applications. */
export const OwnAppList = z.array(OwnApp);
export type OwnAppList = z.infer<typeof OwnAppList>;

const ownApp = '/own_apps/:id';

/** The user's own applications, each visible to its owner only. */
export const ownAppsEndpoints = {
  /** Newest first. */
  list: defineEndpoint({ method: 'GET', service: 'api', path: '/own_apps', response: OwnAppList }),
  create: defineEndpoint({
    method: 'POST',
    service: 'api',
    path: '/own_apps',
    body: OwnAppDefinition,
    response: OwnApp,
    status: 201,
    errors: ['own_apps_limit'],
  }),
  get: defineEndpoint({ method: 'GET', service: 'api', path: ownApp, response: OwnApp }),
  update: defineEndpoint({ method: 'PUT', service: 'api', path: ownApp, body: OwnAppDefinition, response: OwnApp }),
  /** Its results stay in the history. */
  remove: defineEndpoint({ method: 'DELETE', service: 'api', path: ownApp, response: Deleted }),
};
