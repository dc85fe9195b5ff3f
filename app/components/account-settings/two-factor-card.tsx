import { useEffect, useRef, useState } from "react";
import type { FetcherWithComponents } from "react-router";
import { Icon } from "~/app/components/ui/icon";
import { toast } from "~/app/components/ui/toast";
import { useHydrated } from "~/app/components/ui/use-hydrated";
import { useAccountFetcher, useAfterNewResult, useOnNewResult } from "./account-results";
import { BackupCodesPanel } from "./backup-codes-panel";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "~/app/components/ui/alert-dialog";
import { Button } from "~/app/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/app/components/ui/card";
import { Input } from "~/app/components/ui/input";
import { Label } from "~/app/components/ui/label";
import {
  ACCOUNT_MESSAGES,
  PASSWORD_MAX_LENGTH,
  TOTP_CODE_LENGTH,
  type AccountActionData,
  type AccountActionResult,
  type BackupCodes,
  type TwoFactorSetup,
} from "~/modules/auth/account-settings";

const ACTION = "/settings/account";

export function TwoFactorCard({
  enabled,
  hasPassword,
  actionData,
}: {
  enabled: boolean;
  /** Turning two-factor on asks for the password, so an account without one sets that first. */
  hasPassword: boolean;
  actionData: AccountActionData | undefined;
}) {
  const begin = useAccountFetcher("begin-two-factor", actionData);
  const verify = useAccountFetcher("verify-two-factor", actionData);
  const disable = useAccountFetcher("disable-two-factor", actionData);
  const regenerate = useAccountFetcher("regenerate-backup-codes", actionData);
  // The secret and the backup codes live only in this page's memory: a reload shows neither again.
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<BackupCodes | null>(null);

  useOnNewResult(begin.result, (result) => {
    if (result.ok) setSetup(result);
  });
  useOnNewResult(verify.result, (result) => {
    if (!result.ok) return;
    setSetup(null);
    setCodes(result);
  });
  useOnNewResult(regenerate.result, (result) => {
    if (result.ok) setCodes(result);
  });
  useOnNewResult(disable.result, (result) => {
    if (result.ok) setCodes(null);
  });

  useAfterNewResult(begin.result, (result) => {
    if (!result.ok) toast.error("Error", { description: result.message });
  });
  useAfterNewResult(verify.result, (result) => {
    if (result.ok) toast.success("Success", { description: ACCOUNT_MESSAGES.twoFactorEnabled });
    else toast.error("Error", { description: result.message || ACCOUNT_MESSAGES.verifyFailed });
  });
  useAfterNewResult(regenerate.result, (result) => {
    if (result.ok) toast.success("Success", { description: ACCOUNT_MESSAGES.backupCodesCreated });
  });
  useAfterNewResult(disable.result, (result) => {
    if (result.ok) toast.success("Success", { description: ACCOUNT_MESSAGES.twoFactorDisabled });
  });

  return (
    <Card className="max-w-xl">
      <CardHeader>
        <CardTitle as="h2">Two-Factor Authentication</CardTitle>
        <CardDescription>
          Signing in asks for a code from an authenticator app (such as Google Authenticator, Microsoft Authenticator or
          1Password) as well as your password.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        {!enabled && !hasPassword ? (
          <p className="text-sm text-muted-foreground">Set a password first: turning two-factor on asks for it.</p>
        ) : enabled ? (
          <>
            <p className="flex items-center gap-2 font-medium text-emerald-700">
              <Icon name="shield-check" className="size-5" /> Two-factor authentication is on
            </p>
            {codes && <BackupCodesPanel codes={codes.backupCodes} />}
            <div className="space-y-6 border-t pt-6">
              <div className="space-y-2">
                <h3 className="font-semibold">Backup codes</h3>
                <p className="text-sm text-muted-foreground">
                  A backup code gets you in once if you can&apos;t use your authenticator app. New codes replace the old
                  ones.
                </p>
                <PasswordConfirmation
                  id="regenerate-backup-codes"
                  intent="regenerate-backup-codes"
                  fetcher={regenerate.fetcher}
                  result={regenerate.result}
                  busy={regenerate.busy}
                  trigger="Generate New Backup Codes"
                  title="Generate new backup codes?"
                  description="Your current backup codes will stop working. Enter your password to continue."
                  confirm="Generate Codes"
                />
              </div>
              <div className="space-y-2">
                <h3 className="font-semibold">Turn off two-factor authentication</h3>
                <p className="text-sm text-muted-foreground">Signing in will ask only for your password.</p>
                <PasswordConfirmation
                  id="disable-two-factor"
                  intent="disable-two-factor"
                  fetcher={disable.fetcher}
                  result={disable.result}
                  busy={disable.busy}
                  trigger="Turn Off Two-Factor Authentication"
                  title="Turn off two-factor authentication?"
                  description="Your authenticator app and backup codes will stop working for this account, and signing in will ask only for your password. Enter your password to continue."
                  confirm="Turn Off"
                  destructive
                />
              </div>
            </div>
          </>
        ) : setup ? (
          <SetupStep setup={setup} state={verify} />
        ) : (
          <BeginSetup state={begin} />
        )}
      </CardContent>
    </Card>
  );
}

