// What other features use of feedback; they import it from here only (see .dependency-cruiser.cjs).
export { ReportResultButton } from './ReportResultButton';
