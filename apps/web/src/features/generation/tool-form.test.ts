import { describe, expect, it } from 'vitest';
import { buildInputs, checkToolForm, initialValues, serverFieldErrors, valuesFromInputs } from './tool-form';

/** A translator that shows which key was asked for with which parameters. */
const t = (key: string, options?: Record<string, unknown> | string) =>
  typeof options === 'object' ? `${key} ${JSON.stringify(options)}` : key;

describe('tool forms', () => {
  it('starts with the schema defaults and the UI language', () => {
    expect(initialValues('write-introduction', 'de')).toMatchObject({
      language: 'de',
      length: 'short',
      source_type: 'quality_with_sources',
      citation_style: 'apa7',
    });
    expect(initialValues('write-chapter', 'en')).toMatchObject({ length: 'normal', source_type: 'quality' });
  });

  it('refuses a chapter without its headline, topic and outline, naming each field', () => {
    const check = checkToolForm('write-chapter', initialValues('write-chapter', 'en'), t);
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.first).toBe('headline');
    expect(Object.keys(check.errors).sort()).toEqual(['headline', 'outline', 'topic']);
    expect(check.errors.headline).toBe('validation:required {"field":"fields:headline"}');
  });

  it('sends only the fields a tool has, without empty text', () => {
    const values = {
      ...initialValues('write-chapter', 'fr'),
      headline: 'Light reactions',
      topic: 'Photosynthesis',
      outline: '1. Light\n2. Dark',
      text: 'not a chapter field',
    };
    expect(buildInputs('write-chapter', values)).toEqual({
      headline: 'Light reactions',
      topic: 'Photosynthesis',
      outline: '1. Light\n2. Dark',
      language: 'fr',
      length: 'normal',
      source_type: 'quality',
      citation_style: 'apa7',
    });
  });

  it('needs an own outline only when the essay is to follow one', () => {
    const values = { ...initialValues('write-essay', 'en'), topic: 'Soil', outline: 'ignored' };
    expect(buildInputs('write-essay', values)).not.toHaveProperty('outline');
    const provide = checkToolForm('write-essay', { ...values, outline_mode: 'provide', outline: '' }, t);
    expect(provide.ok).toBe(false);
    if (!provide.ok) expect(provide.errors.outline).toContain('validation:invalid');
  });

  it('asks for sources when writing from the user’s own, and sends the chosen ones', () => {
    const values = { ...initialValues('write-outline', 'en'), topic: 'Soil' };
    const check = checkToolForm('write-outline', values, t);
    expect(check.ok ? null : check.errors).toEqual({ source_ids: 'generation.form.pickSources' });
    const chosen = checkToolForm('write-outline', { ...values, source_ids: ['d1', 'd2'] }, t);
    expect(chosen.ok && chosen.inputs.source_ids).toEqual(['d1', 'd2']);
    const automatic = buildInputs('write-outline', { ...values, source_type: 'quality', source_ids: ['d1'] });
    expect(automatic).not.toHaveProperty('source_ids');
  });

  it('says how long a field may be', () => {
    const check = checkToolForm(
      'write-chapter',
      { ...initialValues('write-chapter', 'en'), headline: 'x'.repeat(301), topic: 'T', outline: 'O' },
      t,
    );
    expect(check.ok ? null : check.errors.headline).toBe(
      'validation:maxLength {"field":"fields:headline","length":300}',
    );
  });

  it('puts a result’s inputs back into the form and maps the server’s field errors', () => {
    const base = initialValues('summarize-source', 'en');
    const values = valuesFromInputs(base, { source_id: 'd9', summary_type: 'critical', unknown: 'x', language: 3 });
    expect(values).toMatchObject({ source_id: 'd9', summary_type: 'critical', language: 'en' });
    expect(
      serverFieldErrors('write-chapter', [
        { path: 'inputs.headline', message: 'Focus of the chapter is required' },
        { path: 'inputs.nonsense', message: 'x' },
      ]),
    ).toEqual({ headline: 'Focus of the chapter is required' });
  });
});
