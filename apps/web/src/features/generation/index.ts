// What other features use of generation; they import it from here only (see .dependency-cruiser.cjs).

export { LIMIT_ERROR_CODES } from './quota';
export { RunResult } from './RunResult';
