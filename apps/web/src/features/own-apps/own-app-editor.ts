import {
  describeIssues,
  OWN_APP_LIMITS,
  type OwnApp,
  OwnAppDefinition,
  type OwnAppDefinitionInput,
  RESERVED_INPUT_KEYS,
} from '@quire/contracts';
import type { Translate } from '../../i18n/translate';

/** An input as the editor holds it: `id` keys it in lists while it moves; `keyEdited` stops deriving its key. */
export type InputDraft = {
  id: string;
  key: string;
  keyEdited: boolean;
  label: string;
  max_length: number;
  multiline: boolean;
  required: boolean;
};

export type EditorDraft = { name: string; description: string; inputs: InputDraft[]; prompt: string };

/** What is wrong, by the contract's path ("name", "inputs.1.key", "prompt"), translated. */
export type EditorErrors = Record<string, string>;

export const DEFAULT_MAX_LENGTH = 2_000;
const KEY_LENGTH = 40;

let nextId = 0;
function inputId(): string {
  nextId += 1;
  return `input-${nextId}`;
}

/**
 * The placeholder name for a label: lower case ASCII letters, digits and underscores, starting with a letter
 * ("Field of study" → field_of_study, "Thème" → theme), made unique among `taken` and the reserved keys.
 */
export function deriveKey(label: string, taken: readonly string[]): string {
  const base =
    label
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/ß/g, 'ss')
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^[^a-z]+/, '')
      .replace(/_+$/, '')
      .slice(0, KEY_LENGTH)
      .replace(/_+$/, '') || 'input';
  const unavailable = (key: string) => taken.includes(key) || RESERVED_INPUT_KEYS.includes(key);
  if (!unavailable(base)) return base;
  for (let number = 2; ; number++) {
    const suffix = `_${number}`;
    const candidate = `${base.slice(0, KEY_LENGTH - suffix.length)}${suffix}`;
    if (!unavailable(candidate)) return candidate;
  }
}

/** A fresh input whose key follows its label until the user edits the key. */
export function newInput(taken: readonly string[], label = ''): InputDraft {
  return {
    id: inputId(),
    key: deriveKey(label, taken),
    keyEdited: false,
    label,
    max_length: DEFAULT_MAX_LENGTH,
    multiline: false,
    required: true,
  };
}

/** A new application: one input, nothing else filled in. */
export function emptyDraft(): EditorDraft {
  return { name: '', description: '', inputs: [newInput([])], prompt: '' };
}

/** An application to edit; its keys stay as they are unless the user changes them. */
export function draftFromApp(app: OwnApp): EditorDraft {
  return {
    name: app.name,
    description: app.description,
    prompt: app.prompt,
    inputs: app.inputs.map((input) => ({ ...input, id: inputId(), keyEdited: true })),
  };
}

const keysBesides = (draft: EditorDraft, index: number) =>
  draft.inputs.filter((_, other) => other !== index).map((input) => input.key);

/** Adds an input at the end, as long as there is room for one. */
export function addInput(draft: EditorDraft): EditorDraft {
  if (draft.inputs.length >= OWN_APP_LIMITS.inputs) return draft;
  return { ...draft, inputs: [...draft.inputs, newInput(draft.inputs.map((input) => input.key))] };
}

export function removeInput(draft: EditorDraft, index: number): EditorDraft {
  return { ...draft, inputs: draft.inputs.filter((_, other) => other !== index) };
}

/** Moves an input one place up (-1) or down (+1); the form shows the inputs in this order. */
export function moveInput(draft: EditorDraft, index: number, step: -1 | 1): EditorDraft {
  const target = index + step;
  if (target < 0 || target >= draft.inputs.length) return draft;
  const inputs = [...draft.inputs];
  [inputs[index], inputs[target]] = [inputs[target] as InputDraft, inputs[index] as InputDraft];
  return { ...draft, inputs };
}

/** A new label; an input whose key was never edited gets the key derived from it, and the prompt follows. */
export function changeLabel(draft: EditorDraft, index: number, label: string): EditorDraft {
  const input = draft.inputs[index];
  if (!input) return draft;
  const key = input.keyEdited ? input.key : deriveKey(label, keysBesides(draft, index));
  return withInput(renameKey(draft, input.key, key), index, { label, key });
}

/** A key typed by the user: kept as typed from now on, and the prompt's placeholders follow it. */
export function changeKey(draft: EditorDraft, index: number, key: string): EditorDraft {
  const input = draft.inputs[index];
  if (!input) return draft;
  return withInput(renameKey(draft, input.key, key), index, { key, keyEdited: true });
}

export function changeInput(
  draft: EditorDraft,
  index: number,
  change: Partial<Pick<InputDraft, 'max_length' | 'multiline' | 'required'>>,
): EditorDraft {
  return withInput(draft, index, change);
}

function withInput(draft: EditorDraft, index: number, change: Partial<InputDraft>): EditorDraft {
  return {
    ...draft,
    inputs: draft.inputs.map((input, other) => (other === index ? { ...input, ...change } : input)),
  };
}

/** The prompt's {old} placeholders become {key}, so renaming an input does not break the prompt. */
function renameKey(draft: EditorDraft, old: string, key: string): EditorDraft {
  if (old === key || !old || draft.inputs.filter((input) => input.key === old).length > 1) return draft;
  if (!/^[a-z][a-z0-9_]{0,39}$/.test(key)) return draft;
  return { ...draft, prompt: draft.prompt.split(`{${old}}`).join(`{${key}}`) };
}

/** Text inserted in place of the selection: the new text and where the caret goes. */
export function insertAt(text: string, insertion: string, start: number, end = start): { text: string; caret: number } {
  return { text: `${text.slice(0, start)}${insertion}${text.slice(end)}`, caret: start + insertion.length };
}

/** The definition the server receives. */
export function definitionOf(draft: EditorDraft): OwnAppDefinitionInput {
  return {
    name: draft.name,
    description: draft.description,
    prompt: draft.prompt,
    inputs: draft.inputs.map(({ key, label, max_length, multiline, required }) => ({
      key,
      label,
      max_length,
      multiline,
      required,
    })),
  };
}

export type DraftCheck = { ok: true; definition: OwnAppDefinitionInput } | { ok: false; errors: EditorErrors };

/** The label a message names each field by. */
const FIELD_LABELS: Record<string, string> = {
  name: 'ownApps.editor.name',
  description: 'ownApps.editor.description',
  prompt: 'ownApps.editor.prompt',
  inputs: 'ownApps.editor.inputs',
  key: 'ownApps.editor.key',
  label: 'ownApps.editor.label',
  max_length: 'ownApps.editor.maxLength',
};

/**
 * Checks the draft with the contract's schema (the server checks the same): the definition to send, or one
 * translated message per wrong field, in the spec §5 wording.
 */
export function checkDraft(draft: EditorDraft, t: Translate): DraftCheck {
  const definition = definitionOf(draft);
  const parsed = OwnAppDefinition.safeParse(definition);
  if (parsed.success) return { ok: true, definition };
  const errors: EditorErrors = {};
  for (const issue of describeIssues(parsed.error)) {
    if (errors[issue.path]) continue;
    const label = FIELD_LABELS[issue.field];
    errors[issue.path] = t(`validation:${issue.key}`, { ...issue.params, field: label ? t(label) : issue.field });
  }
  return { ok: false, errors };
}

/** The server's field errors, by the same paths. */
export function serverErrors(fields: readonly { path: string; message: string }[]): EditorErrors {
  const errors: EditorErrors = {};
  for (const { path, message } of fields) if (!errors[path]) errors[path] = message;
  return errors;
}
