// What other features use of billing; they import it from here only (see .dependency-cruiser.cjs).
export { useCurrentPlan } from './billing.queries';
