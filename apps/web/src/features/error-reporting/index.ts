// What other features use of error-reporting; they import it from here only (see .dependency-cruiser.cjs).
export { useErrorReporting } from './error-reporting';
