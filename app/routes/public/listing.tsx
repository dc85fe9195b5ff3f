import { Suspense } from "react";
import { data, Link, useLocation, useNavigate } from "react-router";
import type { Route } from "./+types/listing";
import { countedRequest } from "~/app/http/counted-request.server";
import { recordListingView } from "~/modules/analytics/counted-request";
import { Icon } from "~/app/components/ui/icon";
import { FavouriteButton } from "~/app/components/listings/favourite-button";
import type { SearchResultsState } from "~/app/components/listings/listing-card";
import { ListingPhoto } from "~/app/components/listings/listing-photo";
import { PhotoGallery } from "~/app/components/listings/photo-gallery";
import { DeferredStatusPage } from "~/app/components/layout/deferred-status-page";
import { JsonLd } from "~/app/seo/json-ld";
import { loaderPageMeta } from "~/app/seo/page-meta.server";
import { listingJsonLd } from "~/app/seo/structured-data";
import { database, requestInfo, services } from "~/lib/request-context";
import { getViewer, publicReads, requireViewer } from "~/app/http/viewer.server";
import { viewerFavourited } from "~/modules/favourites/viewer-flags.server";
import { findListing } from "~/modules/listings/listing-queries.server";
import { canEditListing, canSeeUnpublishedListing } from "~/modules/listings/permissions";
import { listingPageFacts } from "~/modules/listings/listing-types";
import type { NotPublicReason } from "~/modules/listings/visibility";
import { NOT_PUBLIC_REASON_TEXT } from "~/modules/listings/visibility-text";
import type { NotListed } from "~/app/components/listings/not-listed-notice";
import { publicMapLocation } from "~/modules/listings/public-position.server";
import { distanceLineFrom } from "~/modules/listings/search-page.server";
import { mapTileConfig } from "~/modules/places/map-tiles.server";
import { nearbyPlaces } from "~/modules/places/nearby-places.server";
import { ListingFactsList } from "~/app/components/listings/listing-facts-list";
import { formatAvailability } from "~/modules/listings/availability-text";
import { formatWeeklyRent, stripEmoji } from "~/modules/listings/listing-text";
import { EnquiryPanel, type EnquiryActionResult } from "~/app/components/enquiries/enquiry-panel";
import { authPath } from "~/modules/auth/return-to";
import { enquiryOffer } from "~/modules/enquiries/enquiry-offer.server";
import { screeningPreviewFacts } from "~/modules/screening/screening.server";
import { startEnquiry } from "~/modules/enquiries/conversations.server";
import { parseEnquiry } from "~/modules/enquiries/enquiry-input";
import { ENQUIRY_REFUSALS } from "~/modules/enquiries/enquiry-text";
import { retryAfterHeaders, statusFor } from "~/lib/http/refusal-status";
import { ENQUIRY_REFUSAL_CODE } from "~/modules/enquiries/enquiry-refusal-code";
import { lazyWhenIdle, lazyWhenNear } from "~/app/components/ui/deferred";
import { isIdentityVerified } from "~/modules/identity/verified.server";

