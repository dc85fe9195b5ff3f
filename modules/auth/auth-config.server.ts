import type { GenericOAuthConfig } from "better-auth/plugins";
import type { Env } from "~/lib/env.server";

/** Magic links, sign-in codes and reset links expire after 15 minutes. */
export const TOKEN_TTL_SECONDS = 15 * 60;

/**
 * The header carrying the client's address to the auth library (which reads addresses only from
 * headers). Set by the server from the socket or a trusted proxy; a client-sent copy is dropped.
 */
/** Where a failed "Continue with …" sign-in comes back to: the sign-in page with its notice. */
export const OAUTH_ERROR_URL = "/auth?view=sign_in&error=oauth";

export const CLIENT_ADDRESS_HEADER = "x-laneway-client-address";

export type ConfirmationType = "email" | "magic_link";

/**
 * E-mailed links open a confirmation page whose button does the work, so a mail scanner that
 * follows links cannot use them up.
 */
export function confirmationUrl(publicUrl: string, type: ConfirmationType, token: string): string {
  const url = new URL("/auth/confirm", publicUrl);
  url.searchParams.set("type", type);
  url.searchParams.set("token", token);
  return url.toString();
}

const GOOGLE_ISSUER = "https://accounts.google.com";

export interface OAuthProvider {
  id: string;
  /** Shown on the sign-in button: "Continue with {name}". */
  name: string;
}

/** The one OpenID Connect provider: OAUTH_ISSUER when set, else Google when a client id is given. */
export function oauthProvider(config: Pick<Env, "OAUTH_ISSUER" | "OAUTH_CLIENT_ID">): OAuthProvider | null {
  if (!config.OAUTH_CLIENT_ID) return null;
  if (!config.OAUTH_ISSUER || config.OAUTH_ISSUER.replace(/\/$/, "") === GOOGLE_ISSUER) {
    return { id: "google", name: "Google" };
  }
  return { id: "oidc", name: new URL(config.OAUTH_ISSUER).hostname };
}

/** Where the sign-in form's redirect may lead: the provider's origin (its authorization endpoint). */
export function oauthFormActionOrigins(config: Pick<Env, "OAUTH_ISSUER" | "OAUTH_CLIENT_ID">): string[] {
  if (!oauthProvider(config)) return [];
  return [new URL(config.OAUTH_ISSUER ?? GOOGLE_ISSUER).origin];
}

export function oauthProviderConfig(
  config: Pick<Env, "OAUTH_ISSUER" | "OAUTH_CLIENT_ID" | "OAUTH_CLIENT_SECRET">,
): GenericOAuthConfig | null {
  const provider = oauthProvider(config);
  if (!provider || !config.OAUTH_CLIENT_ID) return null;
  const issuer = (config.OAUTH_ISSUER ?? GOOGLE_ISSUER).replace(/\/$/, "");
  return {
    providerId: provider.id,
    name: provider.name,
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    clientId: config.OAUTH_CLIENT_ID,
    clientSecret: config.OAUTH_CLIENT_SECRET,
    scopes: ["openid", "email", "profile"],
    // State is always checked; PKCE and the ID token (signature, issuer, audience, nonce) too.
    pkce: true,
    requireIdTokenVerification: true,
    mapProfileToUser: (profile) => {
      const given = typeof profile.given_name === "string" ? profile.given_name : "";
      const family = typeof profile.family_name === "string" ? profile.family_name : "";
      const name = [given, family].filter(Boolean).join(" ");
      return name ? { name } : {};
    },
  };
}
