import { GenerationEvent } from '@quire/contracts';
import { parsePayload } from '../../api/client';
import type { StreamEvent } from '../../lib/sse';

/**
 * One Server-Sent Event of a run as a GenerationEvent, or null when it is none (a keep-alive, a frame of
 * another shape). The frame's data is the event itself (`{"type":"stage","stage":"writing"}`); a frame that
 * leaves the type to its `event:` name is read too, as are the `{ data }` and `{ error }` envelopes the rest of
 * the API uses, so a done frame may carry the result as `result`, as `data` or as itself.
 */
export function toGenerationEvent(frame: StreamEvent): GenerationEvent | null {
  const payload = parsePayload(frame.data);
  if (!isRecord(payload)) return null;
  const direct = GenerationEvent.safeParse(payload);
  if (direct.success) return direct.data;
  const parsed = GenerationEvent.safeParse(fromEventName(frame.event, payload));
  return parsed.success ? parsed.data : null;
}

function fromEventName(event: string, payload: Record<string, unknown>): unknown {
  switch (event) {
    case 'stage':
      return { type: 'stage', stage: payload.stage };
    case 'delta':
      return { type: 'delta', text: payload.text };
    case 'done':
      return { type: 'done', result: payload.result ?? payload.data ?? payload };
    case 'error': {
      const error = isRecord(payload.error) ? payload.error : payload;
      return { type: 'error', code: error.code, message: typeof error.message === 'string' ? error.message : '' };
    }
    default:
      return null;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
