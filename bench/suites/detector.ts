import { performance } from 'node:perf_hooks';
import { CALIBRATION_TEXTS, scoreWithStatistics, sentenceSpans } from '@quire/server/bench';
import { type Figure, percentile, round } from '../figures';

const RUNS = 7;
const GOAL_MS = 1_500;

/**
 * The built-in AI detector on 20,000 words of English, as the detector route scores a long text. Each run's
 * text is put together in a new order, so no run scores the very same text as the one before.
 */
export async function detectorSpeed(): Promise<Figure[]> {
  const durations: number[] = [];
  let words = 0;
  for (let run = 0; run < RUNS; run++) {
    const text = longText(run);
    words = text.split(/\s+/).length;
    const started = performance.now();
    scoreWithStatistics(sentenceSpans(text, 'en'), 'en');
    durations.push(performance.now() - started);
  }
  const median = round(percentile(durations, 0.5));
  return [
    { name: 'detector: words scored', value: words, unit: 'words' },
    {
      name: 'detector: built-in engine time (median)',
      value: median,
      unit: 'ms',
      goal: { limit: GOAL_MS, met: median <= GOAL_MS },
    },
  ];
}

function longText(run: number): string {
  const { handWritten, templated } = CALIBRATION_TEXTS.en;
  return Array.from({ length: 240 }, (_, index) => ((index + run) % 3 ? handWritten : templated)).join('\n\n');
}
