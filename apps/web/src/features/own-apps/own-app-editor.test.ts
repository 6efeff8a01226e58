import { OWN_APP_LIMITS, type OwnApp } from '@quire/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureLocale, translate } from '../../i18n/i18n';
import {
  addInput,
  changeKey,
  changeLabel,
  checkDraft,
  definitionOf,
  deriveKey,
  draftFromApp,
  type EditorDraft,
  emptyDraft,
  insertAt,
  moveInput,
  removeInput,
} from './own-app-editor';

beforeAll(() => ensureLocale('en', 'full'));

const APP: OwnApp = {
  id: '0b0c4a52-7b44-4d5e-9a3e-3f4f7d3e2a10',
  slug: 'own-0b0c4a52-7b44-4d5e-9a3e-3f4f7d3e2a10',
  name: 'Glossary',
  description: '',
  inputs: [{ key: 'term', label: 'Term', max_length: 100, multiline: false, required: true }],
  prompt: 'Explain {term}.',
  created_at: '2026-03-01T09:00:00Z',
  updated_at: '2026-03-01T09:00:00Z',
};

const keys = (draft: EditorDraft) => draft.inputs.map((input) => input.key);

describe('deriving an input key from its label', () => {
  it.each([
    ['Field of study', 'field_of_study'],
    ['Thème de la thèse', 'theme_de_la_these'],
    ['Straße & Größe!', 'strasse_grosse'],
    ['2nd author', 'nd_author'],
    ['   ', 'input'],
    ['Ελληνικά', 'input'],
    ['A very long label that goes on and on beyond forty characters', 'a_very_long_label_that_goes_on_and_on_be'],
  ])('%s → %s', (label, key) => {
    expect(deriveKey(label, [])).toBe(key);
    expect(key).toMatch(/^[a-z][a-z0-9_]{0,39}$/);
  });

  it('never takes a key another input has, nor a reserved one', () => {
    expect(deriveKey('Topic', ['topic'])).toBe('topic_2');
    expect(deriveKey('Topic', ['topic', 'topic_2'])).toBe('topic_3');
    expect(deriveKey('Language', [])).toBe('language_2');
    expect(deriveKey('Source IDs', [])).toBe('source_ids_2');
  });
});

describe('editing the inputs', () => {
  it('follows the label until the key is edited, and the prompt follows the key', () => {
    let draft: EditorDraft = { ...emptyDraft(), prompt: 'Explain {input} simply.' };
    draft = changeLabel(draft, 0, 'Concept');
    expect(keys(draft)).toEqual(['concept']);
    expect(draft.prompt).toBe('Explain {concept} simply.');
    draft = changeLabel(draft, 0, 'Key concept');
    expect(draft.prompt).toBe('Explain {key_concept} simply.');

    draft = changeKey(draft, 0, 'idea');
    expect(draft.prompt).toBe('Explain {idea} simply.');
    draft = changeLabel(draft, 0, 'Main idea');
    expect(keys(draft)).toEqual(['idea']);
    // A key still being typed ("Id") is no placeholder yet: the prompt waits for a valid one.
    expect(changeKey(draft, 0, 'Id').prompt).toBe('Explain {idea} simply.');
  });

  it('keeps the keys of an application being edited', () => {
    const draft = changeLabel(draftFromApp(APP), 0, 'Technical term');
    expect(keys(draft)).toEqual(['term']);
    expect(definitionOf(draft)).toEqual({
      name: 'Glossary',
      description: '',
      prompt: 'Explain {term}.',
      inputs: [{ key: 'term', label: 'Technical term', max_length: 100, multiline: false, required: true }],
    });
  });

  it('adds inputs with fresh keys up to the limit, moves and removes them', () => {
    let draft = changeLabel(emptyDraft(), 0, 'Topic');
    draft = changeLabel(addInput(draft), 1, 'Topic');
    expect(keys(draft)).toEqual(['topic', 'topic_2']);
    draft = moveInput(draft, 1, -1);
    expect(keys(draft)).toEqual(['topic_2', 'topic']);
    expect(moveInput(draft, 0, -1)).toBe(draft);
    expect(keys(removeInput(draft, 0))).toEqual(['topic']);
    for (let index = 0; index < 20; index++) draft = addInput(draft);
    expect(draft.inputs).toHaveLength(OWN_APP_LIMITS.inputs);
  });

  it('inserts a placeholder in place of the selection', () => {
    expect(insertAt('Explain  simply.', '{term}', 8)).toEqual({ text: 'Explain {term} simply.', caret: 14 });
    expect(insertAt('Explain this simply.', '{term}', 8, 12)).toEqual({ text: 'Explain {term} simply.', caret: 14 });
  });
});

describe('checking a draft with the contract', () => {
  it('accepts a complete application', () => {
    const check = checkDraft(draftFromApp(APP), translate);
    expect(check).toEqual({ ok: true, definition: definitionOf(draftFromApp(APP)) });
  });

  it('names each wrong field with the contract’s translated message', () => {
    let draft = changeLabel(addInput(changeLabel(emptyDraft(), 0, 'Term')), 1, 'Other');
    draft = changeKey(draft, 1, 'term');
    draft = { ...draft, name: ' ', prompt: 'Explain {term} to {audience}.' };
    const check = checkDraft(draft, translate);
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.errors).toEqual({
      name: 'Name is required',
      'inputs.1.key': 'This name is already used by another input.',
      prompt: 'The prompt uses audience, but no input has that name.',
    });
  });

  it('refuses an empty label, an empty prompt and a limit out of range', () => {
    const draft = { ...emptyDraft(), name: 'App', prompt: '' };
    draft.inputs = [{ ...(draft.inputs[0] as EditorDraft['inputs'][number]), max_length: 0 }];
    const check = checkDraft(draft, translate);
    if (check.ok) throw new Error('expected errors');
    expect(Object.keys(check.errors).sort()).toEqual(['inputs.0.label', 'inputs.0.max_length', 'prompt']);
    expect(check.errors['inputs.0.max_length']).toBe('Maximum length in characters must be at least 1');
  });
});
