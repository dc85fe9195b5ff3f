import { STATS_PERIODS, type StatsPeriod } from "~/modules/analytics/stats-period";

export interface DashboardQuery {
  period: StatsPeriod;
  /** Staff and admins: whose figures (an id or e-mail address); null for the viewer's own. */
  landlord: string | null;
  /** The listing whose comparison and daily figures are shown; null for all of them. */
  listing: string | null;
}

const MAX_PARAM = 320;

/** The dashboard's query string; anything unknown falls back to 30 days and everything. */
export function parseDashboardQuery(params: URLSearchParams): DashboardQuery {
  const period = Number(params.get("period"));
  const text = (name: string) => {
    const value = params.get(name)?.trim();
    return value && value.length <= MAX_PARAM ? value : null;
  };
  return {
    period: (STATS_PERIODS as readonly number[]).includes(period) ? (period as StatsPeriod) : 30,
    landlord: text("landlord"),
    listing: text("listing"),
  };
}

/** The dashboard's address for a query, without the defaults. */
export function dashboardHref(query: Partial<DashboardQuery>, path = "/settings/analytics"): string {
  const params = new URLSearchParams();
  if (query.period && query.period !== 30) params.set("period", String(query.period));
  if (query.landlord) params.set("landlord", query.landlord);
  if (query.listing) params.set("listing", query.listing);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}
