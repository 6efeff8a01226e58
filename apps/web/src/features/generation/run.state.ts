import type { GenerationEvent, GenerationResult, GenerationStage } from '@quire/contracts';

/** One run of a tool on its page: the stages reached, the text streamed so far, then a result or an error. */
export type RunState = {
  status: 'idle' | 'running' | 'done' | 'failed' | 'cancelled';
  /** Stages reached, in the order they started; the last one is under way while running. */
  stages: GenerationStage[];
  /** Text streamed in so far. */
  text: string;
  result: GenerationResult | null;
  /** Translated message of a failure (spec §3 "error message"). */
  error: string | null;
  errorCode: string | null;
};

export const IDLE_RUN: RunState = { status: 'idle', stages: [], text: '', result: null, error: null, errorCode: null };

/** A request starts: the error message of the one before is cleared (spec §4), and so is its output. */
export function startRun(): RunState {
  return { ...IDLE_RUN, status: 'running' };
}

/** A streamed stage or piece of text; `done` and `error` are settled by `finishRun` and `failRun`. */
export function applyEvent(state: RunState, event: GenerationEvent): RunState {
  if (state.status !== 'running') return state;
  if (event.type === 'stage') {
    return state.stages.includes(event.stage) ? state : { ...state, stages: [...state.stages, event.stage] };
  }
  if (event.type === 'delta') return { ...state, text: state.text + event.text };
  return state;
}

/** The stored result arrived; an empty one is a failure with `emptyMessage` (spec §4). */
export function finishRun(state: RunState, result: GenerationResult, emptyMessage: string): RunState {
  if (isEmptyResult(result)) return { ...state, status: 'failed', result: null, error: emptyMessage, errorCode: null };
  return { ...state, status: 'done', result, text: result.text, error: null, errorCode: null };
}

/** The run failed with a translated message; the text streamed before it is dropped. */
export function failRun(state: RunState, message: string, code: string | null): RunState {
  return { ...state, status: 'failed', text: '', result: null, error: message, errorCode: code };
}

/** The user cancelled: nothing of the half-written text is kept. */
export function cancelRun(state: RunState): RunState {
  return { ...state, status: 'cancelled', text: '', result: null };
}

/** An earlier result, opened from the history. */
export function showResult(result: GenerationResult): RunState {
  return { ...IDLE_RUN, status: 'done', result, text: result.text };
}

/** Whether a result has nothing to show. */
export function isEmptyResult(result: GenerationResult): boolean {
  return result.text.trim() === '' && (result.items ?? []).every((item) => item.trim() === '');
}
