import { Suspense, useState, type ReactNode } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/auth";
import { Icon } from "~/app/components/ui/icon";
import { Button } from "~/app/components/ui/button";
import { FormField } from "~/app/components/ui/form-field";
import { Input } from "~/app/components/ui/input";
import { lazyWhenIdle } from "~/app/components/ui/deferred";
import { pageMeta, rootMetaData } from "~/app/seo/meta";
import { database, requestInfo, services } from "~/lib/request-context";
import { authLibrary } from "~/app/http/auth-context";
import { oauthProvider } from "~/modules/auth/auth-config.server";
import {
  EMAIL_CONFIRMED,
  PASSWORD_UPDATED,
  requestMagicLink,
  requestPasswordReset,
  requestSignInCode,
  signInWithCode,
  signInWithPassword,
  signUp,
  startOAuth,
  updatePassword,
  verifyTwoFactor,
  type AuthOutcome,
  type AuthRequest,
} from "~/modules/auth/auth-flows.server";
import { authPath, parseAuthView, safeReturnTo, type AuthView } from "~/modules/auth/return-to";
import { statusFor } from "~/lib/http/refusal-status";
import { COMMON_REFUSALS } from "~/lib/refusal-code";
import { authHeaders, getViewer } from "~/app/http/viewer.server";

// The phone field (with the phone-number library and the country picker) is only on the sign-up
// view: the sign-in view, where most visits start, does not download it.
const PhoneInput = lazyWhenIdle(() => import("~/app/components/phone-input").then((module) => module.PhoneInput));

const HEADINGS: Record<AuthView, string> = {
  sign_in: "Sign in to your account",
  sign_up: "Register your account",
  forgotten_password: "Reset your password",
  magic_link: "Sign in with a magic link",
  update_password: "Set a new password",
  verify_otp: "Sign in with a one-time code",
  two_factor: "Two-factor authentication",
};

export function meta({ matches, location }: Route.MetaArgs) {
  const view = parseAuthView(new URLSearchParams(location.search).get("view"));
  return pageMeta(
    {
      title: view === "sign_up" ? "Register" : "Sign in",
      description: "Sign in to Laneway Rooms or create an account to save listings and manage your properties.",
      path: "/auth",
      noIndex: true,
    },
    rootMetaData(matches),
  );
}

export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const returnTo = safeReturnTo(url.searchParams.get("returnTo"));
  // A signed-in visitor has nothing to do here (a reset link still works: it signs nobody in).
  const view = parseAuthView(url.searchParams.get("view"));
  if (getViewer(context) && view !== "update_password") throw redirect(returnTo);
  const provider = oauthProvider(services(context).config);
  return {
    view,
    returnTo,
    token: url.searchParams.get("token") ?? "",
    provider: provider && { name: provider.name },
    notice:
      url.searchParams.get("updated") === "1"
        ? PASSWORD_UPDATED
        : url.searchParams.get("confirmed") === "1"
          ? EMAIL_CONFIRMED
          : null,
    oauthFailed: url.searchParams.get("error") !== null,
  };
}

