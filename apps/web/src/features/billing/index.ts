// What other features use of billing; they import it from here only (see .dependency-cruiser.cjs).
// The billing styles come along for the subscription panel on the account page, the only importer.
import './billing.css';

export { openPortal } from './billing.api';
export { useCurrentPlan } from './billing.queries';
export { formatCount } from './billing-format';
export { CancelSubscriptionDialog } from './CancelSubscriptionDialog';
export type { NamedPlan } from './current-plan';
export { useFollowUrl } from './use-follow-url';