type FetcherState<I extends Parameters<typeof useAccountFetcher>[0]> = ReturnType<typeof useAccountFetcher<I>>;

function BeginSetup({ state }: { state: FetcherState<"begin-two-factor"> }) {
  const { fetcher, result, busy } = state;
  const hydrated = useHydrated();
  const [password, setPassword] = useState("");
  const error = result && !result.ok && !busy ? result.message : null;
  return (
    <fetcher.Form method="post" action={ACTION} className="space-y-4">
      <input type="hidden" name="intent" value="begin-two-factor" />
      <p className="flex items-center gap-2 text-sm font-medium text-slate-700">
        <Icon name="shield-off" className="size-5" /> Two-factor authentication is off.
      </p>
      <div className="grid gap-2">
        <Label htmlFor="two-factor-password">Your password</Label>
        <Input
          id="two-factor-password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          maxLength={PASSWORD_MAX_LENGTH}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          aria-invalid={Boolean(error) || undefined}
          aria-describedby={error ? "two-factor-password-error" : "two-factor-password-hint"}
          className="max-w-sm"
        />
        {error ? (
          <p id="two-factor-password-error" className="text-sm font-medium text-destructive">
            {error}
          </p>
        ) : (
          <p id="two-factor-password-hint" className="text-sm text-muted-foreground">
            Enter your password to set up an authenticator app.
          </p>
        )}
      </div>
      <Button type="submit" disabled={hydrated && (!password || busy)}>
        {busy ? "Starting..." : "Begin Setup"}
      </Button>
    </fetcher.Form>
  );
}

