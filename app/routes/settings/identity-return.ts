import { data, redirect } from "react-router";
import type { Route } from "./+types/identity-return";
import { IDENTITY_REFUSAL_MESSAGES } from "~/app/content/identity";
import { requireViewer } from "~/app/http/viewer.server";
import { services } from "~/lib/request-context";
import { returnFromVerification } from "~/modules/identity/verification.server";

/** Where the provider sends the person back: their own check is synced, then the account page shows it. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  const result = await returnFromVerification(services(context), viewer, params.checkId);
  if (!result.ok) throw data({ message: IDENTITY_REFUSAL_MESSAGES[result.reason] }, { status: 404 });
  throw redirect("/settings/account#identity");
}
