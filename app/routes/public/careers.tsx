import { Link } from "react-router";
import type { Route } from "./+types/careers";
import { Icon } from "~/app/components/ui/icon";
import { IconCardGrid } from "~/app/components/content/icon-card-grid";
import { pageMeta, rootMetaData } from "~/app/seo/meta";
import { PageHero, PageSection } from "~/app/components/layout/page-sections";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    {
      title: "Careers",
      description:
        "Join the Laneway Rooms team in Melbourne and help people find furnished rooms on 3 to 12 month leases in the CBD.",
      path: "/careers",
    },
    rootMetaData(matches),
  );
}

const VALUES = [
  {
    icon: "flame",
    title: "Passion",
    text: "We care about the people who live in the rooms we list and the landlords who trust us with their homes.",
  },
  {
    icon: "heart-handshake",
    title: "Collaboration",
    text: "Product, support and property teams sit together and solve problems together, not in silos.",
  },
  {
    icon: "lightbulb",
    title: "Innovation",
    text: "We try new ideas quickly, measure what works for tenants and landlords, and keep what helps.",
  },
  {
    icon: "sprout",
    title: "Growth",
    text: "We grow with the business: new skills, new responsibilities and honest feedback along the way.",
  },
] as const;

const BENEFITS = [
  {
    icon: "clock",
    title: "Flexible Work",
    text: "Hybrid by default, with a CBD office a short tram ride from Southern Cross and Flinders Street.",
  },
  {
    icon: "users-round",
    title: "Team Events",
    text: "Monthly team lunches, laneway coffee runs and a yearly offsite somewhere in regional Victoria.",
  },
  {
    icon: "scale",
    title: "Work-Life Balance",
    text: "Sensible hours, no out-of-hours e-mail culture and extra leave days between Christmas and New Year.",
  },
  {
    icon: "plane",
    title: "Travel",
    text: "Opportunities to visit partner properties and industry events interstate.",
  },
  {
    icon: "banknote",
    title: "Competitive Pay",
    text: "Salaries benchmarked against the Melbourne market and reviewed every year, plus superannuation.",
  },
  {
    icon: "trending-up",
    title: "Career Growth",
    text: "A learning budget, mentoring and clear paths into senior and leadership roles.",
  },
] as const;

export default function Careers() {
  return (
    <>
      <PageHero
        eyebrow="Careers at Laneway Rooms"
        title="Join Our Team"
        lead="Help people find a home in Melbourne's CBD for the months that matter. We are a small team that values care, curiosity and getting things done."
        glow="top-left"
      >
        <Link
          to="/contact"
          className="inline-flex items-center gap-2 rounded-full bg-primary px-7 py-3 text-base font-semibold text-primary-foreground shadow-lg hover:bg-primary-hover"
        >
          Apply Now
        </Link>
      </PageHero>

      <PageSection id="culture-heading" title="Our Culture" lead="Four values guide how we work with each other.">
        <IconCardGrid items={VALUES} className="sm:grid-cols-2 lg:grid-cols-4" />
      </PageSection>

      <PageSection id="benefits-heading" title="Why Work With Us" muted>
        <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
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
      </PageSection>

      <section aria-labelledby="touch-heading" className="py-20">
        <div className="mx-auto flex max-w-3xl flex-col items-center px-4 text-center sm:px-6 lg:px-8">
          <Icon name="users" className="size-10 text-primary" />
          <h2 id="touch-heading" className="mt-4 font-display text-3xl font-bold tracking-tight sm:text-4xl">
            No open role that fits?
          </h2>
          <p className="mt-4 text-muted-foreground">
            We are always happy to hear from people who care about renting in Melbourne. Tell us about yourself and the
            kind of work you enjoy.
          </p>
          <Link
            to="/contact"
            className="mt-8 rounded-full bg-primary px-7 py-3 text-base font-semibold text-primary-foreground hover:bg-primary-hover"
          >
            Get in Touch
          </Link>
        </div>
      </section>
    </>
  );
}