type ActionData =
  | { kind: "two-factor" }
  | { kind: "code-sent"; email: string; message: string }
  | { kind: "confirmation"; message: string }
  | {
      kind: "error";
      message: string;
      fields?: Record<string, string>;
      /** Keeps the visitor on the step they were on: the two-factor code, or the e-mailed code. */
      step?: "two-factor" | "code";
      email?: string;
      alternative?: "email-code";
    };

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const returnTo = safeReturnTo(String(form.get("returnTo") ?? ""));
  const authRequest: AuthRequest = {
    auth: authLibrary(context),
    form,
    headers: authHeaders(request, context),
    clientAddress: requestInfo(context).clientAddress,
    services: services(context),
  };
  const db = database(context);
  const steps: Record<string, () => Promise<AuthOutcome>> = {
    sign_in: () => signInWithPassword(db, authRequest, returnTo),
    two_factor: () => verifyTwoFactor(db, authRequest, returnTo),
    sign_up: () => signUp(db, authRequest),
    magic_link: () => requestMagicLink(db, authRequest),
    forgotten_password: () => requestPasswordReset(db, authRequest),
    send_code: () => requestSignInCode(db, authRequest),
    verify_code: () => signInWithCode(authRequest, returnTo),
    update_password: () => updatePassword(authRequest),
    oauth: () => startOAuth(authRequest, returnTo),
  };
  const intent = String(form.get("intent"));
  const step = steps[intent];
  if (!step) return data<ActionData>({ kind: "error", message: "Unknown request" }, { status: 400 });
  const stay =
    intent === "two_factor"
      ? { step: "two-factor" as const }
      : intent === "verify_code"
        ? { step: "code" as const, email: String(form.get("email") ?? "") }
        : {};
  return respond(await step(), stay);
}

function respond(outcome: AuthOutcome, stay: Pick<Extract<ActionData, { kind: "error" }>, "step" | "email">) {
  switch (outcome.kind) {
    case "signed-in":
    case "redirect":
      return redirect(outcome.to, { headers: outcome.headers });
    case "two-factor":
      return data<ActionData>({ kind: "two-factor" }, { headers: outcome.headers });
    case "code-sent":
    case "confirmation":
      return data<ActionData>(outcome);
    case "error":
      return data<ActionData>(
        { kind: "error", message: outcome.message, fields: outcome.fields, alternative: outcome.alternative, ...stay },
        { status: statusFor(COMMON_REFUSALS[outcome.reason]) },
      );
  }
}

export default function AuthScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { view, returnTo, provider } = loaderData;
  const error = actionData?.kind === "error" ? actionData : null;
  const showTwoFactor = view === "two_factor" || actionData?.kind === "two-factor" || error?.step === "two-factor";
  const success =
    actionData?.kind === "confirmation" || actionData?.kind === "code-sent" ? actionData.message : loaderData.notice;
  const codeSentTo =
    actionData?.kind === "code-sent" ? actionData.email : error?.step === "code" ? (error.email ?? null) : null;

  return (
    <section className="relative isolate flex min-h-dvh items-center justify-center bg-secondary px-4 pt-28 pb-16">
      <div
        aria-hidden
        className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top_right,rgba(194,65,12,0.35),transparent_55%),linear-gradient(160deg,#0f172a_0%,#1e293b_60%,#334155_100%)]"
      />
      <div className="w-full max-w-md rounded-2xl bg-white p-6 shadow-2xl sm:p-8">
        <h1 className="font-display text-2xl font-bold text-slate-900">
          {showTwoFactor ? "Two-factor authentication" : HEADINGS[view]}
        </h1>
        {error && (
          <div role="alert" className="mt-4 rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800">
            {error.message}
            {error.alternative === "email-code" && (
              <Link
                to={authPath("verify_otp", returnTo)}
                className="mt-2 block font-semibold underline underline-offset-4"
              >
                Sign in with a one-time code
              </Link>
            )}
          </div>
        )}
        {loaderData.oauthFailed && !error && (
          <div role="alert" className="mt-4 rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800">
            Social sign-in did not complete. Please try again.
          </div>
        )}
        {success && (
          <div
            role="status"
            className="mt-4 rounded-md border border-emerald-300 bg-emerald-50 px-4 py-3 text-sm text-emerald-900"
          >
            {success}
          </div>
        )}

        <div className="mt-6">
          {showTwoFactor ? (
            <TwoFactorForm returnTo={returnTo} />
          ) : view === "sign_in" ? (
            <SignInForm returnTo={returnTo} fields={error?.fields} />
          ) : view === "sign_up" ? (
            <SignUpForm returnTo={returnTo} fields={error?.fields} />
          ) : view === "forgotten_password" ? (
            <EmailOnlyForm intent="forgotten_password" submitLabel="Send reset password instructions" />
          ) : view === "magic_link" ? (
            <EmailOnlyForm intent="magic_link" submitLabel="Send magic link" />
          ) : view === "verify_otp" ? (
            <CodeForm returnTo={returnTo} sentTo={codeSentTo} />
          ) : (
            <UpdatePasswordForm token={loaderData.token} />
          )}
        </div>

        {!showTwoFactor && provider && (view === "sign_in" || view === "sign_up") && (
          <Form method="post" reloadDocument className="mt-4">
            <input type="hidden" name="intent" value="oauth" />
            <input type="hidden" name="returnTo" value={returnTo} />
            <div className="my-4 flex items-center gap-3 text-xs text-slate-500">
              <span className="h-px flex-1 bg-slate-200" /> or <span className="h-px flex-1 bg-slate-200" />
            </div>
            <Button type="submit" variant="outline" className="w-full">
              Continue with {provider.name}
            </Button>
          </Form>
        )}

        {!showTwoFactor && <ViewLinks view={view} returnTo={returnTo} />}
      </div>
    </section>
  );
}

