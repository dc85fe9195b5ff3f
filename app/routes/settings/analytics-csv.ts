import type { Route } from "./+types/analytics-csv";
import { gatedViewer } from "~/app/http/gates.server";
import { ANALYTICS_LANDLORD_NOT_FOUND } from "~/app/content/analytics";
import { database, services } from "~/lib/request-context";
import { parseDashboardQuery } from "~/modules/analytics/dashboard-query";
import { dashboardCsv, periodRange, statsOwner } from "~/modules/analytics/listing-stats.server";

/** GET /settings/analytics/export.csv: the dashboard's figures per listing and day (its parent's gate). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = gatedViewer(context);
  const query = parseDashboardQuery(new URL(request.url).searchParams);
  const db = database(context);
  const found = await statsOwner(db, viewer, query.landlord);
  if (!found.ok || !found.owner) return new Response(ANALYTICS_LANDLORD_NOT_FOUND, { status: 404 });
  const range = periodRange(query.period, services(context).now());
  return new Response(await dashboardCsv(db, found.owner, range), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="listing-analytics-${range.from}-to-${range.to}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
