import { Link } from "react-router";
import type { Route } from "./+types/about";
import { IconCardGrid } from "~/app/components/content/icon-card-grid";
import { pageMeta, rootMetaData } from "~/app/seo/meta";
import { PageHero, PageSection } from "~/app/components/layout/page-sections";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    {
      title: "About",
      description:
        "Laneway Rooms was founded in Melbourne in 2020 to make furnished rooms on 3 to 12 month leases in the CBD simple, fair and easy to find.",
      path: "/about",
    },
    rootMetaData(matches),
  );
}

const CARDS = [
  {
    icon: "compass",
    title: "Our Vision",
    text: "A city where moving to Melbourne for a contract, a semester or a new job means a furnished room within walking distance of work, on a lease that fits the months you actually need.",
  },
  {
    icon: "sparkles",
    title: "What Sets Us Apart",
    text: "We focus only on mid-term stays of 3 to 12 months in the CBD. Every listing shows the weekly rent up front, the furniture included and the earliest move-in date, so there are no surprises at inspection.",
  },
  {
    icon: "telescope",
    title: "Looking Forward",
    text: "We are building better tools for landlords to keep listings accurate and for tenants to compare rooms side by side, while staying close to the laneways and neighbourhoods we know best.",
  },
] as const;

export default function About() {
  return (
    <>
      <PageHero
        eyebrow="Founded in 2020"
        title="About Laneway Rooms"
        lead="Furnished rooms on flexible 3 to 12 month leases, in the heart of Melbourne's CBD."
      />

      <section aria-labelledby="story-heading" className="py-20">
        <div className="mx-auto grid max-w-7xl gap-12 px-4 sm:px-6 lg:grid-cols-2 lg:px-8">
          <div>
            <h2 id="story-heading" className="font-display text-3xl font-bold tracking-tight sm:text-4xl">
              Our Story
            </h2>
            <div className="mt-6 space-y-4 text-muted-foreground">
              <p>
                Laneway Rooms started in 2020, when Melbourne&apos;s rental market was changing fast. Graduates,
                contract workers, nurses on placement and people relocating for work all needed somewhere to live for a
                few months, not a few nights and not a fixed two-year commitment.
              </p>
              <p>
                Short-stay apartments were priced for tourists, and most long-term leases expected tenants to bring
                their own furniture and stay for at least a year. We set out to fill the gap in between: furnished rooms
                on leases of 3 to 12 months, close to the trams, offices and universities of the CBD.
              </p>
              <p>
                Today landlords use Laneway Rooms to list and manage their rooms, and tenants use it to search by price,
                move-in date and location, save their favourites and get in touch directly.
              </p>
            </div>
          </div>
          <div className="rounded-3xl bg-muted p-8">
            <h2 className="font-display text-2xl font-bold tracking-tight">At a Glance</h2>
            <p className="mt-4 text-muted-foreground">
              A Melbourne business, focused on one city centre and one kind of stay: furnished rooms for people who need
              a home for a season of their life, with clear weekly rents and honest listings.
            </p>
            <dl className="mt-8 grid grid-cols-2 gap-6">
              <div>
                <dt className="text-sm text-muted-foreground">Based in</dt>
                <dd className="mt-1 text-2xl font-bold">Melbourne</dd>
              </div>
              <div>
                <dt className="text-sm text-muted-foreground">Rent shown</dt>
                <dd className="mt-1 text-2xl font-bold">Per week</dd>
              </div>
              <div>
                <dt className="text-sm text-muted-foreground">Founded</dt>
                <dd className="mt-1 text-2xl font-bold">2020</dd>
              </div>
              <div>
                <dt className="text-sm text-muted-foreground">Lease lengths</dt>
                <dd className="mt-1 text-2xl font-bold">3–12 months</dd>
              </div>
            </dl>
          </div>
        </div>
      </section>

      <PageSection id="founder-heading" title="Our Founder" muted>
        <div className="mt-10 flex flex-col gap-8 rounded-3xl border bg-card p-8 shadow-sm sm:flex-row sm:items-start">
          <div
            aria-hidden
            className="flex size-24 shrink-0 items-center justify-center rounded-full bg-secondary font-display text-3xl font-bold text-white"
          >
            ST
          </div>
          <div>
            <h3 className="text-xl font-semibold">Sophie Tran</h3>
            <p className="text-sm font-medium text-primary">Founder and Managing Director</p>
            <div className="mt-4 space-y-3 text-muted-foreground">
              <p>
                Sophie spent eight years in residential property management in inner Melbourne, where she saw the same
                problem every week: people arriving in the city for six or nine months with nowhere suitable to live.
              </p>
              <p>
                She founded Laneway Rooms in 2020 with a simple idea: pair landlords who have furnished rooms with
                tenants who need them for a defined period, and make the whole process transparent for both sides. She
                still walks the CBD laneways most weeks to meet landlords and see new rooms in person.
              </p>
            </div>
          </div>
        </div>
      </PageSection>

      <PageSection id="values-heading" title="Where We Are Heading">
        <IconCardGrid items={CARDS} className="md:grid-cols-3" />
        <div className="mt-12 flex flex-wrap gap-4">
          <Link
            to="/search"
            className="rounded-full bg-primary px-6 py-3 text-sm font-semibold text-primary-foreground hover:bg-primary-hover"
          >
            Search rooms
          </Link>
          <Link to="/contact" className="rounded-full border px-6 py-3 text-sm font-semibold hover:bg-slate-50">
            Contact us
          </Link>
        </div>
      </PageSection>
    </>
  );
}
