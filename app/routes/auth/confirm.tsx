import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/confirm";
import { statusFor } from "~/lib/http/refusal-status";
import { COMMON_REFUSALS } from "~/lib/refusal-code";
import { Button } from "~/app/components/ui/button";
import { pageMeta, rootMetaData } from "~/app/seo/meta";
import { requestInfo } from "~/lib/request-context";
import { authLibrary } from "~/app/http/auth-context";
import { confirmEmailedLink } from "~/modules/auth/auth-flows.server";
import { authHeaders } from "~/app/http/viewer.server";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    { title: "Confirm", description: "Confirm your e-mail link.", path: "/auth/confirm", noIndex: true },
    rootMetaData(matches),
  );
}

type LinkType = "email" | "magic_link";

function parse(params: URLSearchParams | FormData): { type: LinkType; token: string } | null {
  const type = params.get("type");
  const token = params.get("token");
  if ((type !== "email" && type !== "magic_link") || typeof token !== "string" || !token) return null;
  return { type, token };
}

/** Opening the link only shows this page; nothing is redeemed until the button is pressed. */
export function loader({ request }: Route.LoaderArgs) {
  const link = parse(new URL(request.url).searchParams);
  return { link };
}

export async function action({ request, context }: Route.ActionArgs) {
  const link = parse(await request.formData());
  if (!link) return data({ error: "This link is incomplete. Open it again from your e-mail." }, { status: 400 });
  const outcome = await confirmEmailedLink(
    authLibrary(context),
    link.type,
    link.token,
    authHeaders(request, context),
    requestInfo(context).clientAddress,
  );
  if (outcome.kind === "signed-in" || outcome.kind === "redirect") {
    return redirect(outcome.to, { headers: outcome.headers });
  }
  // Two-factor is on: the pending-challenge cookie travels with the redirect to the code prompt.
  if (outcome.kind === "two-factor") return redirect("/auth?view=two_factor", { headers: outcome.headers });
  if (outcome.kind === "error") {
    return data({ error: outcome.message }, { status: statusFor(COMMON_REFUSALS[outcome.reason]) });
  }
  return data({ error: "Something went wrong." }, { status: statusFor(COMMON_REFUSALS.invalid) });
}

const COPY: Record<LinkType, { heading: string; text: string; button: string }> = {
  email: {
    heading: "Confirm your e-mail address",
    text: "Press the button to confirm your address. You then sign in with your password.",
    button: "Confirm e-mail address",
  },
  magic_link: {
    heading: "Sign in to Laneway Rooms",
    text: "Press the button to finish signing in with your magic link.",
    button: "Sign in",
  },
};

export default function Confirm({ loaderData, actionData }: Route.ComponentProps) {
  const { link } = loaderData;
  const busy = useNavigation().state === "submitting";
  const copy = link ? COPY[link.type] : null;
  return (
    <section className="relative isolate flex min-h-dvh items-center justify-center bg-secondary px-4 pt-28 pb-16">
      <div
        aria-hidden
        className="absolute inset-0 -z-10 bg-[linear-gradient(160deg,#0f172a_0%,#1e293b_60%,#334155_100%)]"
      />
      <div className="w-full max-w-md rounded-2xl bg-white p-6 shadow-2xl sm:p-8">
        <h1 className="font-display text-2xl font-bold text-slate-900">{copy?.heading ?? "Link not recognised"}</h1>
        {actionData?.error && (
          <div role="alert" className="mt-4 rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800">
            {actionData.error}
          </div>
        )}
        {link && copy ? (
          <Form method="post" className="mt-6 space-y-4">
            <p className="text-sm text-slate-600">{copy.text}</p>
            <input type="hidden" name="type" value={link.type} />
            <input type="hidden" name="token" value={link.token} />
            <Button type="submit" className="w-full" disabled={busy}>
              {copy.button}
            </Button>
          </Form>
        ) : (
          <p className="mt-4 text-sm text-slate-600">This link is incomplete. Open it again from your e-mail.</p>
        )}
        <p className="mt-6 text-center text-sm">
          <Link to="/auth?view=sign_in" className="text-primary underline-offset-4 hover:underline">
            Back to sign in
          </Link>
        </p>
      </div>
    </section>
  );
}
