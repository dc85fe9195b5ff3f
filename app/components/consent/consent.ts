/**
 * Cookie consent: the visitor's choice is kept as JSON in `cookie_consent`, with
 * flag cookies for scripts that only look for a name. Everything here is pure and runs on both the
 * server (reading the Cookie header) and in the browser (building `document.cookie` strings).
 */

export interface Consent {
  analytics: boolean;
  marketing: boolean;
}

export type ConsentCategory = keyof Consent;

export const CONSENT_COOKIE = "cookie_consent";

export const FLAG_COOKIES = {
  essential: "essential_consent",
  analytics: "analytics_consent",
  marketing: "marketing_consent",
} as const;

/** Consent and flag cookies live for 365 days. */
export const CONSENT_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** sessionStorage key set when the banner is closed without choosing: hidden for this browser session. */
export const BANNER_DISMISSED_KEY = "cookie_banner_dismissed";

export const ACCEPT_ALL: Consent = { analytics: true, marketing: true };

/** The value of one cookie in a Cookie header (or `document.cookie`), undefined when absent. */
export function readCookie(cookieHeader: string | null | undefined, name: string): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(";")) {
    const separator = part.indexOf("=");
    if (separator === -1) continue;
    if (part.slice(0, separator).trim() !== name) continue;
    return part.slice(separator + 1).trim();
  }
  return undefined;
}

/**
 * A stored consent value, or null when it is missing or not what we wrote (the banner then asks
 * again). Accepts the raw JSON we write and a percent-encoded copy of it, as other cookie libraries
 * write it.
 */
export function parseConsent(value: string | undefined): Consent | null {
  if (!value) return null;
  let text = value;
  if (text.includes("%")) {
    try {
      text = decodeURIComponent(text);
    } catch {
      return null;
    }
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return null;
  const { analytics, marketing } = parsed as Record<string, unknown>;
  if (typeof analytics !== "boolean" || typeof marketing !== "boolean") return null;
  return { analytics, marketing };
}

/** The consent stored in a Cookie header (server) or `document.cookie` (browser); null when unset. */
export function readConsent(cookieHeader: string | null | undefined): Consent | null {
  return parseConsent(readCookie(cookieHeader, CONSENT_COOKIE));
}

/** Whether scripts of a category may run: only after consent that allows them. */
export function allows(consent: Consent | null, category: ConsentCategory): boolean {
  return consent?.[category] === true;
}

/**
 * The banner's choice from its form (`choice` = `accept`, or `save` with the `analytics` and
 * `marketing` boxes as ticked); null for anything else. The same in the browser and on
 * /cookie-consent, which answers the form before the banner's code has loaded.
 */
export function consentFromForm(form: FormData): Consent | null {
  const choice = form.get("choice");
  if (choice === "accept") return ACCEPT_ALL;
  if (choice === "save") return { analytics: form.has("analytics"), marketing: form.has("marketing") };
  return null;
}

/** The JSON stored in `cookie_consent`: exactly `{"analytics":bool,"marketing":bool}`. */
export function serializeConsent(consent: Consent): string {
  return JSON.stringify({ analytics: consent.analytics, marketing: consent.marketing });
}

export interface CookieAttributes {
  /** Add `Secure` (the site is served over https). */
  secure: boolean;
}

function attributes(maxAge: number, { secure }: CookieAttributes): string {
  return `; Max-Age=${maxAge}; Path=/; SameSite=Strict${secure ? "; Secure" : ""}`;
}

/**
 * The cookie strings that store a consent (for `document.cookie`, one assignment each): the JSON
 * value, `essential_consent=true`, and for analytics and marketing either the `true` flag or a
 * removal of that flag when the choice is off.
 */
export function consentCookies(consent: Consent, options: CookieAttributes): string[] {
  const keep = attributes(CONSENT_MAX_AGE_SECONDS, options);
  const remove = `${attributes(0, options)}; Expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  return [
    `${CONSENT_COOKIE}=${serializeConsent(consent)}${keep}`,
    `${FLAG_COOKIES.essential}=true${keep}`,
    consent.analytics ? `${FLAG_COOKIES.analytics}=true${keep}` : `${FLAG_COOKIES.analytics}=${remove}`,
    consent.marketing ? `${FLAG_COOKIES.marketing}=true${keep}` : `${FLAG_COOKIES.marketing}=${remove}`,
  ];
}
