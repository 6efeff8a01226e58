// What other features use of status; they import it from here only (see .dependency-cruiser.cjs).
export { useServerStatus } from './status.store';
