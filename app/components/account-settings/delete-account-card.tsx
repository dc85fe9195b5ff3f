import { Form, useNavigation } from "react-router";
import { Button } from "~/app/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/app/components/ui/card";
import { FormField } from "~/app/components/ui/form-field";
import { Input } from "~/app/components/ui/input";
import { DELETE_CONFIRMATION } from "~/modules/account-data/account-data";

export interface DeletionActionData {
  intent: "delete-account" | "send-deletion-code";
  ok: boolean;
  message: string;
}

/**
 * "Delete my account": the password (or, for an account without one, a code e-mailed on request)
 * and the typed confirmation. A full form post: on success the server signs the person out and
 * sends them home.
 */
export function DeleteAccountCard({
  hasPassword,
  actionData,
}: {
  hasPassword: boolean;
  actionData: DeletionActionData | undefined;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "delete-account";
  const refusal = actionData?.intent === "delete-account" && !actionData.ok ? actionData.message : undefined;
  const codeNote = actionData?.intent === "send-deletion-code" ? actionData : undefined;
  return (
    <Card className="max-w-xl border-destructive/40">
      <CardHeader>
        <CardTitle as="h2">Delete my account</CardTitle>
        <CardDescription>
          This cancels any subscription, removes your listings and their photos, favourites, saved searches, API keys
          and profile, and signs you out. The people you talked with keep their copy of your conversations, with you
          shown as &ldquo;Former member&rdquo;. It cannot be undone: download your data first if you want a copy.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {!hasPassword && (
          <Form method="post" className="space-y-2">
            <input type="hidden" name="intent" value="send-deletion-code" />
            <p className="text-sm text-slate-600">
              Your account has no password: we&apos;ll e-mail you a code instead.
            </p>
            <Button type="submit" variant="outline">
              E-mail me a code
            </Button>
            {codeNote && (
              <p
                role={codeNote.ok ? "status" : "alert"}
                className={codeNote.ok ? "text-sm" : "text-sm text-destructive"}
              >
                {codeNote.message}
              </p>
            )}
          </Form>
        )}
        <Form method="post" className="space-y-4">
          <input type="hidden" name="intent" value="delete-account" />
          {hasPassword ? (
            <FormField id="delete-password" label="Password to confirm deletion">
              <Input
                id="delete-password"
                name="password"
                type="password"
                autoComplete="current-password"
                required
                aria-invalid={refusal ? true : undefined}
                aria-describedby={refusal ? "delete-account-error" : undefined}
              />
            </FormField>
          ) : (
            <FormField id="delete-code" label="Code from the e-mail">
              <Input
                id="delete-code"
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                required
                aria-invalid={refusal ? true : undefined}
                aria-describedby={refusal ? "delete-account-error" : undefined}
              />
            </FormField>
          )}
          <FormField id="delete-confirmation" label={`Type ${DELETE_CONFIRMATION} to confirm`}>
            <Input
              id="delete-confirmation"
              name="confirmation"
              autoComplete="off"
              required
              pattern={DELETE_CONFIRMATION}
              aria-invalid={refusal ? true : undefined}
              aria-describedby={refusal ? "delete-account-error" : undefined}
            />
          </FormField>
          {refusal && (
            <p id="delete-account-error" role="alert" className="text-sm font-medium text-destructive">
              {refusal}
            </p>
          )}
          <Button type="submit" variant="destructive" disabled={busy}>
            {busy ? "Deleting…" : "Delete my account"}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}
