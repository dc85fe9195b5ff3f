import { data, Form, Link } from "react-router";
import type { Route } from "./+types/analytics";
import { DailyChart } from "~/app/components/analytics/daily-chart";
import { Button, buttonVariants } from "~/app/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/app/components/ui/card";
import { FormField } from "~/app/components/ui/form-field";
import { Input } from "~/app/components/ui/input";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/app/components/ui/table";
import { cn } from "~/app/components/ui/cn";
import {
  ANALYTICS_CHOOSE_LANDLORD,
  ANALYTICS_DESCRIPTION,
  ANALYTICS_LANDLORD_NOT_FOUND,
  ANALYTICS_NO_LISTINGS,
  ANALYTICS_TITLE,
  ANALYTICS_UPDATED_NOTE,
  FUNNEL_STEPS,
} from "~/app/content/analytics";
import { analyticsGate, gatedViewer } from "~/app/http/gates.server";
import { pageMeta, rootMetaData } from "~/app/seo/meta";
import { database, services } from "~/lib/request-context";
import { dashboardHref, parseDashboardQuery } from "~/modules/analytics/dashboard-query";
import { compareListing, type ListingComparison } from "~/modules/analytics/listing-comparison.server";
import {
  landlordDashboard,
  listingStats,
  periodRange,
  statsOwner,
  type DayStats,
  type StatsCounts,
} from "~/modules/analytics/listing-stats.server";
import { statsAccess } from "~/modules/analytics/permissions";
import { STATS_PERIODS } from "~/modules/analytics/stats-period";

/** Active landlords, staff and admins (the settings layout has already required a session). */
export const middleware: Route.MiddlewareFunction[] = [analyticsGate];

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    { title: ANALYTICS_TITLE, description: ANALYTICS_DESCRIPTION, path: "/settings/analytics", noIndex: true },
    rootMetaData(matches),
  );
}

const LISTING_NOT_FOUND = "No listing of this landlord matches that.";

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = gatedViewer(context);
  const query = parseDashboardQuery(new URL(request.url).searchParams);
  const db = database(context);
  const staffView = statsAccess(viewer) === "any";
  const empty = { query, staffView, owner: null, dashboard: null, selected: null };
  const found = await statsOwner(db, viewer, query.landlord);
  if (!found.ok) return data({ ...empty, error: ANALYTICS_LANDLORD_NOT_FOUND }, { status: 404 });
  if (!found.owner) return { ...empty, error: null };
  const range = periodRange(query.period, services(context).now());
  const dashboard = await landlordDashboard(db, found.owner, range);
  if (!query.listing) return { ...empty, owner: found.owner, dashboard, error: null };
  const listing = dashboard.listings.find((row) => row.id === query.listing);
  // The same answer whether the listing is someone else's or does not exist.
  if (!listing)
    return data(
      { ...empty, query: { ...query, listing: null }, owner: found.owner, dashboard, error: LISTING_NOT_FOUND },
      { status: 404 },
    );
  const [figures, comparison] = await Promise.all([
    listingStats(db, viewer, { listingId: listing.id, range }),
    compareListing(db, listing.id, range),
  ]);
  const selected = { listing, days: figures.ok ? figures.value.days : [], comparison };
  return { ...empty, owner: found.owner, dashboard, selected, error: null };
}

