// What other features use of contact; they import it from here only (see .dependency-cruiser.cjs).
export { sendContactMessage } from './contact.api';
