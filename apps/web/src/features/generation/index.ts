// What other features use of generation; they import it from here only (see .dependency-cruiser.cjs).
export { RunResult } from './RunResult';