const LOCATION_SECTION_ID = "location";
// Below the fold: the server renders the section, and its code (the places list, then the map)
// loads when the section comes near the screen or at the first intent on the page.
const ListingLocation = lazyWhenNear(`#${LOCATION_SECTION_ID}`, () =>
  import("~/app/components/listing-map/listing-location").then((module) => module.ListingLocation),
);
// Shown only to a listing's landlord and our team: visitors' pages do not load its code.
// Server-rendered at once; its code waits, as the first visit's budget has no room for it.
const IdVerifiedBadge = lazyWhenIdle(() =>
  import("~/app/components/identity/id-verified-badge").then((module) => module.IdVerifiedBadge),
);
const NotListedNotice = lazyWhenIdle(() =>
  import("~/app/components/listings/not-listed-notice").then((module) => module.NotListedNotice),
);

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = getViewer(context);
  const listing = await findListing(publicReads(context), params.id, (row) => canSeeUnpublishedListing(viewer, row));
  if (!listing) {
    const meta = loaderPageMeta(services(context).site, {
      title: "Listing not found",
      description: "The listing you're looking for doesn't exist or has been removed.",
      path: `/listing/${params.id}`,
      noIndex: true,
    });
    return data(
      {
        meta,
        listing: null,
        favourited: null,
        map: null,
        structuredData: null,
        enquiry: null,
        screeningPreview: null,
        signInPath: null,
        availability: null,
        notListed: null,
        distanceLine: null,
        landlordVerified: false,
      },
      { status: 404 },
    );
  }
  recordListingView(services(context).analytics, countedRequest(request, context), listing);
  // Only the public position (a suburb-only listing's suburb), never the stored coordinates; geocoding
  // and nearby search never throw: they fall back to the published address or the CBD.
  const { maps } = services(context);
  const location = await publicMapLocation(database(context), listing, maps);
  const { lat, lng } = location.center;
  const coordinates =
    location.source === "default" ? { latitude: null, longitude: null } : { latitude: lat, longitude: lng };
  const places = await nearbyPlaces(location.center, { adapter: maps });
  const rent = listing.weeklyRent !== null ? `${formatWeeklyRent(listing.weeklyRent)} · ` : "";
  const enquiry = await enquiryOffer(database(context), viewer, listing);
  return {
    meta: loaderPageMeta(services(context).site, {
      title: stripEmoji(listing.title),
      description: `${rent}${[listing.features, listing.suburb].filter(Boolean).join(" · ")}`,
      path: `/listing/${listing.id}`,
      image: listing.photos[0]?.url,
      imageAlt: listing.photos[0]?.alt,
      // Search engines list what search lists.
      noIndex: listing.notPublic.length > 0,
    }),
    listing: listingPageFacts(listing),
    enquiry,
    screeningPreview:
      viewer && enquiry.kind === "form"
        ? await screeningPreviewFacts(database(context), viewer, listing.id, services(context).now())
        : null,
    landlordVerified: listing.landlordId
      ? await isIdentityVerified(database(context), listing.landlordId, services(context).now())
      : false,
    // Built here so the page's code does not carry the return-path checks.
    signInPath: authPath("sign_in", `/listing/${listing.id}`),
    favourited: await viewerFavourited(database(context), viewer, listing.id),
    map: { location, places, tiles: mapTileConfig(services(context).config.MAP_TILE_URL) },
    structuredData: listingJsonLd({ ...listing, ...coordinates }, services(context).site.url),
    // Worded here, against today in Melbourne, so the page's code does not carry the date rules.
    availability:
      listing.notPublic.length === 0 && listing.availableFrom
        ? formatAvailability(listing.availableFrom)
        : "Not currently available",
    notListed: canSeeUnpublishedListing(viewer, listing)
      ? notListedNotice(listing.notPublic, canEditListing(viewer, listing))
      : null,
    // Opened from a search around a place: the card's distance line again, to the public position.
    distanceLine: await distanceLineFrom(
      new URL(request.url).searchParams.get("near"),
      coordinates,
      services(context).places,
    ),
  };
}

/**
 * What its landlord (and our team) are told on the page of a listing the public does not find, other
 * than for moderation (which has its own notice): each reason with its fix.
 */
function notListedNotice(notPublic: NotPublicReason[], canEdit: boolean): NotListed | null {
  const reasons = notPublic.filter((reason) => reason !== "hidden" && reason !== "under_review");
  if (reasons.length === 0) return null;
  return {
    reasons: reasons.map((reason) => ({ code: reason, ...NOT_PUBLIC_REASON_TEXT[reason] })),
    canEdit,
  };
}

