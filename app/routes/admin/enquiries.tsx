import { data, Form } from "react-router";
import type { Route } from "./+types/enquiries";
import { statusFor } from "~/lib/http/refusal-status";
import { COMMON_REFUSALS } from "~/lib/refusal-code";
import { Button } from "~/app/components/ui/button";
import { Input } from "~/app/components/ui/input";
import { gatedViewer } from "~/app/http/gates.server";
import { pageMeta, rootMetaData } from "~/app/seo/meta";
import { redirectWithNotice } from "~/lib/flash.server";
import { formText } from "~/lib/form-data";
import { database, requestInfo } from "~/lib/request-context";
import { listReviewConversations, suspendSender } from "~/modules/enquiries/moderation.server";
import { ScreeningSummarySection } from "~/app/components/screening/screening-summary-list";
import { SCREENING_TEXT } from "~/app/content/screening";
import { screeningForConversation } from "~/modules/screening/screening.server";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    {
      title: "Reported conversations",
      description: "Enquiries reported by a participant or flagged for links and contact details.",
      path: "/admin/enquiries",
      noIndex: true,
    },
    rootMetaData(matches),
  );
}

export async function loader({ context }: Route.LoaderArgs) {
  const db = database(context);
  const viewer = gatedViewer(context);
  const result = await listReviewConversations(db, viewer);
  if (!result.ok) throw data("Forbidden", { status: statusFor(COMMON_REFUSALS[result.reason]) });
  // What the landlord was shown with each enquiry under review (ADR 112).
  const conversations = await Promise.all(
    result.value.map(async (conversation) => {
      const screening = await screeningForConversation(db, viewer, conversation.id);
      return { ...conversation, screening: screening.ok ? screening.summary : null };
    }),
  );
  return { conversations };
}

const REFUSALS = {
  forbidden: "You may not suspend senders.",
  "not-found": "That person is not part of a reported or flagged conversation.",
  invalid: "Please give a reason (up to 500 characters).",
} as const;

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const result = await suspendSender(
    database(context),
    gatedViewer(context),
    {
      conversationId: formText(form, "conversationId"),
      userId: formText(form, "userId"),
      reason: formText(form, "reason"),
    },
    { clientAddress: requestInfo(context).clientAddress },
  );
  if (!result.ok) {
    return data({ error: REFUSALS[result.reason] }, { status: statusFor(COMMON_REFUSALS[result.reason]) });
  }
  return redirectWithNotice("/admin/enquiries", { title: "Sender suspended", tone: "success" });
}

function formatWhen(iso: string): string {
  return new Intl.DateTimeFormat("en-AU", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "Australia/Melbourne",
  }).format(new Date(iso));
}

type Person = { id: string; email: string; suspended: boolean } | null;

function SuspendForm({ conversationId, person, label }: { conversationId: string; person: Person; label: string }) {
  if (!person) return <p className="text-sm text-muted-foreground">{label}: deleted account</p>;
  if (person.suspended) {
    return (
      <p className="text-sm">
        {label}: {person.email}{" "}
        <span className="rounded-full bg-red-100 px-2 text-xs font-semibold text-red-900">Suspended</span>
      </p>
    );
  }
  const id = `reason-${conversationId}-${person.id}`;
  return (
    <Form method="post">
      <input type="hidden" name="conversationId" value={conversationId} />
      <input type="hidden" name="userId" value={person.id} />
      <label htmlFor={id} className="block text-sm break-all">
        {label}: {person.email} — reason
      </label>
      <div className="mt-1 flex flex-wrap items-center gap-2">
        <Input id={id} name="reason" required maxLength={500} fullWidth={false} className="w-64" />
        <Button type="submit" variant="destructive" size="sm">
          Suspend sender
        </Button>
      </div>
    </Form>
  );
}

export default function AdminEnquiriesPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-5xl px-4 pt-28 pb-16 sm:px-6 lg:px-8">
      <h1 className="font-display text-3xl font-bold tracking-tight">Reported conversations</h1>
      <p className="mt-2 text-muted-foreground">
        Conversations a participant reported, and first messages flagged for links or contact details.
      </p>
      {actionData?.error && (
        <p role="alert" className="mt-4 rounded-lg border border-destructive/30 bg-red-50 p-3 text-sm text-red-900">
          {actionData.error}
        </p>
      )}
      {loaderData.conversations.length === 0 ? (
        <p className="mt-8 rounded-2xl border border-dashed p-8 text-center text-muted-foreground">
          Nothing to review.
        </p>
      ) : (
        <ul className="mt-6 space-y-6">
          {loaderData.conversations.map((conversation) => (
            <li key={conversation.id} className="rounded-2xl border bg-card p-4">
              <h2 className="font-semibold">{conversation.listingTitle}</h2>
              <p className="mt-1 text-sm text-muted-foreground">
                Started {formatWhen(conversation.createdAt)}
                {conversation.reportedAt && ` · reported ${formatWhen(conversation.reportedAt)}`}
                {conversation.flagReason && ` · ${conversation.flagReason}`}
              </p>
              <ol className="mt-3 space-y-2 border-l-2 pl-3">
                {conversation.messages.map((message) => (
                  <li key={message.id} className="text-sm">
                    <span className="font-semibold capitalize">{message.authorRole}</span>{" "}
                    <span className="text-muted-foreground">{formatWhen(message.createdAt)}</span>
                    <p className="break-words whitespace-pre-line">{message.body}</p>
                  </li>
                ))}
              </ol>
              {conversation.screening && (
                <ScreeningSummarySection
                  id={`screening-${conversation.id}`}
                  {...SCREENING_TEXT.staff}
                  summary={conversation.screening}
                  headingLevel="h3"
                  className="mt-4"
                />
              )}
              <div className="mt-4 space-y-3 border-t pt-3">
                <SuspendForm conversationId={conversation.id} person={conversation.tenant} label="Tenant" />
                <SuspendForm conversationId={conversation.id} person={conversation.landlord} label="Landlord" />
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
