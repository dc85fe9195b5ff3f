import { Link, redirect } from "react-router";
import type { Route } from "./+types/home";
import { Icon } from "~/app/components/ui/icon";
import { ListingGridSkeleton } from "~/app/components/listings/listing-grid";
import { SearchBar } from "~/app/components/listings/search-bar";
import { loaderPageMeta } from "~/app/seo/page-meta.server";
import { lazyOnIntent } from "~/app/components/ui/deferred";
import { database, services } from "~/lib/request-context";
import { getViewer, publicReads } from "~/app/http/viewer.server";
import { withViewerFlags } from "~/modules/favourites/viewer-flags.server";
import { featuredNear } from "~/modules/listings/featured-near.server";
import { parseSearchParams } from "~/modules/listings/search-params";
import { landingRedirect } from "~/lib/landing-path";
import { freeTrialDays } from "~/modules/billing/free-trial.server";

// Below the fold: the server renders them, their code waits for the first intent on the page. The
// plan's Subscribe form posts to the server, so a click before its code arrives is answered the same way.
const PlanSection = lazyOnIntent(() =>
  import("~/app/components/billing/plan-section").then((module) => module.PlanSection),
);
// A new landlord's "List your first room" (server-rendered for them, nothing for anyone else).
const FirstListingPrompt = lazyOnIntent(() =>
  import("~/app/components/listings/first-listing-prompt").then((module) => module.FirstListingPrompt),
);
// Below the fold too; with a place chosen (`?where=`), the newest rooms near it. The skeleton shows
// when the page renders before the section's code, after a client navigation (it keeps the id, so a
// link to #featured-listings lands).
const FeaturedSection = lazyOnIntent(
  () => import("~/app/components/listings/featured-section").then((module) => module.FeaturedSection),
  <div id="featured-listings" className="mx-auto max-w-7xl scroll-mt-24 px-4 py-20 sm:px-6 lg:px-8">
    <ListingGridSkeleton count={6} label="Loading featured listings" />
  </div>,
);
const Partners = lazyOnIntent(() =>
  import("~/app/components/content/partners-section").then((module) => module.Partners),
);

export async function loader({ request, context }: Route.LoaderArgs) {
  const redirectTo = landingRedirect(request);
  if (redirectTo) throw redirect(redirectTo);
  const viewer = getViewer(context);
  // A place chosen on the home page (`where`, `radius_km`, as on /search) narrows the featured rooms.
  const { where, radiusKm } = parseSearchParams(new URL(request.url).searchParams);
  const featured = await featuredNear(publicReads(context), services(context).places, { where, radiusKm });
  return {
    meta: loaderPageMeta(services(context).site, {
      fullTitle: `${services(context).site.name} | Mid-term room rentals in Melbourne's CBD`,
      description: "Furnished rooms on flexible 3 to 12 month leases in premium Melbourne CBD locations.",
      path: "/",
    }),
    featured: { ...featured, listings: await withViewerFlags(database(context), viewer, featured.listings) },
    search: { where, radiusKm },
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
  const { featured, search } = loaderData;
  return (
    <>
      <Hero />
      <section aria-label="Search" className="relative z-10 -mt-16">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          {/* Choosing a place in Where shows the rooms near it below; Search still goes to /search. */}
          <SearchBar state={search} where={{ place: featured.near?.place, chooseGoesTo: "/#featured-listings" }} />
          <FirstListingPrompt className="mt-8" />
        </div>
      </section>
      <FeaturedSection {...featured} where={search.where} />
      <PlanSection priceId={loaderData.priceId} freeTrialDays={loaderData.freeTrialDays} />
      <Partners />
    </>
  );
}
