import type { DetectorInputs, DetectorResult } from '@quire/contracts';
import { api } from '../../api/client';

/** POST /gen/ai-detector: how likely each sentence is to be machine-written, with the signals behind it. */
export function analyseText(inputs: DetectorInputs, options: { signal?: AbortSignal } = {}): Promise<DetectorResult> {
  return api.post<DetectorResult>('/ai-detector', { inputs }, { ...options, service: 'gen' });
}
