import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/properties";
import { statusFor } from "~/lib/http/refusal-status";
import { LISTING_REFUSAL_CODE } from "~/modules/listings/listing-refusal-code";
import { Icon } from "~/app/components/ui/icon";
import { PropertiesBrowser } from "~/app/components/listings/properties-browser";
import { SubscriptionExplanation } from "~/app/components/billing/subscription-notice";
import { pageMeta, rootMetaData } from "~/app/seo/meta";
import { database } from "~/lib/request-context";
import { redirectWithNotice } from "~/lib/flash.server";
import { wantsDocument } from "~/lib/http-request.server";
import { logger } from "~/lib/logger.server";
import { requireViewer } from "~/app/http/viewer.server";
import { auditMeta } from "~/app/http/admin-answer.server";
import { readPropertyAction } from "~/app/routes/settings/property-action-form";
import { listingScope, noListingScopeReason } from "~/modules/listings/permissions";
import {
  LANDLORDS_AND_ADMINS_ONLY,
  pageCountFor,
  parsePropertiesParams,
  propertiesHref,
  SUBSCRIPTION_REQUIRED,
  type PropertyActionResult,
} from "~/modules/listings/properties";
import { propertiesFor, runPropertyAction, type PropertyActionOutcome } from "~/modules/listings/properties.server";

const PATH = "/settings/properties";
const FAILED = "Something went wrong. Please try again.";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta(
    {
      title: loaderData?.access === "granted" ? loaderData.title : "Properties",
      description: "Manage the rooms you list on Laneway Rooms.",
      path: PATH,
      noIndex: true,
    },
    rootMetaData(matches),
  );
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  const scope = listingScope(viewer);
  if (scope === "none") {
    const reason = noListingScopeReason(viewer);
    return data({ access: "denied" as const, reason }, { status: statusFor(LISTING_REFUSAL_CODE[reason]) });
  }

  const url = new URL(request.url);
  const query = parsePropertiesParams(url.searchParams);
  // One URL per view: empty fields (the form sent without JavaScript) and defaults are dropped.
  const search = new URLSearchParams(url.search);
  search.delete("_routes"); // React Router's own parameter on data requests
  const canonical = propertiesHref(PATH, query);
  if (canonical !== (search.size > 0 ? `${PATH}?${search.toString()}` : PATH)) throw redirect(canonical);

  const { rows, total } = await propertiesFor(database(context), viewer, query);
  const pageCount = pageCountFor(total, query.pageSize);
  if (query.page > pageCount) throw redirect(propertiesHref(PATH, { ...query, page: pageCount }));
  return {
    access: "granted" as const,
    title: scope === "all" ? "All Properties" : "Your Properties",
    scope,
    query,
    rows,
    total,
  };
}

/**
 * The cards' actions (`intent` status|delete, `listingId`, `status` let|available). A fetcher gets
 * `{ ok, message }` or `{ ok: false, error }` with 400/403/404; a plain form post is sent back to the
 * page with the same message as a notice.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  const action = readPropertyAction(await request.formData());
  let answer: { status: number; result: PropertyActionResult };
  if (!action) answer = { status: 400, result: { ok: false, error: "Invalid request." } };
  else {
    try {
      answer = answerFor(await runPropertyAction(database(context), viewer, action, auditMeta(context)));
    } catch (error) {
      logger.error({ err: error, userId: viewer.id }, "property action failed");
      answer = { status: 500, result: { ok: false, error: FAILED } };
    }
  }
  const { status, result } = answer;
  if (wantsDocument(request)) {
    const url = new URL(request.url);
    return redirectWithNotice(
      `${url.pathname}${url.search}`,
      result.ok
        ? { title: "Success", description: result.message, tone: "success" }
        : { title: "Error", description: result.error, tone: "error" },
    );
  }
  return data<PropertyActionResult>(result, { status });
}

function answerFor(outcome: PropertyActionOutcome): { status: number; result: PropertyActionResult } {
  if (outcome.ok) return { status: 200, result: outcome };
  return {
    status: statusFor(LISTING_REFUSAL_CODE[outcome.reason]),
    result: { ok: false, error: REFUSAL_TEXT[outcome.reason] },
  };
}

const REFUSAL_TEXT = {
  "subscription-required": SUBSCRIPTION_REQUIRED,
  "not-allowed": LANDLORDS_AND_ADMINS_ONLY,
  "not-found": "Listing not found",
} as const;

function AccessDenied({ reason }: { reason: "subscription-required" | "not-allowed" }) {
  return (
    <section aria-labelledby="properties-heading" className="space-y-6">
      <h1 id="properties-heading" className="font-display text-3xl font-bold text-slate-900">
        Properties
      </h1>
      <div className="flex max-w-xl flex-col items-start gap-3 rounded-2xl border bg-card p-6 shadow-sm">
        <Icon name="lock" className="size-6 text-muted-foreground" />
        <p className="font-medium text-slate-900">
          {reason === "subscription-required" ? SUBSCRIPTION_REQUIRED : LANDLORDS_AND_ADMINS_ONLY}
        </p>
        {reason === "subscription-required" && <SubscriptionExplanation className="w-full" />}
        {reason === "subscription-required" && (
          <Link
            to="/settings/billing"
            className="rounded-full bg-primary px-5 py-2.5 text-sm font-semibold text-primary-foreground hover:bg-primary-hover"
          >
            Go to Billing
          </Link>
        )}
      </div>
    </section>
  );
}

export default function Properties({ loaderData }: Route.ComponentProps) {
  if (loaderData.access === "denied") return <AccessDenied reason={loaderData.reason} />;
  const { title, scope, query, rows, total } = loaderData;
  return <PropertiesBrowser title={title} scope={scope} basePath={PATH} rows={rows} total={total} {...query} />;
}
