import { CONSENT_STORAGE_KEY, CONSENT_VERSION, type ConsentChoice } from '../features/consent/consent.store';

/** A cookie choice made earlier on this device, as the consent store keeps it; none of the categories unless given. */
export function storeConsentChoice(choice: Partial<ConsentChoice> = {}): void {
  window.localStorage.setItem(
    CONSENT_STORAGE_KEY,
    JSON.stringify({
      version: CONSENT_VERSION,
      decided_at: '2026-01-01T00:00:00Z',
      functional: false,
      analytics: false,
      marketing: false,
      ...choice,
    }),
  );
}
