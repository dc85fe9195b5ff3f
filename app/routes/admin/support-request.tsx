import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/support-request";
import { SUPPORT_REFUSALS, SUPPORT_TEXT } from "~/app/content/support";
import { StatusPage } from "~/app/components/layout/status-page";
import { Badge } from "~/app/components/ui/badge";
import { Button } from "~/app/components/ui/button";
import { FormField } from "~/app/components/ui/form-field";
import { Icon } from "~/app/components/ui/icon";
import { Textarea } from "~/app/components/ui/textarea";
import { auditMeta } from "~/app/http/admin-answer.server";
import { gatedViewer } from "~/app/http/gates.server";
import { pageMeta, rootMetaData } from "~/app/seo/meta";
import { redirectWithNotice } from "~/lib/flash.server";
import { statusFor } from "~/lib/http/refusal-status";
import { database, services } from "~/lib/request-context";
import { supportTime } from "~/modules/support/support-format";
import { parseSupportAnswer, SUPPORT_TEXT_MAX_LENGTH } from "~/modules/support/support-input";
import { SUPPORT_REFUSAL_CODE } from "~/modules/support/support-refusal-code";
import { answerSupportRequest, readSupportRequest } from "~/modules/support/support-requests.server";

export function meta({ matches, params }: Route.MetaArgs) {
  return pageMeta(
    {
      title: "Support request",
      description: "A user's help request and its answer.",
      path: `/admin/support/${params.id}`,
      noIndex: true,
    },
    rootMetaData(matches),
  );
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const result = await readSupportRequest(database(context), gatedViewer(context), params.id);
  if (!result.ok) return data({ request: null }, { status: statusFor(SUPPORT_REFUSAL_CODE[result.reason]) });
  return { request: result.request };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = gatedViewer(context);
  const parsed = parseSupportAnswer(await request.formData());
  if (!parsed.success) return data({ error: parsed.error }, { status: 400 });
  const result = await answerSupportRequest(
    { db: database(context), site: services(context).site },
    viewer,
    { id: params.id, answer: parsed.answer },
    auditMeta(context),
  );
  if (!result.ok)
    return data({ error: SUPPORT_REFUSALS[result.reason] }, { status: statusFor(SUPPORT_REFUSAL_CODE[result.reason]) });
  return redirectWithNotice(`/admin/support/${params.id}`, { ...SUPPORT_TEXT.answered, tone: "success" });
}

export default function AdminSupportRequest({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { request } = loaderData;
  if (!request) {
    return <StatusPage code={404} title="Request not found" message="This support request doesn't exist." />;
  }
  const sending = navigation.state === "submitting";
  const error = actionData?.error;
  return (
    <article aria-labelledby="request-heading" className="max-w-3xl space-y-6">
      <Link
        to="/admin/support"
        className="inline-flex items-center gap-2 text-sm font-medium text-slate-700 hover:text-slate-900"
      >
        <Icon name="arrow-left" className="size-4" /> All support requests
      </Link>
      <header className="space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <h1 id="request-heading" className="font-display text-2xl font-bold break-words text-slate-900">
            {request.subject}
          </h1>
          {request.priority && <Badge variant="default">Priority</Badge>}
          {request.overdue && <Badge variant="destructive">Overdue</Badge>}
          <Badge variant={request.answer ? "success" : "outline"}>{request.answer ? "Answered" : "Open"}</Badge>
        </div>
        <dl className="grid gap-x-4 gap-y-1 text-sm text-slate-700 sm:grid-cols-[auto_1fr]">
          <dt className="font-medium">From</dt>
          <dd className="break-words">
            {request.senderName} ({request.senderEmail})
          </dd>
          <dt className="font-medium">Received</dt>
          <dd>{supportTime(request.createdAt)}</dd>
          {request.answerDueAt && (
            <>
              <dt className="font-medium">First answer due</dt>
              <dd className={request.overdue ? "font-semibold text-red-800" : undefined}>
                {supportTime(request.answerDueAt)}
              </dd>
            </>
          )}
          {request.listingId && request.listingTitle && (
            <>
              <dt className="font-medium">Listing</dt>
              <dd>
                <Link to={`/listing/${request.listingId}`} className="underline underline-offset-4">
                  {request.listingTitle}
                </Link>
              </dd>
            </>
          )}
        </dl>
      </header>
      <section aria-label="Message" className="rounded-lg border bg-white p-4">
        <p className="text-sm break-words whitespace-pre-line text-slate-900">{request.message}</p>
      </section>
      {request.answer && request.answeredAt ? (
        <section aria-labelledby="answer-heading" className="rounded-md border-l-4 border-success bg-slate-50 p-4">
          <h2 id="answer-heading" className="text-sm font-semibold text-slate-700">
            Answered {supportTime(request.answeredAt)}
          </h2>
          <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-900">{request.answer}</p>
        </section>
      ) : (
        <Form method="post" className="space-y-4" aria-labelledby="answer-form-heading">
          <h2 id="answer-form-heading" className="text-lg font-semibold text-slate-900">
            Answer
          </h2>
          <FormField
            id="support-answer"
            label="Your answer (e-mailed to them and shown on their Help page)"
            error={error}
          >
            <Textarea
              id="support-answer"
              name="answer"
              required
              rows={6}
              maxLength={SUPPORT_TEXT_MAX_LENGTH}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "support-answer-error" : undefined}
            />
          </FormField>
          <Button type="submit" disabled={sending}>
            <Icon name="send" />
            {sending ? "Sending…" : "Send answer"}
          </Button>
        </Form>
      )}
    </article>
  );
}
