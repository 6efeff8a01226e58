// What other features use of source-chat; they import it from here only (see .dependency-cruiser.cjs).
export { CitationPanel } from './CitationPanel';
