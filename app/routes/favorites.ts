import { data, redirect } from "react-router";
import type { Route } from "./+types/favorites";
import { database, services } from "~/lib/request-context";
import { statusFor } from "~/lib/http/refusal-status";
import { COMMON_REFUSALS } from "~/lib/refusal-code";
import { refererPath, wantsDocument } from "~/lib/http-request.server";
import { logger } from "~/lib/logger.server";
import { getViewer } from "~/app/http/viewer.server";
import {
  FAILED_DESCRIPTION,
  INVALID_REQUEST,
  LISTING_NOT_FOUND,
  SIGN_IN_TITLE,
  type FavouriteResult,
} from "~/modules/favourites/favourite-text";
import { updateFavourite } from "~/modules/favourites/favourites.server";

/**
 * POST /favorites (form fields `listingId`, `intent` add|remove): the heart. A fetcher gets
 * `{ favourited }` or `{ error }` with a status (never a thrown error, so a failure is a toast, not
 * the error page); a plain form post is sent back to the page it came from.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") throw data(null, { status: 405, headers: { Allow: "POST" } });
  const viewer = getViewer(context);
  if (!viewer)
    return data<FavouriteResult>({ error: SIGN_IN_TITLE }, { status: statusFor(COMMON_REFUSALS.unauthorized) });
  const form = await request.formData();
  let result;
  try {
    result = await updateFavourite(
      database(context),
      viewer.id,
      {
        listingId: form.get("listingId"),
        intent: form.get("intent"),
      },
      services(context).analytics,
    );
  } catch (error) {
    logger.error({ err: error, userId: viewer.id }, "favourite update failed");
    return data<FavouriteResult>({ error: FAILED_DESCRIPTION }, { status: 500 });
  }
  if (wantsDocument(request)) {
    throw redirect(refererPath(request, services(context).site.url) ?? "/settings/favorites", 303);
  }
  if (result.ok) return data<FavouriteResult>({ favourited: result.favourited });
  return data<FavouriteResult>(
    { error: result.reason === "not-found" ? LISTING_NOT_FOUND : INVALID_REQUEST },
    { status: statusFor(COMMON_REFUSALS[result.reason]) },
  );
}

/** Someone opening /favorites directly is sent to their favourites page. */
export function loader() {
  throw redirect("/settings/favorites");
}
