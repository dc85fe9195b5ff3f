import type { Route } from "./+types/newsletter-csv";
import { gatedViewer } from "~/app/http/gates.server";
import { database } from "~/lib/request-context";
import { statusFor } from "~/lib/http/refusal-status";
import { COMMON_REFUSALS } from "~/lib/refusal-code";
import { subscribersCsv } from "~/modules/admin/inbox.server";

/** GET /admin/settings/subscribers.csv: every newsletter subscriber, for staff and admins (the /admin gate). */
export async function loader({ context }: Route.LoaderArgs) {
  const result = await subscribersCsv(database(context), gatedViewer(context));
  if (!result.ok) return new Response("Forbidden", { status: statusFor(COMMON_REFUSALS[result.reason]) });
  return new Response(result.csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="newsletter-subscribers.csv"',
      "Cache-Control": "no-store",
    },
  });
}
