import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/help";
import { SUPPORT_REFUSALS, SUPPORT_TEXT } from "~/app/content/support";
import { Badge } from "~/app/components/ui/badge";
import { Button } from "~/app/components/ui/button";
import { FormField } from "~/app/components/ui/form-field";
import { Icon } from "~/app/components/ui/icon";
import { Input } from "~/app/components/ui/input";
import { NativeSelect } from "~/app/components/ui/native-select";
import { Textarea } from "~/app/components/ui/textarea";
import { useFormResult } from "~/app/components/ui/use-form-result";
import { useHydrated } from "~/app/components/ui/use-hydrated";
import { requireViewer } from "~/app/http/viewer.server";
import { pageMeta, rootMetaData } from "~/app/seo/meta";
import { redirectWithNotice } from "~/lib/flash.server";
import { retryAfterHeaders, statusFor } from "~/lib/http/refusal-status";
import { database, requestInfo, services } from "~/lib/request-context";
import { supportTime } from "~/modules/support/support-format";
import {
  parseSupportRequest,
  SUBJECT_MAX_LENGTH,
  SUPPORT_FIELDS,
  SUPPORT_TEXT_MAX_LENGTH,
  type SupportField,
  type SupportFieldErrors,
} from "~/modules/support/support-input";
import { SUPPORT_REFUSAL_CODE } from "~/modules/support/support-refusal-code";
import { helpPage, sendSupportRequest } from "~/modules/support/support-requests.server";

const PATH = "/settings/help";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    { title: SUPPORT_TEXT.title, description: SUPPORT_TEXT.lead, path: PATH, noIndex: true },
    rootMetaData(matches),
  );
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return helpPage(database(context), requireViewer(request, context));
}

type ActionResult = { errors: SupportFieldErrors; values: Record<SupportField, string> };

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  const form = await request.formData();
  const parsed = parseSupportRequest(form);
  if (!parsed.success) return data<ActionResult>({ errors: parsed.errors, values: parsed.values }, { status: 400 });
  const db = database(context);
  const result = await sendSupportRequest({ db, site: services(context).site }, viewer, parsed.data, {
    clientAddress: requestInfo(context).clientAddress,
  });
  if (!result.ok) {
    const field: SupportField = result.reason === "not-your-listing" ? "listingId" : "message";
    return data<ActionResult>(
      {
        errors: { [field]: SUPPORT_REFUSALS[result.reason] },
        values: { ...parsed.data, listingId: parsed.data.listingId ?? "" },
      },
      { status: statusFor(SUPPORT_REFUSAL_CODE[result.reason]), headers: retryAfterHeaders(result) },
    );
  }
  const notice = result.promise ? SUPPORT_TEXT.sentPriority(result.promise) : SUPPORT_TEXT.sent;
  return redirectWithNotice(PATH, { ...notice, tone: "success" });
}

export default function HelpPage({ loaderData, actionData }: Route.ComponentProps) {
  const { priority, promise, listings, requests } = loaderData;
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const sending = navigation.state === "submitting" && navigation.formAction === PATH;
  const { formRef, errors, onSubmit, onEdit } = useFormResult({
    fields: SUPPORT_FIELDS,
    result: actionData,
    errorsOf: (latest) => latest?.errors,
    announce: () => undefined,
    check: parseSupportRequest,
  });
  const values = actionData?.values;
  const describedBy = (name: SupportField) => (errors[name] ? `help-${name}-error` : undefined);

  return (
    <div className="space-y-10">
      <header className="space-y-2">
        <h1 className="font-display text-3xl font-bold text-slate-900">{SUPPORT_TEXT.title}</h1>
        <p className="text-slate-600">{SUPPORT_TEXT.lead}</p>
        {priority && (
          <p className="flex items-start gap-2 rounded-lg border border-primary/30 bg-primary/5 p-3 text-sm text-slate-900">
            <Icon name="shield-check" className="mt-0.5 size-4 shrink-0 text-primary" />
            {SUPPORT_TEXT.priority(promise)}
          </p>
        )}
      </header>

      <section aria-labelledby="request-heading" className="space-y-4">
        <h2 id="request-heading" className="text-xl font-semibold text-slate-900">
          Ask for help
        </h2>
        <Form
          ref={formRef}
          method="post"
          action={PATH}
          noValidate={hydrated}
          onSubmit={onSubmit}
          aria-labelledby="request-heading"
          className="grid max-w-2xl gap-5"
        >
          <FormField id="help-subject" label="Subject" error={errors.subject}>
            <Input
              id="help-subject"
              name="subject"
              required
              maxLength={SUBJECT_MAX_LENGTH}
              defaultValue={values?.subject}
              onChange={() => onEdit("subject")}
              aria-invalid={errors.subject ? true : undefined}
              aria-describedby={describedBy("subject")}
            />
          </FormField>
          {listings.length > 0 && (
            <FormField id="help-listingId" label="Listing (optional)" error={errors.listingId}>
              <NativeSelect
                id="help-listingId"
                name="listingId"
                defaultValue={values?.listingId ?? ""}
                onChange={() => onEdit("listingId")}
                aria-invalid={errors.listingId ? true : undefined}
                aria-describedby={describedBy("listingId")}
                className="w-full"
              >
                <option value="">Not about a listing</option>
                {listings.map((listing) => (
                  <option key={listing.id} value={listing.id}>
                    {listing.title}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
          )}
          <FormField id="help-message" label="Message" error={errors.message}>
            <Textarea
              id="help-message"
              name="message"
              required
              rows={6}
              maxLength={SUPPORT_TEXT_MAX_LENGTH}
              defaultValue={values?.message}
              onChange={() => onEdit("message")}
              aria-invalid={errors.message ? true : undefined}
              aria-describedby={describedBy("message")}
            />
          </FormField>
          <div>
            <Button type="submit" disabled={sending}>
              <Icon name="send" />
              {sending ? "Sending…" : "Send request"}
            </Button>
          </div>
        </Form>
      </section>

      <section aria-labelledby="requests-heading" className="space-y-4">
        <h2 id="requests-heading" className="text-xl font-semibold text-slate-900">
          Your requests
        </h2>
        {requests.length === 0 ? (
          <p className="text-sm text-slate-600">You haven't asked for help yet.</p>
        ) : (
          <ul className="space-y-4">
            {requests.map((request) => (
              <li key={request.id}>
                <article aria-labelledby={`request-${request.id}`} className="space-y-3 rounded-lg border bg-white p-4">
                  <div className="flex flex-wrap items-center gap-2">
                    <h3 id={`request-${request.id}`} className="font-semibold break-words text-slate-900">
                      {request.subject}
                    </h3>
                    {request.priority && <Badge variant="default">Priority</Badge>}
                    <Badge variant={request.answer ? "success" : "outline"}>
                      {request.answer ? "Answered" : "Waiting for an answer"}
                    </Badge>
                  </div>
                  <p className="text-xs text-slate-600">
                    Sent {supportTime(request.createdAt)}
                    {request.listingTitle && <> · about “{request.listingTitle}”</>}
                    {request.answerDueAt && !request.answer && (
                      <> · first answer promised by {supportTime(request.answerDueAt)}</>
                    )}
                  </p>
                  <p className="text-sm break-words whitespace-pre-line text-slate-800">{request.message}</p>
                  {request.answer && request.answeredAt && (
                    <div className="rounded-md border-l-4 border-success bg-slate-50 p-3">
                      <p className="text-xs font-semibold text-slate-700">
                        Our answer, {supportTime(request.answeredAt)}
                      </p>
                      <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-900">{request.answer}</p>
                    </div>
                  )}
                </article>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
