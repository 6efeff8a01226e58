import { type DetectorInputs, type DetectorResult, detectorEndpoints } from '@quire/contracts';
import { call } from '../../api/call';

/** How likely each sentence is to be machine-written, with the signals behind it. */
export function analyseText(inputs: DetectorInputs, options: { signal?: AbortSignal } = {}): Promise<DetectorResult> {
  return call(detectorEndpoints.detect, { body: { inputs } }, options);
}
