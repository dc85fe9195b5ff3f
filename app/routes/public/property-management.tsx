import { Link } from "react-router";
import type { Route } from "./+types/property-management";
import { Icon } from "~/app/components/ui/icon";
import { IconCardGrid } from "~/app/components/content/icon-card-grid";
import { pageMeta, rootMetaData } from "~/app/seo/meta";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    {
      title: "Property Management",
      description:
        "Room rental management, tenant screening, maintenance coordination and rent collection for furnished rooms on 3 to 12 month leases in Melbourne's CBD.",
      path: "/property-management",
    },
    rootMetaData(matches),
  );
}

const SERVICES = [
  {
    icon: "house",
    title: "Room Rental Management",
    text: "We list, photograph and advertise your furnished rooms, handle enquiries and inspections, and keep each room let on leases of 3 to 12 months.",
  },
  {
    icon: "user-check",
    title: "Tenant Screening",
    text: "Identity, employment and rental-history checks on every applicant, so you know who is moving in before the lease is signed.",
  },
  {
    icon: "wrench",
    title: "Maintenance Coordination",
    text: "One point of contact for repairs. We log requests, book trusted local tradespeople and keep you informed until the job is done.",
  },
  {
    icon: "wallet",
    title: "Rent Collection",
    text: "Weekly rent collected on time, arrears followed up promptly, and a clear monthly statement for every room you own.",
  },
] as const;

const BENEFITS = [
  { icon: "calendar-range", title: "Flexible Mid-Term Leases", text: "Leases of 3 to 12 months." },
  { icon: "wifi", title: "Free WiFi", text: "Fast internet included in every room." },
  { icon: "spray-can", title: "Monthly Cleaning", text: "Common areas professionally cleaned every month." },
  { icon: "map-pin", title: "CBD Locations", text: "Close to trams, offices and universities." },
  { icon: "headset", title: "24/7 Customer Service", text: "Help whenever residents need it." },
  { icon: "sofa", title: "Fully Furnished Rooms", text: "Bed, desk, storage and linen ready on day one." },
  {
    icon: "building-complex",
    title: "Professional Management",
    text: "An experienced team looking after every property.",
  },
  { icon: "party-popper", title: "Community Events", text: "Regular get-togethers to meet your neighbours." },
] as const;

const STATISTICS = [
  { value: "300+", label: "Properties Managed" },
  { value: "2000+", label: "Tenants" },
  { value: "10+", label: "Years Experience" },
  { value: "5", label: "Cities" },
] as const;

export default function PropertyManagement() {
  return (
    <>
      <section className="relative isolate flex min-h-dvh items-center overflow-hidden bg-secondary text-white">
        <div
          aria-hidden
          className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_bottom_left,rgba(194,65,12,0.45),transparent_55%),linear-gradient(160deg,#0f172a_0%,#1e293b_55%,#334155_100%)]"
        />
        <div className="mx-auto w-full max-w-7xl px-4 pt-28 pb-28 sm:px-6 lg:px-8">
          <p className="text-sm font-semibold tracking-widest text-orange-200 uppercase">For landlords and owners</p>
          <h1 className="mt-4 max-w-3xl font-display text-4xl font-bold tracking-tight sm:text-6xl">
            Property Management
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-slate-200 sm:text-xl">
            We look after your furnished rooms in Melbourne&apos;s CBD, from finding the right tenant to collecting the
            rent, so your property earns without taking over your week.
          </p>
          <div className="mt-10">
            <Link
              to="/contact"
              className="inline-flex items-center gap-2 rounded-full bg-primary px-7 py-3 text-base font-semibold text-primary-foreground shadow-lg hover:bg-primary-hover"
            >
              Get Started
            </Link>
          </div>
        </div>
        <a
          href="#services"
          aria-label="Scroll to our services"
          className="absolute bottom-8 left-1/2 flex size-12 -translate-x-1/2 items-center justify-center rounded-full border border-white/40 text-white hover:bg-white/10"
        >
          <Icon name="arrow-down" className="size-5 motion-safe:animate-bounce" />
        </a>
      </section>

      <section id="services" aria-labelledby="services-heading" className="scroll-mt-24 py-20">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <p className="text-sm font-semibold tracking-widest text-primary uppercase">What we do</p>
          <h2 id="services-heading" className="mt-3 font-display text-3xl font-bold tracking-tight sm:text-4xl">
            Our Services
          </h2>
          <p className="mt-4 max-w-2xl text-muted-foreground">
            Choose the full service or just the parts you need. Every service is built around mid-term stays of 3 to 12
            months.
          </p>
          <IconCardGrid items={SERVICES} className="sm:grid-cols-2 lg:grid-cols-4" />
        </div>
      </section>

      <section aria-labelledby="living-heading" className="bg-muted py-20">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <p className="text-sm font-semibold tracking-widest text-primary uppercase">For your tenants</p>
          <h2 id="living-heading" className="mt-3 font-display text-3xl font-bold tracking-tight sm:text-4xl">
            Premium Living
          </h2>
          <p className="mt-4 max-w-2xl text-muted-foreground">
            Rooms we manage come with everything a resident needs to settle in quickly, which keeps them happy and your
            rooms occupied.
          </p>
          <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {BENEFITS.map(({ icon, title, text }) => (
              <li key={title} className="flex gap-4 rounded-2xl border bg-card p-5">
                <Icon name={icon} className="mt-0.5 size-6 shrink-0 text-primary" />
                <div>
                  <h3 className="font-semibold">{title}</h3>
                  <p className="mt-1 text-sm text-muted-foreground">{text}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="statistics-heading" className="bg-secondary py-16 text-white">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <h2 id="statistics-heading" className="sr-only">
            Our track record
          </h2>
          <dl className="grid grid-cols-2 gap-8 text-center lg:grid-cols-4">
            {STATISTICS.map((stat) => (
              <div key={stat.label} className="flex flex-col-reverse gap-2">
                <dt className="text-sm font-medium text-slate-300">{stat.label}</dt>
                <dd className="font-display text-4xl font-bold sm:text-5xl">{stat.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section aria-labelledby="contact-heading" className="py-20">
        <div className="mx-auto flex max-w-4xl flex-col items-center px-4 text-center sm:px-6 lg:px-8">
          <Icon name="clipboard-check" className="size-10 text-primary" />
          <h2 id="contact-heading" className="mt-4 font-display text-3xl font-bold tracking-tight sm:text-4xl">
            Ready to hand over the day-to-day?
          </h2>
          <p className="mt-4 max-w-2xl text-muted-foreground">
            Tell us about your property and the rooms you have available. We will get back to you within one business
            day with a management proposal.
          </p>
          <Link
            to="/contact"
            className="mt-8 rounded-full bg-primary px-7 py-3 text-base font-semibold text-primary-foreground hover:bg-primary-hover"
          >
            Contact Us
          </Link>
        </div>
      </section>
    </>
  );
}
