import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/enquiry-thread";
import { Icon } from "~/app/components/ui/icon";
import { useRevalidateOnFocus } from "~/app/components/enquiries/use-revalidate-on-focus";
import { ListingPhoto } from "~/app/components/listings/listing-photo";
import { StatusPage } from "~/app/components/layout/status-page";
import { Button } from "~/app/components/ui/button";
import { cn } from "~/app/components/ui/cn";
import { FormField } from "~/app/components/ui/form-field";
import { Textarea } from "~/app/components/ui/textarea";
import { requireViewer } from "~/app/http/viewer.server";
import { pageMeta, rootMetaData } from "~/app/seo/meta";
import { redirectWithNotice } from "~/lib/flash.server";
import { retryAfterHeaders, statusFor } from "~/lib/http/refusal-status";
import { ENQUIRY_REFUSAL_CODE } from "~/modules/enquiries/enquiry-refusal-code";
import { database, requestInfo, services } from "~/lib/request-context";
import { blockOtherSide, reportConversation, unblockOtherSide } from "~/modules/enquiries/blocks.server";
import { declineEnquiry, markLet, readThread, replyToConversation } from "~/modules/enquiries/conversations.server";
import { documentForConversation } from "~/modules/renter-profiles/renter-documents.server";
import { DOCUMENT_KIND_LABELS } from "~/modules/renter-profiles/renter-profile-input";
import type { EnquiryRefusal } from "~/modules/enquiries/enquiry-result";
import { MESSAGE_MAX_LENGTH, parseMessage } from "~/modules/enquiries/enquiry-input";
import { ENQUIRY_REFUSALS } from "~/modules/enquiries/enquiry-text";
import { formatAvailableDate } from "~/modules/listings/availability-text";
import { stripEmoji } from "~/modules/listings/listing-text";
import { IdVerifiedBadge } from "~/app/components/identity/id-verified-badge";
import { InvitationAnswer } from "~/app/components/renter-search/invitation-answer";
import { INVITATION_ANSWERED } from "~/app/content/renter-search";
import { answerInvitation, type InvitationAnswer as Answer } from "~/modules/renter-search/invitations.server";
import { INVITATION_REFUSAL_CODE } from "~/modules/renter-search/invitation-refusal-code";
import { INVITATION_REFUSALS } from "~/modules/renter-search/invitation-text";
import { ScreeningSummarySection } from "~/app/components/screening/screening-summary-list";
import { SCREENING_TEXT } from "~/app/content/screening";
import { screeningForConversation } from "~/modules/screening/screening.server";

export function meta({ matches, params }: Route.MetaArgs) {
  return pageMeta(
    {
      title: "Conversation",
      description: "A conversation about a room.",
      path: `/settings/enquiries/${params.id}`,
      noIndex: true,
    },
    rootMetaData(matches),
  );
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const db = database(context);
  const viewer = requireViewer(request, context);
  const thread = await readThread(db, viewer, params.id);
  if (!thread) return data({ thread: null, renterDocument: null, screening: null }, { status: 404 });
  const renterDocument = thread.side === "landlord" ? await documentForConversation(db, viewer, params.id) : null;
  const screening = await screeningForConversation(db, viewer, params.id);
  return { thread, renterDocument, screening: screening.ok ? screening.summary : null };
}

type ActionResult = { error: string; message?: string };

const NOTICES = {
  declined: { title: "Enquiry declined", description: "The tenant has been told, politely." },
  let: { title: "Marked as let", description: "The tenant has been told." },
  blocked: { title: "Blocked", description: "Neither of you can send messages to the other any more." },
  unblocked: { title: "Unblocked" },
  reported: { title: "Reported", description: "Thank you. Our team will look at this conversation." },
} as const;

