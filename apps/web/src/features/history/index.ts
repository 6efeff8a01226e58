// What other features use of history; they import it from here only (see .dependency-cruiser.cjs).
export { loadRequestedResult } from './requested-result';
export { ShareDialog } from './ShareDialog';
