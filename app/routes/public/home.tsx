import { Suspense } from "react";
import { Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/home";
import { Icon } from "~/app/components/ui/icon";
import { ListingCard } from "~/app/components/listings/listing-card";
import { ListingGrid, ListingGridSkeleton } from "~/app/components/listings/listing-grid";
import { SearchBar } from "~/app/components/listings/search-bar";
import { loaderPageMeta } from "~/app/seo/page-meta.server";
import { lazyWhenIdle } from "~/app/components/ui/deferred";
import { database, services } from "~/lib/request-context";
import { getViewer, publicReads } from "~/app/http/viewer.server";
import { withViewerFlags } from "~/modules/favourites/viewer-flags.server";
import { featuredListings } from "~/modules/listings/listing-queries.server";
import { landingRedirect } from "~/lib/landing-path";
import { freeTrialDays } from "~/modules/billing/free-trial.server";

// Below the fold: the server renders them, their code waits for an idle moment. The plan's
// Subscribe form posts to the server, so a click before its code arrives is answered the same way.
const PlanSection = lazyWhenIdle(() =>
  import("~/app/components/billing/plan-section").then((module) => module.PlanSection),
);
// A new landlord's "List your first room" (server-rendered for them, nothing for anyone else).
const FirstListingPrompt = lazyWhenIdle(() =>
  import("~/app/components/listings/first-listing-prompt").then((module) => module.FirstListingPrompt),
);
const Partners = lazyWhenIdle(() =>
  import("~/app/components/content/partners-section").then((module) => module.Partners),
);

export async function loader({ request, context }: Route.LoaderArgs) {
  const redirectTo = landingRedirect(request);
  if (redirectTo) throw redirect(redirectTo);
  const viewer = getViewer(context);
  return {
    meta: loaderPageMeta(services(context).site, {
      fullTitle: `${services(context).site.name} | Mid-term room rentals in Melbourne's CBD`,
      description: "Furnished rooms on flexible 3 to 12 month leases in premium Melbourne CBD locations.",
      path: "/",
    }),
    featured: await withViewerFlags(database(context), viewer, await featuredListings(publicReads(context), 6)),
    priceId: services(context).payments.priceId,
    freeTrialDays: await freeTrialDays(database(context), viewer),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData?.meta ?? [];
}

function Hero() {
  return (
    <section className="relative isolate flex min-h-[88dvh] items-center overflow-hidden bg-secondary text-white">
      <div
        aria-hidden
        className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top_right,rgba(194,65,12,0.45),transparent_55%),linear-gradient(160deg,#0f172a_0%,#1e293b_55%,#334155_100%)]"
      />
      <div className="mx-auto w-full max-w-7xl px-4 pt-24 pb-16 sm:px-6 lg:px-8">
        <p className="text-sm font-semibold tracking-widest text-orange-200 uppercase">Melbourne CBD · 3–12 months</p>
        <h1 className="mt-4 max-w-3xl font-display text-4xl font-bold tracking-tight sm:text-6xl">
          Find Your Perfect Room
        </h1>
        <p className="mt-6 max-w-2xl text-lg text-slate-200 sm:text-xl">
          Flexible Mid-Term Leases in Premium CBD Locations
        </p>
        <div className="mt-10 flex flex-wrap gap-4">
          <Link
            to="/search"
            className="inline-flex items-center gap-2 rounded-full bg-primary px-6 py-3 text-base font-semibold text-primary-foreground shadow-lg hover:bg-primary-hover"
          >
            <Icon name="search" className="size-5" />
            Start Your Search
          </Link>
          <a
            href="#featured-listings"
            className="inline-flex items-center gap-2 rounded-full border border-white/40 px-6 py-3 text-base font-semibold text-white hover:bg-white/10"
          >
            View Featured Rooms
            <Icon name="arrow-down" className="size-5" />
          </a>
        </div>
      </div>
    </section>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/";
  return (
    <>
      <Hero />
      <section aria-label="Search" className="relative z-10 -mt-16">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <SearchBar />
          <Suspense>
            <FirstListingPrompt className="mt-8" />
          </Suspense>
        </div>
      </section>
      <section id="featured-listings" aria-labelledby="featured-heading" className="scroll-mt-24 py-20">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <div className="flex flex-wrap items-end justify-between gap-4">
            <div>
              <h2 id="featured-heading" className="font-display text-3xl font-bold tracking-tight">
                Featured Listings
              </h2>
              <p className="mt-3 max-w-2xl text-muted-foreground">
                The newest rooms on Laneway Rooms, furnished and ready for leases of three to twelve months.
              </p>
            </div>
            <Link to="/search" className="rounded-full border px-5 py-2.5 text-sm font-semibold hover:bg-slate-50">
              See all rooms
            </Link>
          </div>
          <div className="mt-10">
            {loading ? (
              <ListingGridSkeleton count={6} label="Loading featured listings" />
            ) : (
              <ListingGrid label="Featured listings">
                {loaderData.featured.map((listing) => (
                  <li key={listing.id} className="flex">
                    <div className="w-full">
                      <ListingCard listing={listing} favourited={listing.favourited} canEdit={listing.canEdit} />
                    </div>
                  </li>
                ))}
              </ListingGrid>
            )}
          </div>
        </div>
      </section>
      <Suspense>
        <PlanSection priceId={loaderData.priceId} freeTrialDays={loaderData.freeTrialDays} />
        <Partners />
      </Suspense>
    </>
  );
}
