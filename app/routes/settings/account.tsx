import { data } from "react-router";
import type { Route } from "./+types/account";
import { ChangePasswordCard } from "~/app/components/account-settings/change-password-card";
import { IdentityCard } from "~/app/components/account-settings/identity-card";
import { identityStateText } from "~/app/content/identity";
import { identityOverview } from "~/modules/identity/verification.server";
import { SetPasswordCard } from "~/app/components/account-settings/set-password-card";
import { TwoFactorCard } from "~/app/components/account-settings/two-factor-card";
import { pageMeta, rootMetaData } from "~/app/seo/meta";
import { database, requestInfo, services } from "~/lib/request-context";
import { authLibrary } from "~/app/http/auth-context";
import { statusFor } from "~/lib/http/refusal-status";
import { COMMON_REFUSALS } from "~/lib/refusal-code";
import {
  parseAccountForm,
  type AccountActionData,
  type AccountActionResult,
  type AccountIntent,
} from "~/modules/auth/account-settings";
import {
  beginTwoFactorSetup,
  changePassword,
  confirmTwoFactorSetup,
  disableTwoFactor,
  hasPassword,
  regenerateBackupCodes,
  requestPasswordSetup,
  type AccountOutcome,
  type AccountRequest,
} from "~/modules/auth/account-settings.server";
import { authHeaders, requireViewer } from "~/app/http/viewer.server";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    {
      title: "Account",
      description: "Your Laneway Rooms password and two-factor authentication.",
      path: "/settings/account",
      noIndex: true,
    },
    rootMetaData(matches),
  );
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  const [password, identity] = await Promise.all([
    hasPassword(database(context), viewer.id),
    identityOverview(services(context), viewer),
  ]);
  const kind = identity.state.kind;
  return {
    twoFactorEnabled: viewer.twoFactorEnabled,
    hasPassword: password,
    identity: {
      ...identityStateText(identity.state),
      hasName: identity.hasName,
      action:
        kind === "verified"
          ? null
          : kind === "not-verified"
            ? "Verify my identity"
            : kind === "pending"
              ? "Continue or start again"
              : kind === "failed"
                ? "Try again"
                : "Verify again",
    },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  const parsed = parseAccountForm(await request.formData());
  if (!parsed.success) {
    return data<AccountActionData>({ intent: parsed.intent, ok: false, message: parsed.message }, { status: 400 });
  }
  const account: AccountRequest = {
    auth: authLibrary(context),
    viewer,
    headers: authHeaders(request, context),
    clientAddress: requestInfo(context).clientAddress,
    services: services(context),
  };
  const form = parsed.data;
  switch (form.intent) {
    case "change-password":
      return respond(form.intent, await changePassword(account, form));
    case "begin-two-factor":
      return respond(form.intent, await beginTwoFactorSetup(account, form.password));
    case "verify-two-factor":
      return respond(form.intent, await confirmTwoFactorSetup(database(context), account, form.code));
    case "disable-two-factor":
      return respond(form.intent, await disableTwoFactor(account, form.password));
    case "regenerate-backup-codes":
      return respond(form.intent, await regenerateBackupCodes(account, form.password));
    case "set-password":
      return respond(form.intent, await requestPasswordSetup(account));
  }
}

type SuccessValue<I extends AccountIntent> = Omit<Extract<AccountActionResult<I>, { ok: true }>, "intent" | "ok">;

/** The outcome as the browser sees it; the auth library's new session cookie goes along. */
function respond<I extends AccountIntent>(intent: I, outcome: AccountOutcome<SuccessValue<I>>) {
  if (!outcome.ok) {
    return data({ intent, ok: false, message: outcome.message } as AccountActionData, {
      status: statusFor(COMMON_REFUSALS[outcome.reason]),
    });
  }
  const { setCookies, ok: _ok, ...value } = outcome;
  const headers = new Headers();
  for (const cookie of setCookies) headers.append("Set-Cookie", cookie);
  // TypeScript cannot pair a generic intent with its member of the union; SuccessValue<I> does.
  return data({ intent, ok: true, ...value } as AccountActionData, { headers });
}

export default function AccountSettings({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="account-heading" className="space-y-6">
      <div>
        <h1 id="account-heading" className="font-display text-3xl font-bold text-slate-900">
          Account
        </h1>
        <p className="mt-1 text-slate-600">Manage your password, how you sign in and your identity verification.</p>
      </div>
      {loaderData.hasPassword ? (
        <ChangePasswordCard actionData={actionData} />
      ) : (
        <SetPasswordCard actionData={actionData} />
      )}
      <TwoFactorCard
        enabled={loaderData.twoFactorEnabled}
        hasPassword={loaderData.hasPassword}
        actionData={actionData}
      />
      <IdentityCard {...loaderData.identity} />
    </section>
  );
}
