import { data, Form, Link } from "react-router";
import type { Route } from "./+types/unsubscribe";
import { COMMON_REFUSALS } from "~/lib/refusal-code";
import { statusFor } from "~/lib/http/refusal-status";
import { Button } from "~/app/components/ui/button";
import { pageMeta, rootMetaData } from "~/app/seo/meta";
import { database, services } from "~/lib/request-context";
import { readUnsubscribeToken, unsubscribeWithToken } from "~/modules/saved-searches/saved-searches.server";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    { title: "Unsubscribe", description: "Stop saved-search alerts.", path: "/unsubscribe", noIndex: true },
    rootMetaData(matches),
  );
}

const INVALID =
  "This unsubscribe link is not valid: it may be incomplete, or a newer e-mail has replaced it. Sign in to manage your alerts under Saved Searches.";

/** Shows what the link would stop; the token is the only authority (no sign-in needed). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const db = database(context);
  const target = await readUnsubscribeToken(db, services(context).secret, params.token);
  if (!target.ok) return data({ ok: false as const, done: false }, { status: statusFor(COMMON_REFUSALS.invalid) });
  return { ok: true as const, done: false, name: target.value.name, alertsOn: target.value.alertsOn };
}

/** The confirm button and RFC 8058 one-click POSTs ("List-Unsubscribe=One-Click") both land here. */
export async function action({ params, context }: Route.ActionArgs) {
  const db = database(context);
  const result = await unsubscribeWithToken(db, services(context).secret, params.token);
  if (!result.ok) return data({ ok: false as const, done: true }, { status: statusFor(COMMON_REFUSALS.invalid) });
  return { ok: true as const, done: true, name: result.value.name, alertsOn: false };
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData ?? loaderData;
  return (
    <>
      <div className="h-20 bg-secondary" aria-hidden />
      <section aria-labelledby="unsubscribe-heading" className="mx-auto max-w-xl space-y-4 px-4 pt-10 pb-16">
        <h1 id="unsubscribe-heading" className="font-display text-3xl font-bold text-slate-900">
          {state.ok && (state.done || !state.alertsOn) ? "You're unsubscribed" : "Unsubscribe from alerts"}
        </h1>
        {!state.ok ? (
          <p role="alert" className="text-destructive">
            {INVALID}
          </p>
        ) : state.done || !state.alertsOn ? (
          <p role="status" className="text-slate-700">
            You will no longer get e-mails for your saved search "{state.name}". You can turn alerts back on in your
            settings under{" "}
            <Link to="/settings/saved-searches" className="font-medium text-primary underline">
              Saved Searches
            </Link>
            .
          </p>
        ) : (
          <>
            <p className="text-slate-700">Stop e-mail alerts for your saved search "{state.name}"?</p>
            <Form method="post">
              <Button type="submit">Unsubscribe</Button>
            </Form>
          </>
        )}
      </section>
    </>
  );
}
