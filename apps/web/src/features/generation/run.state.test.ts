import type { GenerationResult } from '@quire/contracts';
import { describe, expect, it } from 'vitest';
import { applyEvent, cancelRun, failRun, finishRun, IDLE_RUN, startRun } from './run.state';

const EMPTY = 'Etwas ist schief gelaufen. Bitte versuche es erneut.';

const RESULT: GenerationResult = {
  id: 'r1',
  slug: 'summarize',
  created_at: '2026-03-03T10:00:00Z',
  inputs: {},
  words_used: 5,
  text: 'A short summary.',
  citations: [],
  engine: { kind: 'builtin', model: null },
};

describe('a run (spec §4)', () => {
  it('clears the error message before each request and sets it on failure', () => {
    const failed = failRun(startRun(), 'The model failed.', 'model_failed');
    expect(failed).toMatchObject({ status: 'failed', error: 'The model failed.', errorCode: 'model_failed' });
    expect(startRun()).toMatchObject({ status: 'running', error: null, errorCode: null, text: '', stages: [] });
  });

  it('records stages once each, in the order they arrive, and appends the text', () => {
    let state = startRun();
    for (const event of [
      { type: 'stage', stage: 'searching_sources' },
      { type: 'stage', stage: 'creating_plan' },
      { type: 'stage', stage: 'creating_plan' },
      { type: 'stage', stage: 'writing' },
      { type: 'delta', text: 'A short ' },
      { type: 'delta', text: 'summary.' },
    ] as const) {
      state = applyEvent(state, event);
    }
    expect(state.stages).toEqual(['searching_sources', 'creating_plan', 'writing']);
    expect(state.text).toBe('A short summary.');
  });

  it('ignores events once the run is over', () => {
    const cancelled = cancelRun(applyEvent(startRun(), { type: 'delta', text: 'half' }));
    expect(cancelled).toMatchObject({ status: 'cancelled', text: '' });
    expect(applyEvent(cancelled, { type: 'delta', text: 'late' }).text).toBe('');
    expect(applyEvent(IDLE_RUN, { type: 'stage', stage: 'writing' }).stages).toEqual([]);
  });

  it('shows a result that has text', () => {
    expect(finishRun(startRun(), RESULT, EMPTY)).toMatchObject({ status: 'done', result: RESULT, error: null });
  });

  it('sets the translated error for an empty result', () => {
    const state = finishRun(startRun(), { ...RESULT, text: '  \n ' }, EMPTY);
    expect(state).toMatchObject({ status: 'failed', result: null, error: EMPTY });
    const withItems = finishRun(startRun(), { ...RESULT, text: '', items: ['A topic'] }, EMPTY);
    expect(withItems.status).toBe('done');
  });
});
