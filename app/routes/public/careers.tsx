import {
  Banknote,
  Clock,
  Flame,
  HeartHandshake,
  Lightbulb,
  Plane,
  Scale,
  Sprout,
  TrendingUp,
  Users,
  UsersRound,
} from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/careers";
import { IconCardGrid } from "~/app/components/content/icon-card-grid";
import { pageMeta, rootMetaData } from "~/app/seo/meta";

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
    icon: Flame,
    title: "Passion",
    text: "We care about the people who live in the rooms we list and the landlords who trust us with their homes.",
  },
  {
    icon: HeartHandshake,
    title: "Collaboration",
    text: "Product, support and property teams sit together and solve problems together, not in silos.",
  },
  {
    icon: Lightbulb,
    title: "Innovation",
    text: "We try new ideas quickly, measure what works for tenants and landlords, and keep what helps.",
  },
  {
    icon: Sprout,
    title: "Growth",
    text: "We grow with the business: new skills, new responsibilities and honest feedback along the way.",
  },
] as const;

const BENEFITS = [
  {
    icon: Clock,
    title: "Flexible Work",
    text: "Hybrid by default, with a CBD office a short tram ride from Southern Cross and Flinders Street.",
  },
  {
    icon: UsersRound,
    title: "Team Events",
    text: "Monthly team lunches, laneway coffee runs and a yearly offsite somewhere in regional Victoria.",
  },
  {
    icon: Scale,
    title: "Work-Life Balance",
    text: "Sensible hours, no out-of-hours e-mail culture and extra leave days between Christmas and New Year.",
  },
  {
    icon: Plane,
    title: "Travel",
    text: "Opportunities to visit partner properties and industry events interstate.",
  },
  {
    icon: Banknote,
    title: "Competitive Pay",
    text: "Salaries benchmarked against the Melbourne market and reviewed every year, plus superannuation.",
  },
  {
    icon: TrendingUp,
    title: "Career Growth",
    text: "A learning budget, mentoring and clear paths into senior and leadership roles.",
  },
] as const;

export default function Careers() {
  return (
    <>
      <section className="relative isolate overflow-hidden bg-secondary text-white">
        <div
          aria-hidden
          className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top_left,rgba(194,65,12,0.4),transparent_55%),linear-gradient(160deg,#0f172a_0%,#1e293b_60%,#334155_100%)]"
        />
        <div className="mx-auto max-w-7xl px-4 pt-36 pb-20 sm:px-6 sm:pt-40 sm:pb-24 lg:px-8">
          <p className="text-sm font-semibold tracking-widest text-orange-200 uppercase">Careers at Laneway Rooms</p>
          <h1 className="mt-4 max-w-3xl font-display text-4xl font-bold tracking-tight sm:text-6xl">Join Our Team</h1>
          <p className="mt-6 max-w-2xl text-lg text-slate-200 sm:text-xl">
            Help people find a home in Melbourne&apos;s CBD for the months that matter. We are a small team that values
            care, curiosity and getting things done.
          </p>
          <div className="mt-10">
            <Link
              to="/contact"
              className="inline-flex items-center gap-2 rounded-full bg-primary px-7 py-3 text-base font-semibold text-primary-foreground shadow-lg hover:bg-primary-hover"
            >
              Apply Now
            </Link>
          </div>
        </div>
      </section>

      <section aria-labelledby="culture-heading" className="py-20">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <h2 id="culture-heading" className="font-display text-3xl font-bold tracking-tight sm:text-4xl">
            Our Culture
          </h2>
          <p className="mt-4 max-w-2xl text-muted-foreground">Four values guide how we work with each other.</p>
          <IconCardGrid items={VALUES} className="sm:grid-cols-2 lg:grid-cols-4" />
        </div>
      </section>

      <section aria-labelledby="benefits-heading" className="bg-muted py-20">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <h2 id="benefits-heading" className="font-display text-3xl font-bold tracking-tight sm:text-4xl">
            Why Work With Us
          </h2>
          <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {BENEFITS.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex gap-4 rounded-2xl border bg-card p-5">
                <Icon aria-hidden className="mt-0.5 size-6 shrink-0 text-primary" />
                <div>
                  <h3 className="font-semibold">{title}</h3>
                  <p className="mt-1 text-sm text-muted-foreground">{text}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="touch-heading" className="py-20">
        <div className="mx-auto flex max-w-3xl flex-col items-center px-4 text-center sm:px-6 lg:px-8">
          <Users aria-hidden className="size-10 text-primary" />
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
