import { useState, type FormEvent } from "react";
import { toast } from "~/app/components/ui/toast";
import { useHydrated } from "~/app/components/ui/use-hydrated";
import { useAccountFetcher, useAfterNewResult, useOnNewResult } from "./account-results";
import { Button } from "~/app/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/app/components/ui/card";
import { Input } from "~/app/components/ui/input";
import { Label } from "~/app/components/ui/label";
import {
  ACCOUNT_MESSAGES,
  newPasswordProblem,
  PASSWORD_MAX_LENGTH,
  type AccountActionData,
} from "~/modules/auth/account-settings";

const EMPTY = { currentPassword: "", newPassword: "", confirmPassword: "" };
type Field = keyof typeof EMPTY;

const NEW_PASSWORD_MESSAGES: string[] = [
  ACCOUNT_MESSAGES.passwordMismatch,
  ACCOUNT_MESSAGES.passwordTooShort,
  ACCOUNT_MESSAGES.passwordTooLong,
];

/** Which field a message is about (if any), so it can be marked invalid and described. */
function fieldFor(message: string): Field | null {
  if (message === ACCOUNT_MESSAGES.currentPasswordIncorrect || message === ACCOUNT_MESSAGES.passwordRequired) {
    return "currentPassword";
  }
  return NEW_PASSWORD_MESSAGES.includes(message) ? "newPassword" : null;
}

export function ChangePasswordCard({ actionData }: { actionData: AccountActionData | undefined }) {
  const { fetcher, result, busy } = useAccountFetcher("change-password", actionData);
  const hydrated = useHydrated();
  const [values, setValues] = useState(EMPTY);
  const [error, setError] = useState<{ field: Field | null; message: string } | null>(null);

  useOnNewResult(result, (next) => {
    setError(next.ok ? null : { field: fieldFor(next.message), message: next.message });
    if (next.ok) setValues(EMPTY);
  });
  useAfterNewResult(result, (next) => {
    if (next.ok) toast.success("Success", { description: ACCOUNT_MESSAGES.passwordChanged });
    else toast.error("Error", { description: next.message });
  });

  const filled = Object.values(values).every((value) => value.length > 0);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    // The server checks again; this only saves a round trip.
    const problem = newPasswordProblem(values.newPassword, values.confirmPassword);
    if (!problem) return;
    event.preventDefault();
    setError({ field: "newPassword", message: problem });
    toast.error("Error", { description: problem });
  }

  const onChange = (field: Field) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    if (error) setError(null);
  };
  const invalid = (field: Field) =>
    error?.field === field || (field === "confirmPassword" && error?.field === "newPassword");
  const described = (field: Field) => (invalid(field) ? "change-password-error" : undefined);

  return (
    <Card className="max-w-xl">
      <CardHeader>
        <CardTitle as="h2">Change Password</CardTitle>
        <CardDescription>
          Changing your password signs you out everywhere else; this device stays signed in.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <fetcher.Form method="post" action="/settings/account" onSubmit={onSubmit} className="space-y-4">
          <input type="hidden" name="intent" value="change-password" />
          {(
            [
              ["currentPassword", "Current Password", "current-password"],
              ["newPassword", "New Password", "new-password"],
              ["confirmPassword", "Confirm New Password", "new-password"],
            ] as const
          ).map(([field, label, autoComplete]) => (
            <div key={field} className="space-y-2">
              <Label htmlFor={`change-password-${field}`}>{label}</Label>
              <Input
                id={`change-password-${field}`}
                name={field}
                type="password"
                autoComplete={autoComplete}
                required
                maxLength={PASSWORD_MAX_LENGTH}
                value={values[field]}
                onChange={onChange(field)}
                aria-invalid={invalid(field) || undefined}
                aria-describedby={described(field)}
              />
            </div>
          ))}
          {error && (
            <p id="change-password-error" className="text-sm font-medium text-destructive">
              {error.message}
            </p>
          )}
          {!hydrated && result?.ok && (
            <p role="status" className="text-sm font-medium text-emerald-700">
              {ACCOUNT_MESSAGES.passwordChanged}
            </p>
          )}
          {/* Before hydration the browser's `required` checks stand in for the disabled state. */}
          <Button type="submit" disabled={hydrated && (!filled || busy)}>
            {busy ? "Changing Password..." : "Change Password"}
          </Button>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}