/** The Enquire form posts here; signed-out visitors are sent to sign in and back. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  const formData = await request.formData();
  const parsed = parseEnquiry(formData);
  if (!parsed.success) {
    return data<EnquiryActionResult>(
      { status: "invalid", errors: parsed.errors, values: parsed.values },
      { status: 400 },
    );
  }
  const result = await startEnquiry(
    services(context),
    viewer,
    { listingId: params.id, enquiry: parsed.data },
    { clientAddress: requestInfo(context).clientAddress },
  );
  if (!result.ok) {
    return data<EnquiryActionResult>(
      {
        status: "refused",
        message: ENQUIRY_REFUSALS[result.reason],
        values: {
          moveInDate: parsed.data.moveInDate,
          leaseMonths: String(parsed.data.leaseMonths),
          message: parsed.data.message,
          phone: parsed.data.phone ?? "",
        },
      },
      { status: statusFor(ENQUIRY_REFUSAL_CODE[result.reason]), headers: retryAfterHeaders(result) },
    );
  }
  return data<EnquiryActionResult>({ status: "sent", conversationId: result.value.conversationId });
}

export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData?.meta ?? [];
}

/**
 * The search the visitor came from, or null. Only the query of the state is taken (the cards on
 * /search write it), so "Back to results" never leaves /search whatever the state holds.
 */
function searchResultsPath(state: unknown): string | null {
  if (typeof state !== "object" || state === null) return null;
  const { type, search } = state as Partial<SearchResultsState>;
  if (type !== "search-results" || typeof search !== "string") return null;
  return search === "" || search.startsWith("?") ? `/search${search}` : null;
}

/**
 * 'Back to results': to the search the visitor came from; else one step back when there
 * is history to go back to; else to /search. Without JavaScript it is a plain link to /search.
 */
function BackToResults() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <Link
      to="/search"
      onClick={(event) => {
        event.preventDefault();
        const results = searchResultsPath(location.state);
        if (results) void navigate(results);
        else if (window.history.length > 2) void navigate(-1);
        else void navigate("/search");
      }}
      className="inline-flex items-center gap-2 rounded-full border bg-white px-4 py-2 text-sm font-semibold shadow-sm hover:bg-slate-50"
    >
      <Icon name="arrow-left" className="size-4" />
      Back to results
    </Link>
  );
}

