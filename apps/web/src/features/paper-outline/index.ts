// What other features use of paper-outline; they import it from here only (see .dependency-cruiser.cjs).
export { PaperOutline } from './PaperOutline';