const number = (value: number) => value.toLocaleString("en-AU");
const hours = (value: number | null) => (value === null ? "—" : `${value.toLocaleString("en-AU")} h`);
const dollars = (value: number | null) => (value === null ? "Not enough rooms" : `$${Math.round(value)}`);
const longDate = new Intl.DateTimeFormat("en-AU", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
const dateText = (day: string) => longDate.format(new Date(`${day}T00:00:00Z`));

function Funnel({ totals, label }: { totals: StatsCounts; label: string }) {
  return (
    <ol aria-label={label} className="grid grid-cols-2 gap-3 sm:grid-cols-5">
      {FUNNEL_STEPS.map((step, index) => {
        const value = totals[step.key];
        const previous = index > 0 ? totals[FUNNEL_STEPS[index - 1]!.key] : null;
        return (
          <li key={step.key} className="rounded-xl border bg-white p-4">
            <p className="text-sm text-slate-600">{step.label}</p>
            <p className="text-2xl font-bold text-slate-900">{number(value)}</p>
            {previous ? (
              <p className="text-xs text-slate-600">{Math.round((value / previous) * 1000) / 10}% of the step before</p>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}

function DailyTable({ days, caption }: { days: DayStats[]; caption: string }) {
  return (
    <details className="rounded-xl border bg-white p-4">
      <summary className="cursor-pointer font-semibold">Daily figures as a table</summary>
      <Table className="mt-3">
        <caption className="sr-only">{caption}</caption>
        <TableHeader>
          <TableRow>
            <TableHead>Day</TableHead>
            <TableHead align="right">Shown in search</TableHead>
            <TableHead align="right">Page views</TableHead>
            <TableHead align="right">Unique visitors</TableHead>
            <TableHead align="right">Saved</TableHead>
            <TableHead align="right">Enquiries</TableHead>
            <TableHead align="right">Replies</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {[...days].reverse().map((day) => (
            <TableRow key={day.day}>
              <th scope="row" className="px-3 py-2.5 text-left font-normal whitespace-nowrap">
                {dateText(day.day)}
              </th>
              <TableCell className="text-right">{number(day.impressions)}</TableCell>
              <TableCell className="text-right">{number(day.views)}</TableCell>
              <TableCell className="text-right">{number(day.uniqueVisitors)}</TableCell>
              <TableCell className="text-right">{number(day.favouritesAdded)}</TableCell>
              <TableCell className="text-right">{number(day.enquiries)}</TableCell>
              <TableCell className="text-right">{number(day.replies)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </details>
  );
}

function Comparison({ comparison }: { comparison: ListingComparison }) {
  const rows: [string, string][] = [
    ["Median weekly rent", dollars(comparison.medianWeeklyRent)],
    ["Median all-in weekly cost", dollars(comparison.medianAllInWeeklyCost)],
    [
      "Median days from listed to let",
      comparison.medianDaysToLet === null ? "Not enough lets" : `${comparison.medianDaysToLet} days`,
    ],
    [
      "Place in search (newest first)",
      comparison.searchRank ? `${comparison.searchRank.position} of ${comparison.searchRank.of}` : "Not in search",
    ],
  ];
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">
        Compared with {number(comparison.similarCount)} similar {comparison.similarTo}.
      </p>
      <dl className="grid gap-3 sm:grid-cols-2">
        {rows.map(([term, value]) => (
          <div key={term} className="rounded-xl border bg-white p-4">
            <dt className="text-sm text-slate-600">{term}</dt>
            <dd className="text-lg font-semibold text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      {comparison.suggestions.length > 0 ? (
        <div>
          <h3 className="font-semibold">Suggestions</h3>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-800">
            {comparison.suggestions.map((suggestion) => (
              <li key={suggestion}>{suggestion}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

export default function AnalyticsPage({ loaderData }: Route.ComponentProps) {
  const { query, staffView, owner, dashboard, selected, error } = loaderData;
  const landlord = staffView ? (owner?.email ?? query.landlord) : null;
  return (
    <section aria-labelledby="analytics-heading" className="space-y-6">
      <div>
        <h1 id="analytics-heading" className="font-display text-3xl font-bold text-slate-900">
          {ANALYTICS_TITLE}
        </h1>
        <p className="mt-1 text-slate-600">{ANALYTICS_DESCRIPTION}</p>
      </div>

      {staffView ? (
        <Form method="get" className="flex flex-wrap items-end gap-3">
          <FormField id="analytics-landlord" label="Landlord's e-mail address" className="min-w-64 flex-1">
            <Input id="analytics-landlord" name="landlord" type="text" defaultValue={landlord ?? ""} />
          </FormField>
          <input type="hidden" name="period" value={query.period} />
          <Button type="submit">Show figures</Button>
        </Form>
      ) : null}

      {error ? (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-900">
          {error}
        </p>
      ) : null}
      {!owner && !error ? <p className="text-slate-700">{ANALYTICS_CHOOSE_LANDLORD}</p> : null}

      {owner && dashboard ? (
        <>
          <nav aria-label="Period" className="flex flex-wrap items-center gap-2">
            {STATS_PERIODS.map((period) => (
              <Link
                key={period}
                to={dashboardHref({ ...query, landlord, period })}
                aria-current={period === query.period ? "page" : undefined}
                className={buttonVariants({ variant: period === query.period ? "default" : "outline", size: "sm" })}
              >
                {period} days
              </Link>
            ))}
            <a
              href={dashboardHref({ period: query.period, landlord }, "/settings/analytics/export.csv")}
              className={cn(buttonVariants({ variant: "outline", size: "sm" }), "sm:ml-auto")}
              download
            >
              Download CSV
            </a>
          </nav>
          <p className="text-sm text-slate-600">
            {staffView ? `${owner.name || owner.email}: ` : ""}
            {dateText(dashboard.range.from)} to {dateText(dashboard.range.to)}. {ANALYTICS_UPDATED_NOTE}
          </p>

          <Card>
            <CardHeader>
              <CardTitle>
                <h2>All listings</h2>
              </CardTitle>
            </CardHeader>
            <CardContent className="space-y-4">
              <Funnel totals={dashboard.totals} label="All listings: from search to let" />
              <p className="text-slate-800">
                <span className="font-semibold">{number(dashboard.totals.uniqueVisitors)}</span> unique visitors · mean
                first reply <span className="font-semibold">{hours(dashboard.totals.replyHours)}</span>
              </p>
              <DailyChart days={dashboard.days} title="Views per day, all listings" />
              <DailyTable days={dashboard.days} caption="Daily figures, all listings" />
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>
                <h2>Each listing</h2>
              </CardTitle>
            </CardHeader>
            <CardContent>
              {dashboard.listings.length === 0 ? (
                <p className="text-slate-700">{ANALYTICS_NO_LISTINGS}</p>
              ) : (
                <Table stacked>
                  <caption className="sr-only">Each listing&apos;s figures for the period</caption>
                  <TableHeader>
                    <TableRow>
                      <TableHead>Listing</TableHead>
                      <TableHead align="right">Shown in search</TableHead>
                      <TableHead align="right">Page views</TableHead>
                      <TableHead align="right">Unique visitors</TableHead>
                      <TableHead align="right">Saved</TableHead>
                      <TableHead align="right">Enquiries</TableHead>
                      <TableHead align="right">Let</TableHead>
                      <TableHead align="right">Mean first reply</TableHead>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {dashboard.listings.map((listing) => (
                      <TableRow key={listing.id}>
                        <TableCell>
                          <Link
                            to={dashboardHref({ ...query, landlord, listing: listing.id })}
                            className="font-medium text-slate-900 underline underline-offset-2"
                            aria-current={selected?.listing.id === listing.id ? "page" : undefined}
                          >
                            {listing.title}
                          </Link>
                          {listing.suburb ? (
                            <span className="block text-xs text-slate-600">{listing.suburb}</span>
                          ) : null}
                        </TableCell>
                        <TableCell label="Shown in search" className="text-right">
                          {number(listing.totals.impressions)}
                        </TableCell>
                        <TableCell label="Page views" className="text-right">
                          {number(listing.totals.views)}
                        </TableCell>
                        <TableCell label="Unique visitors" className="text-right">
                          {number(listing.totals.uniqueVisitors)}
                        </TableCell>
                        <TableCell label="Saved" className="text-right">
                          {number(listing.totals.favouritesAdded)}
                        </TableCell>
                        <TableCell label="Enquiries" className="text-right">
                          {number(listing.totals.enquiries)}
                        </TableCell>
                        <TableCell label="Let" className="text-right">
                          {number(listing.totals.lets)}
                        </TableCell>
                        <TableCell label="Mean first reply" className="text-right">
                          {hours(listing.totals.replyHours)}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              )}
            </CardContent>
          </Card>

          {selected ? (
            <Card>
              <CardHeader>
                <CardTitle>
                  <h2>{selected.listing.title}</h2>
                </CardTitle>
              </CardHeader>
              <CardContent className="space-y-4">
                <Funnel totals={selected.listing.totals} label={`${selected.listing.title}: from search to let`} />
                <DailyChart days={selected.days} title={`Views per day, ${selected.listing.title}`} />
                <DailyTable days={selected.days} caption={`Daily figures, ${selected.listing.title}`} />
                {selected.comparison ? <Comparison comparison={selected.comparison} /> : null}
              </CardContent>
            </Card>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
