import { useSyncExternalStore } from "react";
import {
  allows,
  BANNER_DISMISSED_KEY,
  CONSENT_COOKIE,
  consentCookies,
  parseConsent,
  readCookie,
  type Consent,
  type ConsentCategory,
} from "~/app/components/consent/consent";

// A tiny store over document.cookie and sessionStorage. Neither fires events in the tab that
// writes them, so consent is written through saveConsent, which notifies subscribers. The banner's
// Close (cookie-banner.tsx) hides the banner itself and writes sessionStorage without notifying.
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function notify(): void {
  for (const listener of listeners) listener();
}

let cachedRaw: string | undefined;
let cachedConsent: Consent | null = null;

/** The browser's stored consent; the same object until the cookie's value changes. */
function consentSnapshot(): Consent | null {
  const raw = readCookie(document.cookie, CONSENT_COOKIE);
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedConsent = parseConsent(raw);
  }
  return cachedConsent;
}

function dismissedSnapshot(): boolean {
  try {
    return window.sessionStorage.getItem(BANNER_DISMISSED_KEY) !== null;
  } catch {
    return false;
  }
}

const onServer = () => null;
const notDismissedOnServer = () => false;

/**
 * The visitor's cookie consent, or null before they have chosen. Gate analytics and marketing
 * scripts on it: it is null during server rendering and hydration, so nothing optional loads before
 * the browser has confirmed consent, and it updates as soon as the banner saves.
 */
export function useConsent(): Consent | null {
  return useSyncExternalStore(subscribe, consentSnapshot, onServer);
}

/** Whether scripts of one category may run now, e.g. `useConsentFor("analytics")`. */
export function useConsentFor(category: ConsentCategory): boolean {
  return allows(useConsent(), category);
}

/** Whether the banner was closed without a choice in this browser session. */
export function useCookieBannerDismissed(): boolean {
  return useSyncExternalStore(subscribe, dismissedSnapshot, notDismissedOnServer);
}

/** Stores a consent in the browser's cookies (value, flags, removals) and tells subscribers. */
export function saveConsent(consent: Consent): void {
  const secure = window.location.protocol === "https:";
  for (const cookie of consentCookies(consent, { secure })) document.cookie = cookie;
  notify();
}
