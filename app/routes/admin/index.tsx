import type { Route } from "./+types/index";
import { OverviewChart } from "~/app/components/admin/overview-chart";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/app/components/ui/table";
import { gatedViewer } from "~/app/http/gates.server";
import { pageMeta, rootMetaData } from "~/app/seo/meta";
import { statusFor } from "~/lib/http/refusal-status";
import { COMMON_REFUSALS } from "~/lib/refusal-code";
import { database } from "~/lib/request-context";
import { siteOverview } from "~/modules/admin/site-overview.server";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    {
      title: "Site overview",
      description: "Listings, enquiries, lets and subscriptions at a glance.",
      path: "/admin",
      noIndex: true,
    },
    rootMetaData(matches),
  );
}

export async function loader({ context }: Route.LoaderArgs) {
  const result = await siteOverview(database(context), gatedViewer(context));
  if (!result.ok) throw new Response("Forbidden", { status: statusFor(COMMON_REFUSALS[result.reason]) });
  return result.overview;
}

const money = (cents: number, currency: string) =>
  new Intl.NumberFormat("en-AU", { style: "currency", currency }).format(cents / 100);
const dayLabel = (day: string) =>
  new Intl.DateTimeFormat("en-AU", { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" }).format(
    new Date(`${day}T00:00:00Z`),
  );

export default function AdminOverview({ loaderData }: Route.ComponentProps) {
  const { listingsLive, days, subscriptions } = loaderData;
  const sum = (key: "newListings" | "enquiries" | "lets") => days.reduce((total, day) => total + day[key], 0);
  const figures = [
    { label: "Listings live", value: listingsLive.toLocaleString("en-AU") },
    { label: `New listings (${days.length} days)`, value: sum("newListings").toLocaleString("en-AU") },
    { label: `Enquiries (${days.length} days)`, value: sum("enquiries").toLocaleString("en-AU") },
    { label: `Lets (${days.length} days)`, value: sum("lets").toLocaleString("en-AU") },
    { label: "Active subscriptions", value: subscriptions.paying.toLocaleString("en-AU") },
    { label: "Trials", value: subscriptions.trials.toLocaleString("en-AU") },
    {
      label: `Churn (${subscriptions.windowDays} days)`,
      value:
        subscriptions.churnRate === null
          ? "—"
          : `${(subscriptions.churnRate * 100).toLocaleString("en-AU", { maximumFractionDigits: 1 })}% (${subscriptions.churned} ended)`,
    },
    {
      label: "Monthly recurring revenue",
      value: subscriptions.mrr.length
        ? subscriptions.mrr.map(({ cents, currency }) => money(cents, currency)).join(" + ")
        : money(0, "AUD"),
    },
  ];
  return (
    <div className="space-y-8">
      <div className="space-y-2">
        <h1 className="font-display text-3xl font-bold text-slate-900">Site overview</h1>
        <p className="text-sm text-slate-600">
          Days are Melbourne calendar days. Active subscriptions are paying (or retrying a late payment); churn is the
          share of paying subscriptions that ended in the last {subscriptions.windowDays} days.
        </p>
      </div>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {figures.map(({ label, value }) => (
          <div key={label} className="rounded-lg border bg-white p-4">
            <dt className="text-sm text-slate-600">{label}</dt>
            <dd className="mt-1 text-xl font-semibold break-words text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <section aria-labelledby="daily-heading" className="space-y-4">
        <h2 id="daily-heading" className="text-xl font-semibold text-slate-900">
          Per day, last {days.length} days
        </h2>
        <OverviewChart days={days} />
        <Table aria-label="New listings, enquiries and lets per day">
          <TableHeader>
            <TableRow>
              <TableHead>Day</TableHead>
              <TableHead align="right">New listings</TableHead>
              <TableHead align="right">Enquiries</TableHead>
              <TableHead align="right">Lets</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {[...days].reverse().map((day) => (
              <TableRow key={day.day}>
                <TableCell className="whitespace-nowrap">
                  <time dateTime={day.day}>{dayLabel(day.day)}</time>
                </TableCell>
                <TableCell className="text-right tabular-nums">{day.newListings}</TableCell>
                <TableCell className="text-right tabular-nums">{day.enquiries}</TableCell>
                <TableCell className="text-right tabular-nums">{day.lets}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </section>
    </div>
  );
}
