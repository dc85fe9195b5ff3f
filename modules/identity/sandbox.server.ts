import { SandboxIdentity } from "~/lib/adapters/identity/sandbox-identity.server";
import type { Viewer } from "~/modules/auth/viewer";
import { displayName } from "~/modules/auth/viewer";
import type { IdentityDeps } from "~/modules/identity/identity-deps";
import type { SandboxVerificationInput } from "~/modules/identity/sandbox-input";
import { handleIdentityWebhook } from "~/modules/identity/verification.server";

/**
 * The sandbox provider's page. What the person picks reaches our state only as a signed event
 * through the webhook handler, exactly as Stripe's result would; the page itself grants nothing.
 */

export type SandboxVerificationResult =
  { ok: true; redirectTo: string } | { ok: false; reason: "not-found" | "failed" };

function sandboxOf(deps: IdentityDeps): SandboxIdentity | null {
  return deps.identity instanceof SandboxIdentity && deps.identity.open ? deps.identity : null;
}

/** The viewer's own session, while it awaits them; null for anyone else's, a finished one, or in production. */
async function ownOpenSession(deps: IdentityDeps, viewer: Viewer, sessionId: string) {
  const session = await sandboxOf(deps)?.session(sessionId);
  if (!session || session.userId !== viewer.id || session.status !== "requires_input" || session.lastErrorCode) {
    return null;
  }
  return session;
}

export async function sandboxVerification(deps: IdentityDeps, viewer: Viewer, sessionId: string) {
  const session = await ownOpenSession(deps, viewer, sessionId);
  return session ? { sessionId: session.id, name: displayName(viewer) } : null;
}

export async function completeSandboxVerification(
  deps: IdentityDeps,
  viewer: Viewer,
  sessionId: string,
  input: SandboxVerificationInput,
): Promise<SandboxVerificationResult> {
  const sandbox = sandboxOf(deps);
  const session = await ownOpenSession(deps, viewer, sessionId);
  if (!sandbox || !session) return { ok: false, reason: "not-found" };
  const event = await sandbox.complete(session.id, input);
  if (!event) return { ok: false, reason: "not-found" };
  const delivered = await handleIdentityWebhook(deps, event.payload, event.signature);
  if (!delivered.ok) return { ok: false, reason: "failed" };
  return { ok: true, redirectTo: session.returnUrl };
}
