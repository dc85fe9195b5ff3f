import { data, redirect } from "react-router";
import type { Route } from "./+types/favourites";
import { db } from "~/lib/db/index.server";
import { env } from "~/lib/env.server";
import { sameSiteReferer, wantsDocument } from "~/lib/http-request.server";
import { logger } from "~/lib/logger.server";
import { getViewer } from "~/modules/auth/session.server";
import { FAILED_DESCRIPTION, SIGN_IN_TITLE, type FavouriteResult } from "~/modules/favourites/favourite-text";
import { updateFavourite } from "~/modules/favourites/favourites.server";

/**
 * POST /favourites (form fields `listingId`, `intent` add|remove): the heart. A fetcher gets
 * `{ favourited }` or `{ error }` with a status (never a thrown error, so a failure is a toast, not
 * the error page); a plain form post is sent back to the page it came from.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") throw data(null, { status: 405, headers: { Allow: "POST" } });
  const viewer = getViewer(context);
  if (!viewer) return data<FavouriteResult>({ error: SIGN_IN_TITLE }, { status: 401 });
  const form = await request.formData();
  let result;
  try {
    result = await updateFavourite(db(), viewer.id, { listingId: form.get("listingId"), intent: form.get("intent") });
  } catch (error) {
    logger.error({ err: error, userId: viewer.id }, "favourite update failed");
    return data<FavouriteResult>({ error: FAILED_DESCRIPTION }, { status: 500 });
  }
  if (wantsDocument(request)) {
    const referer = sameSiteReferer(request, env().PUBLIC_URL);
    throw redirect(referer ? `${referer.pathname}${referer.search}` : "/settings/favorites", 303);
  }
  return result.ok
    ? data<FavouriteResult>({ favourited: result.favourited })
    : data<FavouriteResult>({ error: result.error }, { status: result.status });
}

/** Someone opening /favourites directly is sent to their favourites page. */
export function loader() {
  throw redirect("/settings/favorites");
}
