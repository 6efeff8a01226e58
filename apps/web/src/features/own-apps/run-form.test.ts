import type { OwnApp } from '@quire/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureLocale, translate } from '../../i18n/i18n';
import { checkRunForm, initialRunValues, serverRunErrors, valuesFromRun } from './run-form';

beforeAll(() => ensureLocale('en', 'full'));

const APP: Pick<OwnApp, 'inputs'> = {
  inputs: [
    { key: 'claim', label: 'Claim', max_length: 20, multiline: true, required: true },
    { key: 'context', label: 'Context', max_length: 50, multiline: false, required: false },
  ],
};

describe('the run form of an own application', () => {
  it('sends the filled inputs, leaves out empty optional ones, and the language unless it is the UI’s', () => {
    const values = { ...initialRunValues(APP), claim: ' Cities warm. ' };
    expect(checkRunForm(APP, values, 'auto', translate)).toEqual({ ok: true, inputs: { claim: 'Cities warm.' } });
    expect(checkRunForm(APP, { claim: 'Cities warm.', context: 'Urban' }, 'de', translate)).toEqual({
      ok: true,
      inputs: { claim: 'Cities warm.', context: 'Urban', language: 'de' },
    });
  });

  it('names a missing or too long input by its label', () => {
    const missing = checkRunForm(APP, { claim: '  ', context: '' }, 'auto', translate);
    expect(missing).toEqual({ ok: false, errors: { claim: 'Claim is required' }, first: 'claim' });
    const long = checkRunForm(APP, { claim: 'ok', context: 'x'.repeat(51) }, 'auto', translate);
    expect(long).toEqual({
      ok: false,
      errors: { context: 'Context must not be longer than 50 characters' },
      first: 'context',
    });
  });

  it('reads the server’s field errors and an earlier run’s inputs', () => {
    expect(
      serverRunErrors([
        { path: 'inputs.claim', message: 'Too long.' },
        { path: 'context', message: 'No.' },
      ]),
    ).toEqual({ claim: 'Too long.', context: 'No.' });
    expect(valuesFromRun(initialRunValues(APP), { claim: 'Old claim', language: 'fr', stray: 'x' })).toEqual({
      claim: 'Old claim',
      context: '',
    });
  });
});
