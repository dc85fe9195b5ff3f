import { data, Form, Link } from "react-router";
import type { Route } from "./+types/listing-freshness";
import { COMMON_REFUSALS } from "~/lib/refusal-code";
import { statusFor } from "~/lib/http/refusal-status";
import { Button } from "~/app/components/ui/button";
import { pageMeta, rootMetaData } from "~/app/seo/meta";
import { database, services } from "~/lib/request-context";
import { applyFreshnessToken, readFreshnessToken } from "~/modules/listings/freshness.server";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    {
      title: "Is this room still available?",
      description: "Keep your listing up to date.",
      path: "/listing-freshness",
      noIndex: true,
    },
    rootMetaData(matches),
  );
}

const INVALID =
  "This link is not valid: it may be incomplete, or a newer e-mail has replaced it. Sign in and open Your Properties to update the listing.";

/** Shows what the link will do; the signed token is the only authority (no sign-in needed). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const db = database(context);
  const target = await readFreshnessToken(db, services(context).secret, params.token);
  if (!target.ok) return data({ ok: false as const, done: false }, { status: statusFor(COMMON_REFUSALS.invalid) });
  return { ok: true as const, done: false, ...target.value };
}

/** Confirms or marks let (idempotent: a second click changes nothing more). */
export async function action({ params, context }: Route.ActionArgs) {
  const db = database(context);
  const result = await applyFreshnessToken(db, services(context).secret, params.token);
  if (!result.ok) return data({ ok: false as const, done: true }, { status: statusFor(COMMON_REFUSALS.invalid) });
  return { ok: true as const, done: true, ...result.value };
}

export default function ListingFreshness({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData ?? loaderData;
  const heading = !state.ok
    ? "Is this room still available?"
    : state.done
      ? state.action === "let"
        ? "Marked as let"
        : "Thanks, your listing stays listed"
      : state.action === "let"
        ? "Mark this room as let?"
        : "Is this room still available?";
  return (
    <>
      <div className="h-20 bg-secondary" aria-hidden />
      <section aria-labelledby="freshness-heading" className="mx-auto max-w-xl space-y-4 px-4 pt-10 pb-16">
        <h1 id="freshness-heading" className="font-display text-3xl font-bold text-slate-900">
          {heading}
        </h1>
        {!state.ok ? (
          <p role="alert" className="text-destructive">
            {INVALID}
          </p>
        ) : state.done ? (
          <p role="status" className="text-slate-700">
            {state.action === "let"
              ? `"${state.title}" is marked as let. You can mark it available again on Your Properties.`
              : `"${state.title}" is confirmed as available and shows in search.`}{" "}
            <Link to="/settings/properties" className="font-medium text-primary underline">
              Your Properties
            </Link>
          </p>
        ) : (
          <>
            <p className="text-slate-700">
              {state.action === "let"
                ? `"${state.title}" will be marked as let and shown as no longer available.`
                : state.paused
                  ? `"${state.title}" is paused. Confirm it is still available to show it in search again.`
                  : `Confirm that "${state.title}" is still available, so it stays in search.`}
            </p>
            <Form method="post">
              <Button type="submit">{state.action === "let" ? "Mark as let" : "Yes, it's still available"}</Button>
            </Form>
          </>
        )}
      </section>
    </>
  );
}
