import { useEffect } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/app/components/ui/button";
import { FormField } from "~/app/components/ui/form-field";
import { Input } from "~/app/components/ui/input";
import { toast } from "~/app/components/ui/toast";
import type { AdminActionResult } from "~/app/http/admin-answer.server";
import { PRIORITY_ANSWER_DAYS, type SupportSettings } from "~/modules/support/support-settings";

/** Site Settings' "Priority support" section: the first answer active landlords are promised. */
export function SupportSettingsForm({ settings, canEdit }: { settings: SupportSettings; canEdit: boolean }) {
  const fetcher = useFetcher<AdminActionResult>();
  const result = fetcher.data;
  useEffect(() => {
    if (!result) return;
    if (result.ok) toast.success("Success", { description: result.message });
    else toast.error("Error", { description: result.error });
  }, [result]);
  const error = result && !result.ok ? result.error : undefined;
  return (
    <section aria-labelledby="support-settings-heading" className="space-y-4">
      <h2 id="support-settings-heading" className="text-xl font-semibold text-slate-900">
        Priority support
      </h2>
      <p className="text-sm text-slate-600">
        Requests from landlords with an active plan are answered first. Their first answer is promised within this many
        business days (Monday to Friday, Melbourne time); the promise is fixed when a request is sent.
        {!canEdit && " Only administrators can change it."}
      </p>
      <fetcher.Form method="post" className="flex max-w-md flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="support" />
        <FormField id="support-days" label="First answer within (business days)" error={error} className="flex-1">
          <Input
            id="support-days"
            name="priorityAnswerDays"
            type="number"
            inputMode="numeric"
            min={PRIORITY_ANSWER_DAYS.min}
            max={PRIORITY_ANSWER_DAYS.max}
            defaultValue={settings.priorityAnswerDays}
            readOnly={!canEdit}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "support-days-error" : undefined}
          />
        </FormField>
        {canEdit && (
          <Button type="submit" disabled={fetcher.state !== "idle"}>
            Save
          </Button>
        )}
      </fetcher.Form>
    </section>
  );
}
