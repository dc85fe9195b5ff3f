import { data } from "react-router";
import { redirectWithNotice } from "~/lib/flash.server";
import { wantsDocument } from "~/lib/http-request.server";
import { requestInfo } from "~/lib/request-context";
import type { RouterContextProvider } from "react-router";
import type { AuditMeta } from "~/modules/audit/record-audit.server";

/** What an admin screen's action answers a fetcher: a message to toast, or why nothing changed. */
export type AdminActionResult = { ok: true; message: string } | { ok: false; error: string };

/**
 * The answer to an admin action: a fetcher gets the result as JSON with `status`; a plain form post
 * (no JavaScript) is sent back to the page with the same message as a notice.
 */
export function adminAnswer(request: Request, result: AdminActionResult, status: number, back?: string) {
  if (wantsDocument(request)) {
    const url = new URL(request.url);
    return redirectWithNotice(
      back ?? `${url.pathname}${url.search}`,
      result.ok
        ? { title: "Success", description: result.message, tone: "success" }
        : { title: "Error", description: result.error, tone: "error" },
    );
  }
  return data<AdminActionResult>(result, { status });
}

/** The audit fields the transport knows: the client's address as the server established it. */
export function auditMeta(context: Readonly<RouterContextProvider>): AuditMeta {
  return { clientAddress: requestInfo(context).clientAddress };
}
