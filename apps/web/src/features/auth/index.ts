// What other features use of auth; they import it from here only (see .dependency-cruiser.cjs).
export { forgetOnSignOut } from './forget-on-sign-out';
export { useSession } from './use-session';
