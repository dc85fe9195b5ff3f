import type { Route } from "./+types/press";
import { Icon } from "~/app/components/ui/icon";
import { Badge } from "~/app/components/ui/badge";
import { Button } from "~/app/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/app/components/ui/card";
import { pageMeta, rootMetaData } from "~/app/seo/meta";
import { PageHero, PageSection } from "~/app/components/layout/page-sections";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    {
      title: "Press",
      description:
        "Press releases, media coverage, brand assets and media contacts for Laneway Rooms, the Melbourne CBD marketplace for mid-term furnished rooms.",
      path: "/press",
    },
    rootMetaData(matches),
  );
}

const PRESS_RELEASES = [
  {
    date: "March 12, 2024",
    title: "Laneway Rooms launches the Professional Plan for CBD landlords",
    summary:
      "Landlords can now list unlimited rooms, manage enquiries in one place and use AI-assisted listing descriptions for $49.99 per month, with a 14-day free trial.",
  },
  {
    date: "May 28, 2024",
    title: "New search filters help tenants find rooms by move-in date",
    summary:
      "Tenants searching for 3 to 12 month stays can now filter furnished rooms by earliest available date and weekly rent range.",
  },
  {
    date: "August 6, 2024",
    title: "Laneway Rooms partners with local movers and furniture suppliers",
    summary:
      "A partner network of Melbourne businesses now helps new tenants move in, from removalists to linen and homewares.",
  },
  {
    date: "October 22, 2024",
    title: "Verified tenant profiles arrive for Professional Plan landlords",
    summary:
      "Landlords on the Professional Plan can review verified tenant profiles and automated screening results before offering a lease.",
  },
] as const;

const COVERAGE = [
  {
    outlet: "Inner City Property Digest",
    date: "April 2024",
    title: "The mid-term rental gap: why Melbourne newcomers want 6-month leases",
  },
  {
    outlet: "Southbank Business Weekly",
    date: "June 2024",
    title: "Local start-up Laneway Rooms bets on furnished rooms in the CBD",
  },
  {
    outlet: "Tenant Life Magazine",
    date: "September 2024",
    title: "Five questions to ask before signing a furnished room lease",
  },
  {
    outlet: "PropTech Down Under",
    date: "November 2024",
    title: "How small landlords are using AI to write better listings",
  },
] as const;

const ASSETS = [
  { name: "Logo Package", size: "2.4 MB", description: "Logo in colour, mono and reversed versions (SVG and PNG)." },
  { name: "Brand Guidelines", size: "3.8 MB", description: "Colours, typography and how to use our name and logo." },
  { name: "Media Kit", size: "5.2 MB", description: "Company overview, founder biography and product screenshots." },
] as const;

const MEDIA_EMAIL = "press@lanewayrooms.com.au";
const MEDIA_PHONE = "03 9000 1234";

export default function Press() {
  return (
    <>
      <PageHero
        eyebrow="Newsroom"
        title="Press"
        lead="News, announcements and resources for journalists writing about mid-term renting in Melbourne's CBD."
      />

      <PageSection id="releases-heading" title="Press Releases">
        <ul className="mt-10 grid gap-6 md:grid-cols-2">
          {PRESS_RELEASES.map((release) => (
            <li key={release.title} className="flex">
              <article className="flex w-full flex-col rounded-2xl border bg-card p-6 shadow-sm">
                <p className="text-sm font-medium text-primary">{release.date}</p>
                <h3 className="mt-2 text-lg leading-snug font-semibold">{release.title}</h3>
                <p className="mt-3 text-sm text-muted-foreground">{release.summary}</p>
              </article>
            </li>
          ))}
        </ul>
      </PageSection>

      <PageSection id="coverage-heading" title="Media Coverage" muted>
        <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {COVERAGE.map((item) => (
            <li key={item.title} className="flex flex-col rounded-2xl border bg-card p-5">
              <div className="flex items-center gap-2 text-sm font-semibold">
                <Icon name="newspaper" className="size-4 text-primary" />
                {item.outlet}
              </div>
              <h3 className="mt-3 leading-snug font-semibold">{item.title}</h3>
              <p className="mt-auto pt-3 text-sm text-muted-foreground">{item.date}</p>
            </li>
          ))}
        </ul>
      </PageSection>

      <PageSection id="assets-heading" title="Brand Assets">
        <p id="assets-note" className="mt-4 max-w-2xl text-muted-foreground">
          Available on request — contact our media team
        </p>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {ASSETS.map((asset) => (
            <li key={asset.name} className="flex">
              <Card className="w-full">
                <CardHeader>
                  <Icon name="file-text" className="size-8 text-primary" />
                  <CardTitle className="mt-3">{asset.name}</CardTitle>
                  <CardDescription>{asset.description}</CardDescription>
                </CardHeader>
                <CardContent>
                  <Badge variant="outline">{asset.size}</Badge>
                </CardContent>
                <CardFooter className="mt-auto">
                  <Button
                    variant="outline"
                    disabled
                    aria-label={`Download ${asset.name} (${asset.size})`}
                    aria-describedby="assets-note"
                  >
                    <Icon name="download" />
                    Download
                  </Button>
                </CardFooter>
              </Card>
            </li>
          ))}
        </ul>
      </PageSection>

      <section aria-labelledby="media-contact-heading" className="bg-secondary py-20 text-white">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <h2 id="media-contact-heading" className="font-display text-3xl font-bold tracking-tight sm:text-4xl">
            Media Contact
          </h2>
          <p className="mt-4 max-w-2xl text-slate-300">
            For interviews, comment on Melbourne&apos;s mid-term rental market or brand assets, contact our media team.
            We aim to reply within one business day.
          </p>
          <ul className="mt-8 flex flex-col gap-4 sm:flex-row sm:gap-10">
            <li>
              <a
                href={`mailto:${MEDIA_EMAIL}`}
                className="inline-flex items-center gap-3 rounded text-lg font-semibold text-white underline-offset-4 hover:underline"
              >
                <Icon name="mail" className="size-5 text-orange-300" />
                {MEDIA_EMAIL}
              </a>
            </li>
            <li>
              <a
                href="tel:+61390001234"
                className="inline-flex items-center gap-3 rounded text-lg font-semibold text-white underline-offset-4 hover:underline"
              >
                <Icon name="phone" className="size-5 text-orange-300" />
                {MEDIA_PHONE}
              </a>
            </li>
          </ul>
        </div>
      </section>
    </>
  );
}