function ViewLinks({ view, returnTo }: { view: AuthView; returnTo: string }) {
  const links: { view: AuthView; label: string }[] = [
    { view: "forgotten_password", label: "Forgot your password?" },
    { view: "magic_link", label: "Send a magic link e-mail" },
    { view: "verify_otp", label: "Sign in with a one-time code" },
    { view: "sign_up", label: "Don't have an account? Sign up" },
    { view: "sign_in", label: "Already have an account? Sign in" },
  ];
  return (
    <ul className="mt-6 space-y-2 text-center text-sm">
      {links
        .filter((link) => link.view !== view && !(view === "sign_up" && link.view !== "sign_in"))
        .map((link) => (
          <li key={link.view}>
            <Link to={authPath(link.view, returnTo)} className="text-primary underline-offset-4 hover:underline">
              {link.label}
            </Link>
          </li>
        ))}
    </ul>
  );
}

function SubmitButton({ children }: { children: ReactNode }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <Button type="submit" className="w-full" disabled={busy}>
      {busy && <Icon name="loader-circle" className="size-4 animate-spin" />}
      {children}
    </Button>
  );
}

function EmailField({ fields, defaultValue }: { fields?: Record<string, string>; defaultValue?: string }) {
  return (
    <FormField id="email" label="Email address" error={fields?.email}>
      <Input
        id="email"
        name="email"
        type="email"
        autoComplete="email"
        placeholder="Your email address"
        defaultValue={defaultValue}
        aria-invalid={fields?.email ? true : undefined}
        aria-describedby={fields?.email ? "email-error" : undefined}
      />
    </FormField>
  );
}

function SignInForm({ returnTo, fields }: { returnTo: string; fields?: Record<string, string> }) {
  return (
    <Form method="post" className="space-y-4">
      <input type="hidden" name="intent" value="sign_in" />
      <input type="hidden" name="returnTo" value={returnTo} />
      <EmailField fields={fields} />
      <FormField id="password" label="Password">
        <Input
          id="password"
          name="password"
          type="password"
          autoComplete="current-password"
          placeholder="Your password"
        />
      </FormField>
      <SubmitButton>Sign in</SubmitButton>
    </Form>
  );
}

