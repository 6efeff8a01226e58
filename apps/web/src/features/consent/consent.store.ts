import type { Consent } from '@quire/contracts';
import { useSyncExternalStore } from 'react';

/** Where the visitor's choice is kept on this device. */
export const CONSENT_STORAGE_KEY = 'quire_consent';
/** Raised when the categories or what they mean change: everyone is asked again. */
// 2: analytics also covers error reports (Sentry).
export const CONSENT_VERSION = 2;

export type ConsentChoice = Omit<Consent, 'required'>;

export const ACCEPT_ALL: ConsentChoice = { functional: true, analytics: true, marketing: true };
/** "Decline": only what the site needs to work stays on (spec §4). */
export const REQUIRED_ONLY: ConsentChoice = { functional: false, analytics: false, marketing: false };

type Stored = ConsentChoice & { version: number; decided_at: string };

const listeners = new Set<() => void>();
let cached: { raw: string | null; consent: Consent | null } = { raw: null, consent: null };
/** The choice, when the browser refused to store it (private mode with full storage). */
let unstored: string | null = null;
let settings: { open: boolean; opener: HTMLElement | null } = { open: false, opener: null };

/** The visitor's choice, or null while they have not made one (or made it for an older version). */
export function readConsent(): Consent | null {
  const raw = readStorage();
  if (raw !== cached.raw) cached = { raw, consent: parseConsent(raw) };
  return cached.consent;
}

/** Keeps the choice on this device, closes the settings and tells every subscriber. */
export function saveConsent(choice: ConsentChoice, now: Date = new Date()): void {
  const stored: Stored = {
    version: CONSENT_VERSION,
    decided_at: now.toISOString(),
    functional: choice.functional,
    analytics: choice.analytics,
    marketing: choice.marketing,
  };
  try {
    window.localStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify(stored));
  } catch (error) {
    // Without storage the choice holds while this page stays open; the card asks again on the next visit.
    console.warn('Could not keep the cookie choice', error);
    unstored = JSON.stringify(stored);
  }
  closeConsentSettings();
}

/** Opens the cookie card with the categories (the footer's "Cookie settings"); focus returns to `opener`. */
export function openConsentSettings(opener: HTMLElement | null = null): void {
  settings = { open: true, opener };
  notify();
}

export function closeConsentSettings(): void {
  const { opener } = settings;
  settings = { open: false, opener: null };
  notify();
  opener?.focus();
}

export function isConsentSettingsOpen(): boolean {
  return settings.open;
}

export function subscribeConsent(listener: () => void): () => void {
  listeners.add(listener);
  // A choice made in another tab counts here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === CONSENT_STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useConsent(): Consent | null {
  return useSyncExternalStore(subscribeConsent, readConsent);
}

export function useConsentSettingsOpen(): boolean {
  return useSyncExternalStore(subscribeConsent, isConsentSettingsOpen);
}

function notify(): void {
  for (const listener of listeners) listener();
}

function readStorage(): string | null {
  try {
    return window.localStorage.getItem(CONSENT_STORAGE_KEY) ?? unstored;
  } catch {
    return unstored;
  }
}

function parseConsent(raw: string | null): Consent | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<Stored>;
    if (value.version !== CONSENT_VERSION) return null;
    if (![value.functional, value.analytics, value.marketing].every((flag) => typeof flag === 'boolean')) return null;
    return {
      required: true,
      functional: value.functional === true,
      analytics: value.analytics === true,
      marketing: value.marketing === true,
    };
  } catch {
    return null;
  }
}