export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  const db = database(context);
  const writer = { db, site: services(context).site, analytics: services(context).analytics };
  const meta = { clientAddress: requestInfo(context).clientAddress };
  const form = await request.formData();
  const intent = form.get("intent");
  const here = `/settings/enquiries/${params.id}`;
  const refuse = (result: EnquiryRefusal, message?: string) =>
    data<ActionResult>(
      { error: ENQUIRY_REFUSALS[result.reason], ...(message !== undefined ? { message } : {}) },
      { status: statusFor(ENQUIRY_REFUSAL_CODE[result.reason]), headers: retryAfterHeaders(result) },
    );

  switch (intent) {
    case "reply": {
      const parsed = parseMessage(form);
      if (!parsed.success) return data<ActionResult>({ error: parsed.error }, { status: 400 });
      const result = await replyToConversation(writer, viewer, { conversationId: params.id, body: parsed.body }, meta);
      if (!result.ok) return refuse(result, parsed.body);
      return redirectWithNotice(`${here}#latest`, { title: "Message sent", tone: "success" });
    }
    case "decline": {
      const result = await declineEnquiry(writer, viewer, params.id, meta);
      return result.ok ? redirectWithNotice(here, { ...NOTICES.declined, tone: "success" }) : refuse(result);
    }
    case "let": {
      const result = await markLet(
        writer,
        viewer,
        {
          conversationId: params.id,
          setListingLet: form.get("setListingLet") === "on",
          notifyOthers: form.get("notifyOthers") === "on",
        },
        meta,
      );
      if (!result.ok) return refuse(result);
      const others = result.value.othersNotified;
      return redirectWithNotice(here, {
        title: NOTICES.let.title,
        description: `${NOTICES.let.description}${others ? ` ${others} other enquirer${others === 1 ? " was" : "s were"} told the room is gone.` : ""}`,
        tone: "success",
      });
    }
    case "block": {
      const result = await blockOtherSide(db, viewer, params.id);
      return result.ok ? redirectWithNotice(here, { ...NOTICES.blocked, tone: "success" }) : refuse(result);
    }
    case "unblock": {
      const result = await unblockOtherSide(db, viewer, params.id);
      return result.ok ? redirectWithNotice(here, { ...NOTICES.unblocked, tone: "success" }) : refuse(result);
    }
    case "report": {
      const result = await reportConversation(db, viewer, params.id, meta);
      return result.ok ? redirectWithNotice(here, { ...NOTICES.reported, tone: "success" }) : refuse(result);
    }
    // An invitation's answer (the renter's side only; once).
    case "accept-invitation":
    case "decline-invitation":
    case "block-invitation": {
      const answer = intent.replace("-invitation", "") as Answer;
      const result = await answerInvitation(db, viewer, { conversationId: params.id, answer }, services(context).now());
      if (!result.ok)
        return data<ActionResult>(
          { error: INVITATION_REFUSALS[result.reason] },
          { status: statusFor(INVITATION_REFUSAL_CODE[result.reason]) },
        );
      const notice = answer === "accept" ? "accepted" : answer === "decline" ? "declined" : "blocked";
      return redirectWithNotice(here, { ...INVITATION_ANSWERED[notice], tone: "success" });
    }
    default:
      return data<ActionResult>({ error: "Unknown action." }, { status: 400 });
  }
}

function formatWhen(iso: string): string {
  return new Intl.DateTimeFormat("en-AU", {
    weekday: "short",
    day: "numeric",
    month: "short",
    hour: "numeric",
    minute: "2-digit",
    timeZone: "Australia/Melbourne",
  }).format(new Date(iso));
}

const STATUS_TEXT = {
  open: null,
  declined: "This enquiry was declined.",
  let: "This room has been let. The conversation is closed.",
} as const;

