import {
  dictionaryEndpoints,
  type LocaleCode,
  type PersonalWord,
  type ProofreadingResult,
  proofreadingEndpoints,
  statusEndpoints,
} from '@quire/contracts';
import { call } from '../../api/call';

export type CheckRequest = { text: string; language?: LocaleCode; rewrites: boolean };

/** The issues the checkers found, and a model's rewrites when asked for and connected. */
export function checkText(inputs: CheckRequest, options: { signal?: AbortSignal } = {}): Promise<ProofreadingResult> {
  return call(proofreadingEndpoints.check, { body: { inputs } }, options);
}

/** A word the spell checker should accept from now on, for this user and language. */
export function addToDictionary(word: string, language: LocaleCode): Promise<PersonalWord> {
  return call(dictionaryEndpoints.add, { body: { word, language } });
}

/**
 * Whether a language model is connected (rewrites need one). A failed call counts as
 * "no model", so the option is not offered rather than offered and failing.
 */
export async function fetchModelConnected(): Promise<boolean> {
  try {
    const engine = await call(statusEndpoints.engine, {});
    return engine.engine === 'model';
  } catch (error) {
    console.warn('Could not tell which engine is connected', error);
    return false;
  }
}
