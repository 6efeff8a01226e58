import { describe, expect, it } from 'vitest';
import { ContactMessageRequest } from './account';
import { describeIssues } from './validation';
import { ChapterInputs, EssayInputs } from './writing';

describe('describeIssues', () => {
  it('describes missing, too long and badly formed fields with spec §5 keys', () => {
    const result = ContactMessageRequest.safeParse({ body: 'x'.repeat(5_001), email: 'nope' });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(describeIssues(result.error)).toEqual([
      { path: 'body', field: 'body', key: 'maxLength', params: { length: 5_000 } },
      { path: 'email', field: 'email', key: 'invalidEmail', params: {} },
    ]);
  });

  it('treats an empty trimmed string as missing', () => {
    const result = ChapterInputs.safeParse({ headline: '   ', topic: 'Climate', outline: '1. Intro' });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(describeIssues(result.error)).toEqual([
      { path: 'headline', field: 'headline', key: 'required', params: {} },
    ]);
  });

  it('names array limits and the field of a nested index', () => {
    const result = EssayInputs.safeParse({
      topic: 'Soil',
      language: 'de',
      source_ids: Array.from({ length: 51 }, (_, index) => `s${index}`),
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(describeIssues(result.error)).toEqual([
      { path: 'source_ids', field: 'source_ids', key: 'tooManyElements', params: { count: 50 } },
    ]);
  });

  it('requires an outline when the user provides one', () => {
    const result = EssayInputs.safeParse({ topic: 'Soil', language: 'en', outline_mode: 'provide' });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(describeIssues(result.error)[0]).toMatchObject({ path: 'outline', field: 'outline' });
  });

  it('trims the topic and fills the defaults', () => {
    expect(EssayInputs.parse({ topic: '  Soil erosion ', language: 'it' })).toEqual({
      topic: 'Soil erosion',
      language: 'it',
      length: 'normal',
      source_type: 'quality',
      outline_mode: 'generate',
      citation_style: 'apa7',
    });
  });
});