export default function ListingPage({ loaderData, actionData }: Route.ComponentProps) {
  const {
    listing,
    favourited,
    map,
    structuredData,
    enquiry,
    screeningPreview,
    signInPath,
    availability,
    notListed,
    distanceLine,
    landlordVerified,
  } = loaderData;
  if (!listing || !map || !enquiry || !signInPath) {
    return (
      <Suspense>
        <DeferredStatusPage
          code={404}
          title="Listing not found"
          message="The listing you're looking for doesn't exist or has been removed."
        />
      </Suspense>
    );
  }

  const title = stripEmoji(listing.title);
  // Opened from a search around a place, the distance to it follows the suburb.
  const place = [[listing.suburb, listing.state, listing.postcode].filter(Boolean).join(" "), distanceLine]
    .filter(Boolean)
    .join(" · ");

  return (
    <article>
      {structuredData && <JsonLd data={structuredData} />}
      <header className="relative isolate flex min-h-[420px] items-end overflow-hidden bg-secondary text-white sm:min-h-[480px]">
        <ListingPhoto
          photo={listing.photos[0] ?? null}
          alt=""
          sizes="100vw"
          priority
          className="absolute inset-0 -z-20 size-full"
        />
        <div
          aria-hidden
          className="absolute inset-0 -z-10 bg-gradient-to-t from-slate-950/90 via-slate-900/45 to-slate-900/60"
        />
        <div className="mx-auto w-full max-w-7xl px-4 pt-28 pb-10 sm:px-6 lg:px-8">
          {listing.weeklyRent !== null && (
            <p className="inline-flex rounded-full bg-primary px-4 py-1.5 text-sm font-bold shadow">
              {formatWeeklyRent(listing.weeklyRent)}
            </p>
          )}
          <h1 className="mt-4 max-w-4xl font-display text-3xl font-bold tracking-tight sm:text-5xl">{title}</h1>
          {place && (
            <p className="mt-3 flex items-center gap-2 text-slate-200">
              <Icon name="map-pin" className="size-4" />
              {place}
            </p>
          )}
          {landlordVerified && (
            <Suspense>
              <IdVerifiedBadge landlord size="large" className="mt-4" />
            </Suspense>
          )}
        </div>
      </header>

      <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
        {listing.moderatedStatus && (
          <p
            role="status"
            className="mb-6 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
          >
            This listing is not shown to the public
            {listing.moderatedStatus === "hidden" ? " (hidden)" : " (under review)"}; only its landlord and our team can
            see this page.
          </p>
        )}
        {notListed && (
          <Suspense>
            <NotListedNotice listingId={listing.id} title={listing.title} notice={notListed} />
          </Suspense>
        )}
        <div className="flex flex-wrap items-center justify-between gap-4">
          <nav aria-label="Breadcrumb">
            <ol className="flex flex-wrap items-center gap-1 text-sm text-muted-foreground">
              <li>
                <Link to="/" className="rounded hover:text-slate-900">
                  Home
                </Link>
              </li>
              <li aria-hidden>
                <Icon name="chevron-right" className="size-4" />
              </li>
              <li>
                <Link to="/search" className="rounded hover:text-slate-900">
                  Search
                </Link>
              </li>
              <li aria-hidden>
                <Icon name="chevron-right" className="size-4" />
              </li>
              <li aria-current="page" className="line-clamp-1 max-w-[60vw] font-medium text-slate-900">
                {title}
              </li>
            </ol>
          </nav>
          <BackToResults />
        </div>

        <div className="mt-8 grid gap-10 lg:grid-cols-[minmax(0,1fr)_340px]">
          <div className="space-y-10">
            <PhotoGallery photos={listing.photos} title={title} />
            {listing.features && (
              <section aria-labelledby="features-heading">
                <h2 id="features-heading" className="text-xl font-semibold">
                  Features
                </h2>
                <p className="mt-3 text-base text-slate-800">{listing.features}</p>
              </section>
            )}
            {listing.details && (
              <section aria-labelledby="details-heading">
                <h2 id="details-heading" className="text-xl font-semibold">
                  Details
                </h2>
                <p className="mt-3 leading-7 whitespace-pre-line text-slate-700">{listing.details}</p>
              </section>
            )}
            <ListingLocation
              id={LOCATION_SECTION_ID}
              center={map.location.center}
              title={title}
              places={map.places}
              tileUrl={map.tiles.tileUrl}
              attribution={map.tiles.attribution}
              attributionUrl={map.tiles.attributionUrl}
              approximate={map.location.precision !== "address"}
            />
          </div>

          <aside aria-label="Rent" className="order-first lg:sticky lg:top-24 lg:order-last lg:self-start">
            {/* Never taller than the screen below the floating header: when the enquiry form makes it
                taller, the part under the rent scrolls, so the rent and the heart stay in view instead
                of sliding under the header. */}
            <div className="flex flex-col rounded-2xl border bg-card p-6 shadow-sm lg:max-h-[calc(100dvh-7rem)]">
              <div className="flex items-start justify-between gap-4">
                <div>
                  <p className="text-sm text-muted-foreground">Weekly rent</p>
                  <p className="mt-1 text-3xl font-bold text-slate-900">
                    {listing.weeklyRent !== null ? formatWeeklyRent(listing.weeklyRent) : "Rent on request"}
                  </p>
                </div>
                {/* Only a listing the public sees can be favourited (see favourites.server.ts). */}
                {listing.listedPublicly && (
                  <FavouriteButton listingId={listing.id} listingTitle={title} favourited={favourited} />
                )}
              </div>
              <div className="min-h-0 lg:-mx-6 lg:-mb-6 lg:overflow-y-auto lg:px-6 lg:pb-6">
                <p className="mt-5 flex items-center gap-2 text-sm text-slate-700">
                  <Icon name="calendar-days" className="size-4 text-muted-foreground" />
                  {availability}
                </p>
                <ListingFactsList facts={listing} weeklyRent={listing.weeklyRent} />
                {listing.address && <p className="mt-4 border-t pt-4 text-sm text-slate-700">{listing.address}</p>}
                <EnquiryPanel
                  listingId={listing.id}
                  offer={enquiry}
                  signInPath={signInPath}
                  result={actionData}
                  screeningPreview={screeningPreview}
                />
              </div>
            </div>
          </aside>
        </div>
      </div>
    </article>
  );
}
