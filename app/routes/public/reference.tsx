import { data, Form } from "react-router";
import type { Route } from "./+types/reference";
import { REFERENCE_LINK_REFUSALS } from "~/app/content/renter-profile";
import { Button } from "~/app/components/ui/button";
import { getViewer } from "~/app/http/viewer.server";
import { pageMeta, rootMetaData } from "~/app/seo/meta";
import { statusFor } from "~/lib/http/refusal-status";
import { database, services } from "~/lib/request-context";
import { REFERENCE_LINK_REFUSAL_CODE } from "~/modules/renter-profiles/renter-profile-refusal-code";
import { confirmReference, readReferenceLink } from "~/modules/renter-profiles/renter-profiles.server";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    { title: "Confirm a reference", description: "Confirm a renter's reference.", path: "/reference", noIndex: true },
    rootMetaData(matches),
  );
}

/** A single-use link's page: never kept by a browser or cache, so a second visit asks the server again. */
export function headers() {
  return { "Cache-Control": "no-store" };
}

/** Shows whom the link is about; the token is the only authority (no account needed). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const link = await readReferenceLink(database(context), services(context).secret, params.token, {
    viewer: getViewer(context),
  });
  if (!link.ok) {
    return data(
      { ok: false as const, done: false, message: REFERENCE_LINK_REFUSALS[link.reason] },
      { status: statusFor(REFERENCE_LINK_REFUSAL_CODE[link.reason]) },
    );
  }
  return { ok: true as const, done: false, ...link.value };
}

/** The confirm button: confirms once; a second use, or a link replaced or removed since, is refused. */
export async function action({ params, context }: Route.ActionArgs) {
  const link = await confirmReference(database(context), services(context).secret, params.token, {
    viewer: getViewer(context),
  });
  if (!link.ok) {
    return data(
      { ok: false as const, done: true, message: REFERENCE_LINK_REFUSALS[link.reason] },
      { status: statusFor(REFERENCE_LINK_REFUSAL_CODE[link.reason]) },
    );
  }
  return { ok: true as const, done: true, ...link.value };
}

export default function ConfirmReference({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData ?? loaderData;
  return (
    <>
      <div className="h-20 bg-secondary" aria-hidden />
      <section aria-labelledby="reference-heading" className="mx-auto max-w-xl space-y-4 px-4 pt-10 pb-16">
        <h1 id="reference-heading" className="font-display text-3xl font-bold text-slate-900">
          {state.ok && state.done ? "Reference confirmed" : "Confirm a reference"}
        </h1>
        {!state.ok ? (
          <p role="alert" className="text-destructive">
            {state.message}
          </p>
        ) : state.done ? (
          <p role="status" className="text-slate-700">
            Thank you, {state.refereeName}. {state.renterName}'s profile now shows your reference as confirmed.
          </p>
        ) : (
          <>
            <p className="text-slate-700">
              {state.renterName} named you, {state.refereeName}, as a reference: their “{state.relationship}”. Do you
              know them in that way?
            </p>
            <Form method="post">
              <Button type="submit">Confirm the reference</Button>
            </Form>
            <p className="text-sm text-slate-600">
              If you don't know this person, close this page: nothing is confirmed.
            </p>
          </>
        )}
      </section>
    </>
  );
}
