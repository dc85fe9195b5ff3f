import { toast } from "~/app/components/ui/toast";
import { useAccountFetcher, useAfterNewResult } from "./account-results";
import { Button } from "~/app/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/app/components/ui/card";
import { ACCOUNT_MESSAGES, type AccountActionData } from "~/modules/auth/account-settings";

/**
 * In place of Change Password for an account that has none (it joined through the identity
 * provider): one button e-mails a link to set a password. Works without JavaScript too.
 */
export function SetPasswordCard({ actionData }: { actionData: AccountActionData | undefined }) {
  const { fetcher, result, busy } = useAccountFetcher("set-password", actionData);
  useAfterNewResult(result, (next) => {
    if (next.ok) toast.success("Success", { description: ACCOUNT_MESSAGES.setPasswordSent });
    else toast.error("Error", { description: next.message });
  });

  return (
    <Card className="max-w-xl">
      <CardHeader>
        <CardTitle as="h2">Set a Password</CardTitle>
        <CardDescription>
          Your account has no password yet: you sign in with your identity provider or an e-mailed link. Set a password
          to sign in with your e-mail address and password as well.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <fetcher.Form method="post" action="/settings/account">
          <input type="hidden" name="intent" value="set-password" />
          <Button type="submit" disabled={busy}>
            {busy ? "Sending..." : "E-mail me a link to set a password"}
          </Button>
        </fetcher.Form>
        {result && (
          <p
            role={result.ok ? "status" : "alert"}
            className={result.ok ? "text-sm font-medium text-emerald-700" : "text-sm font-medium text-destructive"}
          >
            {result.ok ? ACCOUNT_MESSAGES.setPasswordSent : result.message}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
