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
import { DeleteAccountCard, type DeletionActionData } from "~/app/components/account-settings/delete-account-card";
import { DownloadDataCard } from "~/app/components/account-settings/download-data-card";
import { redirectWithNotice } from "~/lib/flash.server";
import { logger } from "~/lib/logger.server";
import {
  ACCOUNT_DATA_MESSAGES,
  DELETION_REFUSAL_CODE,
  parseDeleteAccountForm,
} from "~/modules/account-data/account-data";
import { deleteOwnAccount, requestDeletionCode } from "~/modules/account-data/account-deletion.server";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    {
      title: "Account",
      description: "Your Laneway Rooms password, two-factor authentication and your data.",
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
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "send-deletion-code" || intent === "delete-account") {
    return deletionAction(request, context, viewer, form);
  }
  const parsed = parseAccountForm(form);
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
  const input = parsed.data;
  switch (input.intent) {
    case "change-password":
      return respond(input.intent, await changePassword(account, input));
    case "begin-two-factor":
      return respond(input.intent, await beginTwoFactorSetup(account, input.password));
    case "verify-two-factor":
      return respond(input.intent, await confirmTwoFactorSetup(database(context), account, input.code));
    case "disable-two-factor":
      return respond(input.intent, await disableTwoFactor(account, input.password));
    case "regenerate-backup-codes":
      return respond(input.intent, await regenerateBackupCodes(account, input.password));
    case "set-password":
      return respond(input.intent, await requestPasswordSetup(account));
  }
}

/** "Delete my account": an e-mailed code for accounts without a password, then the deletion itself. */
async function deletionAction(
  request: Request,
  context: Route.ActionArgs["context"],
  viewer: ReturnType<typeof requireViewer>,
  form: FormData,
) {
  const { clientAddress } = requestInfo(context);
  const refuse = (message: string, status: number, intent: DeletionActionData["intent"] = "delete-account") =>
    data<DeletionActionData>({ intent, ok: false, message }, { status });
  if (form.get("intent") === "send-deletion-code") {
    const sent = await requestDeletionCode(database(context), viewer, { site: services(context).site, clientAddress });
    if (!sent.ok) return refuse(sent.message, statusFor(COMMON_REFUSALS[sent.reason]), "send-deletion-code");
    return data<DeletionActionData>({
      intent: "send-deletion-code",
      ok: true,
      message: ACCOUNT_DATA_MESSAGES.codeSent,
    });
  }
  const parsed = parseDeleteAccountForm(form);
  if (!parsed.success) return refuse(parsed.message, 400);
  const { db, payments, storage, privateFiles } = services(context);
  let result;
  try {
    result = await deleteOwnAccount({ db, payments, storage, privateFiles }, viewer, parsed.credential, {
      clientAddress,
    });
  } catch (error) {
    logger.error({ err: error }, "account deletion failed");
    return refuse(ACCOUNT_DATA_MESSAGES.failed, 500);
  }
  if (!result.ok) {
    const message =
      result.message ??
      (result.reason === "provider-failed"
        ? ACCOUNT_DATA_MESSAGES.providerFailed
        : result.reason === "last-admin"
          ? ACCOUNT_DATA_MESSAGES.lastAdmin
          : ACCOUNT_DATA_MESSAGES.failed);
    return refuse(message, statusFor(DELETION_REFUSAL_CODE[result.reason]));
  }
  // The sessions went with the account; this also clears the browser's cookies.
  const signedOut = await authLibrary(context)
    .api.signOut({ headers: authHeaders(request, context), returnHeaders: true })
    .then(
      ({ headers }) => headers.getSetCookie(),
      () => [],
    );
  const response = redirectWithNotice("/", {
    title: "Account deleted",
    description: ACCOUNT_DATA_MESSAGES.deleted,
    tone: "success",
  });
  for (const cookie of signedOut) response.headers.append("Set-Cookie", cookie);
  return response;
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

const isDeletionData = (value: unknown): value is DeletionActionData =>
  typeof value === "object" &&
  value !== null &&
  "intent" in value &&
  (value.intent === "delete-account" || value.intent === "send-deletion-code");

export default function AccountSettings({ loaderData, actionData }: Route.ComponentProps) {
  const deletion = isDeletionData(actionData) ? actionData : undefined;
  const account = deletion ? undefined : (actionData as AccountActionData | undefined);
  return (
    <section aria-labelledby="account-heading" className="space-y-6">
      <div>
        <h1 id="account-heading" className="font-display text-3xl font-bold text-slate-900">
          Account
        </h1>
        <p className="mt-1 text-slate-600">
          Manage your password, how you sign in, your identity verification and your data.
        </p>
      </div>
      {loaderData.hasPassword ? <ChangePasswordCard actionData={account} /> : <SetPasswordCard actionData={account} />}
      <TwoFactorCard enabled={loaderData.twoFactorEnabled} hasPassword={loaderData.hasPassword} actionData={account} />
      <IdentityCard {...loaderData.identity} />
      <DownloadDataCard />
      <DeleteAccountCard hasPassword={loaderData.hasPassword} actionData={deletion} />
    </section>
  );
}