function SignUpForm({ returnTo, fields }: { returnTo: string; fields?: Record<string, string> }) {
  const invalid = (name: string) =>
    fields?.[name] ? { "aria-invalid": true, "aria-describedby": `${name}-error` } : {};
  return (
    <Form method="post" className="space-y-4">
      <input type="hidden" name="intent" value="sign_up" />
      <input type="hidden" name="returnTo" value={returnTo} />
      <EmailField fields={fields} />
      <FormField id="password" label="Password" error={fields?.password}>
        <Input
          id="password"
          name="password"
          type="password"
          autoComplete="new-password"
          placeholder="Your password"
          {...invalid("password")}
        />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="firstName" label="First Name" error={fields?.firstName}>
          <Input id="firstName" name="firstName" autoComplete="given-name" required {...invalid("firstName")} />
        </FormField>
        <FormField id="lastName" label="Last Name" error={fields?.lastName}>
          <Input id="lastName" name="lastName" autoComplete="family-name" required {...invalid("lastName")} />
        </FormField>
      </div>
      <FormField id="phone" label="Phone Number" error={fields?.phone}>
        <Suspense>
          <PhoneInput
            id="phone"
            name="phone"
            required
            invalid={Boolean(fields?.phone)}
            describedBy={fields?.phone ? "phone-error" : undefined}
          />
        </Suspense>
      </FormField>
      <SubmitButton>Sign up</SubmitButton>
    </Form>
  );
}

function EmailOnlyForm({ intent, submitLabel }: { intent: string; submitLabel: string }) {
  return (
    <Form method="post" className="space-y-4">
      <input type="hidden" name="intent" value={intent} />
      <EmailField />
      <SubmitButton>{submitLabel}</SubmitButton>
    </Form>
  );
}

function CodeForm({ returnTo, sentTo }: { returnTo: string; sentTo: string | null }) {
  if (!sentTo) {
    return (
      <Form method="post" className="space-y-4">
        <input type="hidden" name="intent" value="send_code" />
        <EmailField />
        <SubmitButton>Send code</SubmitButton>
      </Form>
    );
  }
  return (
    <Form method="post" className="space-y-4">
      <input type="hidden" name="intent" value="verify_code" />
      <input type="hidden" name="returnTo" value={returnTo} />
      <input type="hidden" name="email" value={sentTo} />
      <FormField id="code" label="Sign-in code">
        <Input
          id="code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder="6-digit code"
          required
        />
      </FormField>
      <SubmitButton>Verify code</SubmitButton>
    </Form>
  );
}

function TwoFactorForm({ returnTo }: { returnTo: string }) {
  const [backup, setBackup] = useState(false);
  return (
    <Form method="post" className="space-y-4">
      <input type="hidden" name="intent" value="two_factor" />
      <input type="hidden" name="returnTo" value={returnTo} />
      <input type="hidden" name="method" value={backup ? "backup" : "totp"} />
      <p className="text-sm text-slate-600">
        {backup ? "Enter one of your backup codes." : "Enter the 6-digit code from your authenticator app."}
      </p>
      <FormField id="code" label={backup ? "Backup code" : "Verification code"}>
        <Input
          id="code"
          name="code"
          key={backup ? "backup" : "totp"}
          inputMode={backup ? "text" : "numeric"}
          autoComplete="one-time-code"
          maxLength={backup ? 32 : 6}
          required
        />
      </FormField>
      <SubmitButton>Verify</SubmitButton>
      <button
        type="button"
        className="w-full text-center text-sm text-primary underline-offset-4 hover:underline"
        onClick={() => setBackup((value) => !value)}
      >
        {backup ? "Use your authenticator app instead" : "Use a backup code instead"}
      </button>
    </Form>
  );
}

function UpdatePasswordForm({ token }: { token: string }) {
  if (!token) {
    return (
      <p className="text-sm text-slate-700">
        Open the link in your password reset e-mail to set a new password, or{" "}
        <Link to="/auth?view=forgotten_password" className="text-primary underline">
          request a new one
        </Link>
        .
      </p>
    );
  }
  return (
    <Form method="post" className="space-y-4">
      <input type="hidden" name="intent" value="update_password" />
      <input type="hidden" name="token" value={token} />
      <FormField id="password" label="New password">
        <Input id="password" name="password" type="password" autoComplete="new-password" minLength={6} required />
      </FormField>
      <FormField id="confirmPassword" label="Confirm new password">
        <Input id="confirmPassword" name="confirmPassword" type="password" autoComplete="new-password" required />
      </FormField>
      <SubmitButton>Update password</SubmitButton>
    </Form>
  );
}
