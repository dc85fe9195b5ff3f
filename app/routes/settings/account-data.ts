import type { Route } from "./+types/account-data";
import { gatedViewer } from "~/app/http/gates.server";
import { database } from "~/lib/request-context";
import { ACCOUNT_DATA_MESSAGES } from "~/modules/account-data/account-data";
import { exportAccountData } from "~/modules/account-data/account-export.server";

/** GET /settings/account/data: the signed-in person's own data as a JSON file (the settings gate). */
export async function loader({ context }: Route.LoaderArgs) {
  const result = await exportAccountData(database(context), gatedViewer(context));
  if (!result.ok) {
    return new Response(ACCOUNT_DATA_MESSAGES.exportLimited(Math.ceil(result.retryAfterSeconds / 60)), {
      status: 429,
      headers: {
        "Content-Type": "text/plain; charset=utf-8",
        "Retry-After": String(result.retryAfterSeconds),
        "Cache-Control": "no-store",
      },
    });
  }
  return new Response(JSON.stringify(result.document, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${result.fileName}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
