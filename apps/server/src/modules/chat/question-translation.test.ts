import { describe, expect, it } from 'vitest';
import type { ModelGateway } from '../../ai/gateway';
import { TRANSLATION_SYSTEM, translatedQuestion } from './question-translation';

/** A gateway that records what it was asked and answers with the given text, as the model's stream would. */
function recordingGateway(reply: string) {
  const asked: { system?: string; prompt?: string }[] = [];
  const ai = {
    engine: 'model',
    provider: 'openai-compatible',
    model: 'recorded',
    streamText: (options: { system?: string; prompt?: string }) => {
      asked.push(options);
      return (async function* () {
        yield* reply.split(/(?<= )/);
      })();
    },
    close: async () => {},
  } as unknown as ModelGateway;
  return { ai, asked };
}

describe('question translation for cross-language search', () => {
  it('asks the model for the source’s language when no part of the question is in it', async () => {
    const { ai, asked } = recordingGateway('"How many catchments were studied?"');
    const translation = await translatedQuestion({
      ai,
      question: 'Wie viele Einzugsgebiete wurden untersucht?',
      sourceLanguage: 'en',
    });
    expect(translation).toBe('How many catchments were studied?');
    expect(asked).toHaveLength(1);
    expect(asked[0]?.system).toBe(TRANSLATION_SYSTEM);
    expect(asked[0]?.prompt).toContain('Translate into English');
  });

  it('does not ask when a segment is already in the source’s language, or the language is unknown', async () => {
    const { ai, asked } = recordingGateway('unused');
    const mixed = '¿Cuántos estados se incluyeron? (How many states were included?)';
    expect(await translatedQuestion({ ai, question: mixed, sourceLanguage: 'en' })).toBeNull();
    expect(await translatedQuestion({ ai, question: 'Wie viele Staaten?', sourceLanguage: null })).toBeNull();
    expect(asked).toHaveLength(0);
  });
});