export default function EnquiryThreadPage({ loaderData, actionData }: Route.ComponentProps) {
  useRevalidateOnFocus();
  const navigation = useNavigation();
  const { thread, renterDocument, screening } = loaderData;
  if (!thread) {
    return (
      <StatusPage code={404} title="Conversation not found" message="This conversation doesn't exist or isn't yours." />
    );
  }
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === "reply";
  const title = stripEmoji(thread.listingTitle);
  const lastIndex = thread.messages.length - 1;

  return (
    <article aria-labelledby="thread-heading">
      <Link
        to="/settings/enquiries"
        className="inline-flex items-center gap-2 text-sm font-medium text-slate-700 hover:text-slate-900"
      >
        <Icon name="arrow-left" className="size-4" />
        All enquiries
      </Link>
      <header className="mt-4 flex gap-4 rounded-2xl border bg-card p-4">
        <ListingPhoto
          photo={thread.photo}
          alt=""
          sizes="96px"
          className="size-20 shrink-0 overflow-hidden rounded-lg sm:size-24"
        />
        <div className="min-w-0">
          <h1 id="thread-heading" className="font-display text-xl font-bold tracking-tight sm:text-2xl">
            {thread.listingId ? (
              <Link to={`/listing/${thread.listingId}`} className="hover:underline">
                {title}
              </Link>
            ) : (
              title
            )}
          </h1>
          <p className="mt-1 text-sm text-slate-700">
            {thread.side === "landlord"
              ? thread.origin === "invitation"
                ? "Invitation to"
                : "Enquiry from"
              : "Conversation with"}{" "}
            {thread.otherName}
            {thread.otherVerified && <IdVerifiedBadge className="ml-2" />}
          </p>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-muted-foreground">Move-in</dt>
            <dd>{formatAvailableDate(thread.moveInDate)}</dd>
            <dt className="text-muted-foreground">Lease</dt>
            <dd>{thread.leaseMonths} months</dd>
            {thread.tenantPhone && (
              <>
                <dt className="text-muted-foreground">
                  {thread.side === "landlord" ? "Tenant's phone" : "Your phone"}
                </dt>
                <dd>
                  <a href={`tel:${thread.tenantPhone.replace(/[^+\d]/g, "")}`} className="text-primary hover:underline">
                    {thread.tenantPhone}
                  </a>
                </dd>
              </>
            )}
            {renterDocument && (
              <>
                <dt className="text-muted-foreground">{DOCUMENT_KIND_LABELS[renterDocument.kind]}</dt>
                <dd>
                  <a href={`/settings/renter-documents/${renterDocument.id}`} className="text-primary hover:underline">
                    Open document
                  </a>
                </dd>
              </>
            )}
          </dl>
        </div>
      </header>

      {screening && (
        <ScreeningSummarySection
          id="screening"
          {...(thread.side === "landlord" ? SCREENING_TEXT.landlord : SCREENING_TEXT.renter)}
          summary={screening}
          className="mt-4"
        />
      )}

      {thread.landlordContact && (thread.landlordContact.email || thread.landlordContact.phone) && (
        <section aria-label="Landlord's contact details" className="mt-4 rounded-2xl border bg-card p-4 text-sm">
          <p className="font-semibold">The landlord's contact details</p>
          <ul className="mt-2 space-y-1">
            {thread.landlordContact.email && (
              <li className="flex items-center gap-2">
                <Icon name="mail" className="size-4 text-muted-foreground" />
                <a href={`mailto:${thread.landlordContact.email}`} className="text-primary hover:underline">
                  {thread.landlordContact.email}
                </a>
              </li>
            )}
            {thread.landlordContact.phone && (
              <li className="flex items-center gap-2">
                <Icon name="phone" className="size-4 text-muted-foreground" />
                {thread.landlordContact.phone}
              </li>
            )}
          </ul>
        </section>
      )}

      <ol aria-label="Messages" className="mt-6 space-y-4">
        {thread.messages.map((message, index) => (
          <li
            key={message.id}
            id={index === lastIndex ? "latest" : undefined}
            className={cn(
              "max-w-[85%] rounded-2xl px-4 py-3",
              message.from === "you" && "ml-auto bg-slate-900 text-white",
              message.from === "them" && "border bg-card",
              message.from === "notice" && "mx-auto border border-dashed bg-slate-50 text-center text-slate-700",
            )}
          >
            <p className={cn("text-xs", message.from === "you" ? "text-slate-300" : "text-muted-foreground")}>
              <span className="font-semibold">{message.authorName}</span> ·{" "}
              <time dateTime={message.createdAt}>{formatWhen(message.createdAt)}</time>
            </p>
            <p className="mt-1 text-sm leading-6 break-words whitespace-pre-line">{message.body}</p>
          </li>
        ))}
      </ol>

      <InvitationAnswer side={thread.side} state={thread.invitationState} otherName={thread.otherName} />

      {STATUS_TEXT[thread.status] && (
        <p role="status" className="mt-6 rounded-lg border bg-slate-50 p-3 text-sm text-slate-800">
          {STATUS_TEXT[thread.status]}
        </p>
      )}
      {thread.blocked && (
        <p className="mt-6 rounded-lg border bg-slate-50 p-3 text-sm text-slate-800">
          You have blocked {thread.otherName}. Neither of you can send messages.
        </p>
      )}
      {actionData?.error && (
        <p role="alert" className="mt-6 rounded-lg border border-destructive/30 bg-red-50 p-3 text-sm text-red-900">
          {actionData.error}
        </p>
      )}

      {thread.canReply && (
        <Form method="post" className="mt-6 space-y-3" aria-label="Reply">
          <input type="hidden" name="intent" value="reply" />
          <FormField id="reply-message" label="Your reply">
            <Textarea
              key={thread.messages.length}
              id="reply-message"
              name="message"
              rows={4}
              required
              maxLength={MESSAGE_MAX_LENGTH}
              defaultValue={actionData?.message ?? ""}
              aria-invalid={actionData?.error ? true : undefined}
            />
          </FormField>
          <Button type="submit" disabled={sending}>
            <Icon name="send" />
            {sending ? "Sending…" : "Send"}
          </Button>
        </Form>
      )}

      {thread.canClose && (
        <section aria-labelledby="manage-heading" className="mt-8 rounded-2xl border bg-card p-4">
          <h2 id="manage-heading" className="font-semibold">
            Manage this enquiry
          </h2>
          <div className="mt-3 flex flex-wrap items-start gap-6">
            <Form method="post">
              <input type="hidden" name="intent" value="decline" />
              <Button type="submit" variant="outline">
                Decline enquiry
              </Button>
            </Form>
            <Form method="post" className="space-y-2">
              <input type="hidden" name="intent" value="let" />
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" name="setListingLet" defaultChecked className="size-4" />
                Also mark the listing as let
              </label>
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" name="notifyOthers" defaultChecked className="size-4" />
                Tell the other enquirers the room is gone
              </label>
              <Button type="submit">
                <Icon name="house" />
                Room let to this tenant
              </Button>
            </Form>
          </div>
        </section>
      )}

      <div className="mt-8 flex flex-wrap gap-3 border-t pt-4 text-sm">
        {thread.canBlock && (
          <Form method="post">
            <input type="hidden" name="intent" value={thread.blocked ? "unblock" : "block"} />
            <Button type="submit" variant="ghost" size="sm">
              <Icon name="ban" />
              {thread.blocked ? `Unblock ${thread.otherName}` : `Block ${thread.otherName}`}
            </Button>
          </Form>
        )}
        {!thread.reported && (
          <Form method="post">
            <input type="hidden" name="intent" value="report" />
            <Button type="submit" variant="ghost" size="sm">
              <Icon name="flag" />
              Report this conversation
            </Button>
          </Form>
        )}
      </div>
    </article>
  );
}
