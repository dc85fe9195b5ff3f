import type { RouterContextProvider } from "react-router";
import { readConsent } from "~/app/components/consent/consent";
import { getViewer } from "~/app/http/viewer.server";
import { requestInfo } from "~/lib/request-context";
import type { CountedRequest } from "~/modules/analytics/counted-request";

/** What listing analytics need to know about a page request (who, from where, which client). */
export function countedRequest(request: Request, context: Readonly<RouterContextProvider>): CountedRequest {
  return {
    viewer: getViewer(context),
    headers: request.headers,
    clientAddress: requestInfo(context).clientAddress,
    // Counting sets no cookie, but a visitor who said no to analytics is not counted either.
    optedOut: readConsent(request.headers.get("cookie"))?.analytics === false,
  };
}
