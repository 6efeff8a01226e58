// What other features use of find-sources; they import it from here only (see .dependency-cruiser.cjs).
export { attachmentName } from './search.api';
