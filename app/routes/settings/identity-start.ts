import { data, redirect } from "react-router";
import type { Route } from "./+types/identity-start";
import { IDENTITY_REFUSAL_MESSAGES } from "~/app/content/identity";
import { requireViewer } from "~/app/http/viewer.server";
import { redirectWithNotice } from "~/lib/flash.server";
import { statusFor } from "~/lib/http/refusal-status";
import { services } from "~/lib/request-context";
import { IDENTITY_REFUSAL_CODE } from "~/modules/identity/identity-refusal-code";
import { startIdentityVerification } from "~/modules/identity/verification.server";

/**
 * POST: start an identity check and go to the provider's page. A refusal goes back to the account
 * page as a notice when the browser posted the form itself, else it is `{ error }` with its status.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  const result = await startIdentityVerification(services(context), viewer);
  if (result.ok) throw redirect(result.url);
  const message = IDENTITY_REFUSAL_MESSAGES[result.reason];
  if (request.headers.get("Sec-Fetch-Dest") === "document") {
    throw redirectWithNotice("/settings/account#identity", {
      title: "Identity verification",
      description: message,
      tone: "error",
    });
  }
  return data({ error: message }, { status: statusFor(IDENTITY_REFUSAL_CODE[result.reason]) });
}

export function loader() {
  throw redirect("/settings/account#identity");
}