function SetupStep({ setup, state }: { setup: TwoFactorSetup; state: FetcherState<"verify-two-factor"> }) {
  const { fetcher, result, busy } = state;
  const hydrated = useHydrated();
  const [code, setCode] = useState("");
  const heading = useRef<HTMLHeadingElement>(null);
  const error = result && !result.ok && !busy ? result.message : null;

  // The step replaces the form that was just used: take focus along, or it falls back to the page.
  useEffect(() => {
    heading.current?.focus();
  }, [setup]);

  return (
    <div className="space-y-5">
      <h3 ref={heading} tabIndex={-1} className="font-semibold outline-none">
        Set up your authenticator app
      </h3>
      <figure className="flex flex-col items-center gap-3 rounded-lg border bg-slate-50 p-4 text-center">
        <img
          src={setup.qrCode}
          alt="QR code that adds this account to an authenticator app"
          width={192}
          height={192}
          className="size-48 rounded-md bg-white"
        />
        <figcaption className="text-sm font-medium">Scan this QR code with your authenticator app</figcaption>
      </figure>
      <div className="space-y-2 text-sm">
        <p className="text-muted-foreground">Can&apos;t scan it? Enter this setup key in your app instead:</p>
        <p className="rounded-md border bg-slate-50 px-3 py-2 font-mono text-base tracking-wider select-all">
          {setup.secret.match(/.{1,4}/g)?.join(" ")}
        </p>
        <p>
          <a href={setup.totpUri} className="font-medium text-primary underline-offset-4 hover:underline">
            Open in an authenticator app on this device
          </a>
        </p>
      </div>
      <fetcher.Form method="post" action={ACTION} className="space-y-4">
        <input type="hidden" name="intent" value="verify-two-factor" />
        <div className="grid gap-2">
          <Label htmlFor="two-factor-code">Verification Code</Label>
          <Input
            id="two-factor-code"
            name="code"
            placeholder="Enter 6-digit code"
            maxLength={TOTP_CODE_LENGTH}
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern={`[0-9]{${TOTP_CODE_LENGTH}}`}
            required
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, "").slice(0, TOTP_CODE_LENGTH))}
            aria-invalid={Boolean(error) || undefined}
            aria-describedby={error ? "two-factor-code-error" : "two-factor-code-hint"}
            className="max-w-60 font-mono tracking-widest"
          />
          {error ? (
            <p id="two-factor-code-error" className="text-sm font-medium text-destructive">
              {error}
            </p>
          ) : (
            <p id="two-factor-code-hint" className="text-sm text-muted-foreground">
              The 6-digit code your app now shows for this account.
            </p>
          )}
        </div>
        <Button type="submit" disabled={hydrated && (code.length !== TOTP_CODE_LENGTH || busy)}>
          {busy ? "Verifying..." : "Verify and Enable"}
        </Button>
      </fetcher.Form>
    </div>
  );
}

type PasswordIntent = "disable-two-factor" | "regenerate-backup-codes";

/** A button that opens a confirmation asking for the password; closes once the server agrees. */
function PasswordConfirmation({
  id,
  intent,
  fetcher,
  result,
  busy,
  trigger,
  title,
  description,
  confirm,
  destructive = false,
}: {
  id: string;
  intent: PasswordIntent;
  fetcher: FetcherWithComponents<AccountActionData>;
  result: AccountActionResult<PasswordIntent> | undefined;
  busy: boolean;
  trigger: string;
  title: string;
  description: string;
  confirm: string;
  destructive?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  useOnNewResult(result, (next) => {
    setPassword("");
    if (next.ok) setOpen(false);
    setError(next.ok ? null : next.message);
  });

  function onOpenChange(next: boolean) {
    setOpen(next);
    setPassword("");
    setError(null);
  }

  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogTrigger asChild>
        <Button type="button" variant={destructive ? "destructive" : "outline"}>
          {trigger}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent
        onOpenAutoFocus={(event) => {
          // The password is what is needed next, not Cancel.
          event.preventDefault();
          input.current?.focus();
        }}
      >
        <fetcher.Form method="post" action={ACTION} className="grid gap-4">
          <input type="hidden" name="intent" value={intent} />
          <AlertDialogHeader>
            <AlertDialogTitle>{title}</AlertDialogTitle>
            <AlertDialogDescription>{description}</AlertDialogDescription>
          </AlertDialogHeader>
          <div className="space-y-2">
            <Label htmlFor={`${id}-password`}>Your password</Label>
            <Input
              ref={input}
              id={`${id}-password`}
              name="password"
              type="password"
              autoComplete="current-password"
              required
              maxLength={PASSWORD_MAX_LENGTH}
              value={password}
              onChange={(event) => {
                setPassword(event.target.value);
                setError(null);
              }}
              aria-invalid={Boolean(error) || undefined}
              aria-describedby={error ? `${id}-error` : undefined}
            />
            {/* The page behind a modal is hidden from assistive technology, toasts included. */}
            <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive empty:hidden">
              {error}
            </p>
          </div>
          <AlertDialogFooter>
            <AlertDialogCancel type="button">Cancel</AlertDialogCancel>
            <Button type="submit" variant={destructive ? "destructive" : "default"} disabled={!password || busy}>
              {confirm}
            </Button>
          </AlertDialogFooter>
        </fetcher.Form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
