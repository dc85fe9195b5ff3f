import { OpenAPIHono, type z } from "@hono/zod-openapi";
import type { Executor } from "~/lib/db/client.server";
import type { Services } from "~/lib/services.server";
import {
  createListing,
  deleteListing,
  findListingForEdit,
  listingVersion,
  updateListing,
} from "~/modules/listings/listing-write.server";
import { resolveLocation } from "~/modules/listings/location-filter";
import {
  isNearestCursor,
  isNewestCursor,
  managedListing,
  managedListingsPage,
  type ListingCursor,
} from "~/modules/listings/managed-listings-page.server";
import { parseSearchParams } from "~/modules/listings/search-params";
import { publicDistanceMetres, publicPosition } from "~/modules/listings/public-position.server";
import { apiAuditMeta } from "~/server/api/audit-meta";
import { decodeCursor, encodeCursor } from "~/server/api/cursor";
import { createOnce } from "~/server/api/idempotency";
import { ifMatchVersions } from "~/server/api/if-match";
import type { ApiEnv } from "~/server/api/key-auth";
import { invalid, parseListingBody } from "~/server/api/listings/listing-body";
import { toListing } from "~/server/api/listings/listing-json";
import {
  FORBIDDEN_CREATE,
  listingProblem,
  locationProblem,
  tooSlowProblem,
} from "~/server/api/listings/listing-problems";
import {
  createListingRoute,
  deleteRoute,
  getRoute,
  listRoute,
  updateRoute,
} from "~/server/api/listings/listing-routes";
import type { listingSchema } from "~/server/api/listings/listing-schemas";
import { validationHook } from "~/server/api/validation";

/** /api/listings: the listing module's functions and rules, over JSON. */
export function listingRoutes(database: () => Executor, services: Pick<Services, "storage" | "maps" | "places">) {
  const app = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook });

  app.openapi(listRoute, async (c) => {
    const { viewer } = c.get("identity");
    const query = c.req.valid("query");
    const located = await resolveLocation(
      { where: query.near, radiusKm: query.radius_km, bbox: query.bbox, sortByDistance: query.sort === "distance" },
      services.places,
    );
    if (!located.ok) throw locationProblem(located, query.bbox);
    const location = located.search;
    const isCursor: (value: unknown) => value is ListingCursor = location?.sortByDistance
      ? isNearestCursor
      : isNewestCursor;
    const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor, isCursor);
    if (after === null) throw invalid([{ field: "cursor", message: "This cursor is not one we gave out." }]);
    const filters = parseSearchParams(new URL(c.req.url).searchParams);
    const page = await managedListingsPage(database(), viewer, { filters, limit: query.limit, after, location });
    if (!page.ok) throw tooSlowProblem();
    return c.json(
      {
        data: await Promise.all(
          page.rows.map(async ({ row, notPublic, distanceMetres }) => {
            const position = await publicPosition(database(), row, services.maps);
            return toListing(
              row,
              notPublic,
              position,
              publicDistanceMetres(location?.origin, position, distanceMetres),
            );
          }),
        ),
        has_more: page.next !== null,
        next_cursor: page.next && encodeCursor(page.next),
      },
      200,
    );
  });

  app.openapi(getRoute, async (c) => {
    const db = database();
    const found = await managedListing(db, c.get("identity").viewer, c.req.valid("param").id);
    if (!found) throw listingProblem("not-found");
    c.header("ETag", `"${listingVersion(found.row)}"`);
    return c.json(toListing(found.row, found.notPublic, await publicPosition(db, found.row, services.maps)), 200);
  });

  app.openapi(createListingRoute, async (c) => {
    const { viewer } = c.get("identity");
    const body = c.req.valid("json");
    const parsed = parseListingBody(body);
    if (!parsed.success) throw invalid(parsed.errors);
    const create = (db: Executor) =>
      db.transaction(async (tx) => {
        const created = await createListing(tx, viewer, parsed.data, {
          status: body.status,
          storage: services.storage,
          maps: services.maps,
        });
        if (!created.ok) {
          if (created.reason === "forbidden") return null;
          throw listingProblem(created.reason);
        }
        const found = await managedListing(tx, viewer, created.value.id);
        if (!found) throw new Error("a created listing could not be read back");
        return {
          status: 201,
          body: toListing(found.row, found.notPublic, await publicPosition(tx, found.row, services.maps)),
          etag: listingVersion(found.row),
        };
      });
    const created = await createOnce(c, database(), c.req.valid("header")["idempotency-key"], body, create);
    if (!created) throw listingProblem("forbidden", FORBIDDEN_CREATE);
    c.header("ETag", `"${created.etag}"`);
    c.header("Location", `/api/listings/${created.body.id}`);
    return c.json(created.body as z.infer<typeof listingSchema>, 201);
  });

  app.openapi(updateRoute, async (c) => {
    const { viewer } = c.get("identity");
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    const ifMatch = c.req.valid("header")["if-match"];
    const db = database();
    const current = await findListingForEdit(db, viewer, id);
    if (!current) throw listingProblem("not-found");
    const versions = ifMatch === undefined ? undefined : ifMatchVersions(ifMatch);
    const parsed = parseListingBody(body, current);
    if (!parsed.success) throw invalid(parsed.errors);
    if (Array.isArray(versions) && !versions.includes(listingVersion(current))) throw listingProblem("stale");
    const result = await updateListing(db, viewer, id, parsed.data, {
      ifVersion: Array.isArray(versions) ? listingVersion(current) : undefined,
      meta: apiAuditMeta(c),
      status: body.status,
      storage: services.storage,
      maps: services.maps,
    });
    if (!result.ok) throw listingProblem(result.reason);
    const found = await managedListing(db, viewer, id);
    if (!found) throw listingProblem("not-found");
    c.header("ETag", `"${listingVersion(found.row)}"`);
    return c.json(toListing(found.row, found.notPublic, await publicPosition(db, found.row, services.maps)), 200);
  });

  app.openapi(deleteRoute, async (c) => {
    const result = await deleteListing(database(), c.get("identity").viewer, c.req.valid("param").id, apiAuditMeta(c));
    if (!result.ok) throw listingProblem(result.reason);
    return c.body(null, 204);
  });

  return app;
}
