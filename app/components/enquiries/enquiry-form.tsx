import { Suspense } from "react";
import { Form, useNavigation } from "react-router";
import { Icon } from "~/app/components/ui/icon";
import { toast } from "~/app/components/ui/toast";
import { Button } from "~/app/components/ui/button";
import { FormField } from "~/app/components/ui/form-field";
import { Input } from "~/app/components/ui/input";
import { NativeSelect } from "~/app/components/ui/native-select";
import { Textarea } from "~/app/components/ui/textarea";
import { useFormResult } from "~/app/components/ui/use-form-result";
import { useHydrated } from "~/app/components/ui/use-hydrated";
import { lazyWhenIdle } from "~/app/components/ui/deferred";
import type { EnquiryActionResult } from "~/app/components/enquiries/enquiry-panel";
import {
  ENQUIRY_FIELDS,
  LEASE_MONTHS,
  MESSAGE_MAX_LENGTH,
  parseEnquiry,
  todayIso,
} from "~/modules/enquiries/enquiry-input";
import { usualReplyText } from "~/modules/enquiries/enquiry-text";
import type { ScreeningPreviewFacts } from "~/modules/screening/screening-summary";

const ScreeningPreview = lazyWhenIdle(() =>
  import("~/app/components/screening/screening-preview").then((module) => module.ScreeningPreview),
);

const LEASE_OPTIONS = Array.from(
  { length: LEASE_MONTHS.max - LEASE_MONTHS.min + 1 },
  (_, index) => index + LEASE_MONTHS.min,
);

const panel = "mt-4 border-t pt-4";

/**
 * The enquiry form itself, for a signed-in visitor who may enquire. Its own chunk: most first visits
 * are signed out and see only "Sign in to enquire", so they never download the form's code.
 */
export function EnquiryForm({
  listingId,
  usualReplyHours,
  result,
  screeningPreview,
}: {
  listingId: string;
  usualReplyHours: number | null;
  result: EnquiryActionResult | undefined;
  screeningPreview: ScreeningPreviewFacts | null;
}) {
  const action = `/listing/${listingId}`;
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formAction === action;
  const hydrated = useHydrated();
  const { formRef, errors, onSubmit, onEdit } = useFormResult({
    fields: ENQUIRY_FIELDS,
    result,
    errorsOf: (latest) => (latest?.status === "invalid" ? latest.errors : undefined),
    announce(latest) {
      if (latest.status === "refused") toast.error("Error", { description: latest.message });
    },
    check: (values) => parseEnquiry(values),
  });
  const values = result && result.status !== "sent" ? result.values : undefined;
  const field = (name: (typeof ENQUIRY_FIELDS)[number]) => ({
    id: `enquiry-${name}`,
    name,
    defaultValue: values?.[name] ?? "",
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `enquiry-${name}-error` : undefined,
    onChange: () => onEdit(name),
  });

  return (
    <section aria-labelledby="enquire-heading" className={panel}>
      <h2 id="enquire-heading" className="text-lg font-semibold">
        Enquire
      </h2>
      {usualReplyHours !== null && (
        <p className="mt-1 flex items-center gap-1.5 text-sm text-muted-foreground">
          <Icon name="clock" className="size-4" />
          {usualReplyText(usualReplyHours)}
        </p>
      )}
      {result?.status === "refused" && !hydrated && (
        <p role="alert" className="mt-3 rounded-lg border border-destructive/30 bg-red-50 p-3 text-sm text-red-900">
          {result.message}
        </p>
      )}
      <Form
        ref={formRef}
        method="post"
        action={action}
        noValidate={hydrated}
        onSubmit={onSubmit}
        aria-labelledby="enquire-heading"
        className="mt-3 space-y-4"
      >
        <FormField id="enquiry-moveInDate" label="Move-in date" error={errors.moveInDate}>
          <Input {...field("moveInDate")} type="date" min={todayIso()} required />
        </FormField>
        <FormField id="enquiry-leaseMonths" label="Lease length" error={errors.leaseMonths}>
          <NativeSelect {...field("leaseMonths")} required className="w-full">
            <option value="">Choose…</option>
            {LEASE_OPTIONS.map((months) => (
              <option key={months} value={months}>
                {months} months
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField id="enquiry-message" label="Message" error={errors.message}>
          <Textarea
            {...field("message")}
            rows={5}
            required
            maxLength={MESSAGE_MAX_LENGTH}
            placeholder="Introduce yourself and ask anything about the room."
          />
        </FormField>
        <FormField id="enquiry-phone" label="Phone (optional)" error={errors.phone}>
          <Input {...field("phone")} type="tel" autoComplete="tel" maxLength={32} />
        </FormField>
        <p className="text-xs text-muted-foreground">
          Your e-mail address stays private. The landlord sees your first name, your message and your phone if you give
          it.
        </p>
        {screeningPreview && (
          <Suspense>
            <ScreeningPreview
              facts={screeningPreview}
              initial={{
                moveInDate: values?.moveInDate ?? "",
                leaseMonths: values?.leaseMonths ?? "",
                phone: values?.phone ?? "",
              }}
            />
          </Suspense>
        )}
        <Button type="submit" disabled={sending} className="w-full">
          <Icon name="send" />
          {sending ? "Sending…" : "Send enquiry"}
        </Button>
      </Form>
    </section>
  );
}
