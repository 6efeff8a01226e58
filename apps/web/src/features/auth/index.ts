// What other features use of auth; they import it from here only (see .dependency-cruiser.cjs).
export { forgetOnSignOut } from './forget-on-sign-out';
export {
  forgetProfile,
  getProfileSnapshot,
  loadProfile,
  storeProfile,
  useAccountProfile,
} from './profile.store';
export { usableAccessToken } from './refresh';
export { accountDeletedPath, loginPath } from './return-path';
export { clearSession, getSession, subscribeSession } from './session';
export { useSession } from './use-session';
