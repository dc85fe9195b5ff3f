import type { Route } from "./+types/renter-document";
import { requireViewer } from "~/app/http/viewer.server";
import { statusFor } from "~/lib/http/refusal-status";
import { COMMON_REFUSALS } from "~/lib/refusal-code";
import { services } from "~/lib/request-context";
import { openRenterDocument } from "~/modules/renter-profiles/renter-documents.server";

/**
 * GET /settings/renter-documents/:id: a renter's proof document, for the renter and a landlord they
 * enquired with (`canOpenRenterDocument`); anyone else gets the same 404 as for an id that does not
 * exist. Images open in the browser; a PDF is downloaded, so nothing in it runs on our origin.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  const { db, privateFiles } = services(context);
  const opened = await openRenterDocument({ db, privateFiles }, viewer, params.id);
  if (!opened.ok) {
    return new Response("Not Found", {
      status: statusFor(COMMON_REFUSALS["not-found"]),
      headers: { "Cache-Control": "no-store" },
    });
  }
  const { body, contentType, fileName } = opened.value;
  const disposition = contentType === "application/pdf" ? "attachment" : "inline";
  return new Response(new Uint8Array(body), {
    headers: {
      "Content-Type": contentType,
      "Content-Length": String(body.length),
      "Content-Disposition": `${disposition}; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
