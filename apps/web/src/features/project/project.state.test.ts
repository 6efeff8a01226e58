import { describe, expect, it } from 'vitest';
import { EMPTY_PROJECT, normaliseProject, PROJECT_TOPIC_MAX, projectAfterRun } from './project.state';

describe('current project', () => {
  it('trims the topic and keeps only a known language', () => {
    expect(normaliseProject({ topic: '  Climate policy \n', language: 'de' })).toEqual({
      topic: 'Climate policy',
      language: 'de',
    });
    expect(normaliseProject({ topic: 42, language: 'xx' })).toEqual(EMPTY_PROJECT);
    expect(normaliseProject({ topic: `${'a'.repeat(PROJECT_TOPIC_MAX)}bbb` }).topic).toHaveLength(PROJECT_TOPIC_MAX);
  });

  it("takes a run's topic and language, and keeps what the run did not use", () => {
    const project = { topic: 'Climate policy', language: 'de' as const };
    expect(projectAfterRun(project, { topic: ' Energy law ', length: 'short' })).toEqual({
      topic: 'Energy law',
      language: 'de',
    });
    expect(projectAfterRun(project, { text: 'A pasted text', language: 'fr' })).toEqual({
      topic: 'Climate policy',
      language: 'fr',
    });
    expect(projectAfterRun(project, { topic: '   ' })).toEqual(project);
  });
});
