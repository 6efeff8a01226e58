// What other features use of generation; they import it from here only (see .dependency-cruiser.cjs).
// Own apps run like a tool: they take generation's styles, run, history panel, quota and result along.
import './generation-styles';

export { HistoryPanel } from './HistoryPanel';
export { QuotaIndicator } from './QuotaIndicator';
export { RunResult } from './RunResult';
export { useToolRun } from './use-tool-run';
