// What other features use of generation; they import it from here only (see .dependency-cruiser.cjs).
// Own apps run like a tool: they take generation's styles, store, quota and result along.
import './generation-styles';

export { runGeneration } from './generation.api';
export type { HistoryEntry } from './generation.state';
export { type GenerationStore, generationStore, useGeneration } from './generation.store';
export { HistoryPanel } from './HistoryPanel';
export { QuotaIndicator } from './QuotaIndicator';
export { RunResult } from './RunResult';
export {
  applyEvent,
  cancelRun,
  failRun,
  finishRun,
  IDLE_RUN,
  isEmptyResult,
  type RunState,
  showResult,
  startRun,
} from './run.state';
