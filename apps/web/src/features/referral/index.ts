// What other features use of referral; they import it from here only (see .dependency-cruiser.cjs).
export { redeemReferral } from './referral.api';
