import { useEffect } from "react";
import { Form, useFetcher } from "react-router";
import { Icon } from "~/app/components/ui/icon";
import { toast } from "~/app/components/ui/toast";
import type { Route } from "./+types/settings";
import { statusFor } from "~/lib/http/refusal-status";
import { COMMON_REFUSALS } from "~/lib/refusal-code";
import { Badge } from "~/app/components/ui/badge";
import { Button, buttonVariants } from "~/app/components/ui/button";
import { FormField } from "~/app/components/ui/form-field";
import { Input } from "~/app/components/ui/input";
import { Label } from "~/app/components/ui/label";
import { Pagination } from "~/app/components/ui/pagination";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/app/components/ui/table";
import { adminAnswer, auditMeta, type AdminActionResult } from "~/app/http/admin-answer.server";
import { gatedViewer } from "~/app/http/gates.server";
import { pageMeta, rootMetaData } from "~/app/seo/meta";
import { formText } from "~/lib/form-data";
import { logger } from "~/lib/logger.server";
import { database } from "~/lib/request-context";
import {
  BACK_OFFICE_PAGE_SIZE,
  listContactMessages,
  listSubscribers,
  retryContactMessage,
  unsubscribe,
} from "~/modules/admin/inbox.server";
import {
  canEditSiteSettings,
  parseSiteContact,
  SITE_CONTACT_FIELDS,
  type SiteContactErrors,
} from "~/modules/settings/site-contact";
import { getSiteContact, updateSiteContact } from "~/modules/settings/site-contact.server";
import { SupportSettingsForm } from "~/app/components/admin/support-settings-form";
import { parseSupportSettings } from "~/modules/support/support-settings";
import { getSupportSettings, updateSupportSettings } from "~/modules/support/support-settings.server";

const PATH = "/admin/settings";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    { title: "Site Settings", description: "Contact inbox, newsletter and site details.", path: PATH, noIndex: true },
    rootMetaData(matches),
  );
}

const pageParam = (params: URLSearchParams, name: string) =>
  Math.max(1, Math.min(Number.parseInt(params.get(name) ?? "1", 10) || 1, 10_000));

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = gatedViewer(context);
  const params = new URL(request.url).searchParams;
  const q = (params.get("q") ?? "").trim().slice(0, 200);
  const inboxPage = pageParam(params, "inbox");
  const subscribersPage = pageParam(params, "subscribers");
  const db = database(context);
  const [contact, support, inbox, subscribers] = await Promise.all([
    getSiteContact(db),
    getSupportSettings(db),
    listContactMessages(db, viewer, { page: inboxPage }),
    listSubscribers(db, viewer, { q, page: subscribersPage }),
  ]);
  if (!inbox.ok) throw new Response("Forbidden", { status: statusFor(COMMON_REFUSALS[inbox.reason]) });
  if (!subscribers.ok) throw new Response("Forbidden", { status: statusFor(COMMON_REFUSALS[subscribers.reason]) });
  return {
    contact,
    support,
    canEdit: canEditSiteSettings(viewer),
    inbox: { ...inbox, page: inboxPage, pageCount: Math.max(1, Math.ceil(inbox.total / BACK_OFFICE_PAGE_SIZE)) },
    subscribers: {
      ...subscribers,
      page: subscribersPage,
      pageCount: Math.max(1, Math.ceil(subscribers.total / BACK_OFFICE_PAGE_SIZE)),
      q,
    },
  };
}

type SaveResult = AdminActionResult & { errors?: SiteContactErrors };

/** `intent` contact (the details form), support (the promised answer time), retry (`id`) or unsubscribe (`id`). */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = gatedViewer(context);
  const form = await request.formData();
  const intent = formText(form, "intent");
  const id = formText(form, "id");
  const db = database(context);
  const answer = (result: SaveResult, status: number) => adminAnswer(request, result, status);
  try {
    if (intent === "contact") {
      const parsed = parseSiteContact(form);
      if (!parsed.success) {
        return answer({ ok: false, error: "Please check the highlighted fields.", errors: parsed.errors }, 400);
      }
      const result = await updateSiteContact(db, viewer, parsed.data, auditMeta(context));
      return result.ok
        ? answer({ ok: true, message: "Contact details saved." }, 200)
        : answer(
            { ok: false, error: "Only administrators can change the site's contact details." },
            statusFor(COMMON_REFUSALS[result.reason]),
          );
    }
    if (intent === "support") {
      const parsed = parseSupportSettings(form);
      if (!parsed.success) return answer({ ok: false, error: parsed.error }, 400);
      const result = await updateSupportSettings(db, viewer, parsed.data, auditMeta(context));
      return result.ok
        ? answer({ ok: true, message: "Priority support settings saved." }, 200)
        : answer(
            { ok: false, error: "Only administrators can change site settings." },
            statusFor(COMMON_REFUSALS[result.reason]),
          );
    }
    if (intent === "retry") {
      const result = await retryContactMessage(db, viewer, id);
      if (result.ok) return answer({ ok: true, message: "The message will be forwarded again now." }, 200);
      if (result.reason === "already-forwarded")
        return answer({ ok: false, error: "This message was already forwarded." }, statusFor("CONFLICT"));
      return answer({ ok: false, error: "Message not found." }, statusFor(COMMON_REFUSALS[result.reason]));
    }
    if (intent === "unsubscribe") {
      const result = await unsubscribe(db, viewer, id, auditMeta(context));
      if (result.ok) return answer({ ok: true, message: `${result.email} was unsubscribed.` }, 200);
      return answer({ ok: false, error: "Subscriber not found." }, statusFor(COMMON_REFUSALS[result.reason]));
    }
    return answer({ ok: false, error: "Invalid request." }, 400);
  } catch (error) {
    logger.error({ err: error, userId: viewer.id }, "admin settings action failed");
    return answer({ ok: false, error: "Something went wrong. Please try again." }, 500);
  }
}

const timeFormat = new Intl.DateTimeFormat("en-AU", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Australia/Melbourne",
});
const when = (iso: string) => timeFormat.format(new Date(iso));

function useAnswerToast(result: SaveResult | undefined) {
  useEffect(() => {
    if (!result) return;
    if (result.ok) toast.success("Success", { description: result.message });
    else toast.error("Error", { description: result.error });
  }, [result]);
}

export default function AdminSettings({ loaderData }: Route.ComponentProps) {
  const { contact, support, canEdit, inbox, subscribers } = loaderData;
  const href = (changes: Record<string, string | number>) => {
    const params = new URLSearchParams();
    const merged = { q: subscribers.q, inbox: inbox.page, subscribers: subscribers.page, ...changes };
    for (const [key, value] of Object.entries(merged)) {
      if (value !== "" && value !== 1) params.set(key, String(value));
    }
    const search = params.toString();
    return search ? `${PATH}?${search}` : PATH;
  };
  return (
    <div className="space-y-10">
      <h1 className="font-display text-3xl font-bold text-slate-900">Site Settings</h1>
      <ContactDetailsForm contact={contact} canEdit={canEdit} />
      <SupportSettingsForm settings={support} canEdit={canEdit} />

      <section aria-labelledby="inbox-heading" className="space-y-4">
        <h2 id="inbox-heading" className="text-xl font-semibold text-slate-900">
          Contact inbox
        </h2>
        <p className="text-sm text-slate-600">
          Every message sent from /contact, and whether it reached the forms provider ({inbox.total} in all).
        </p>
        <Table aria-label="Contact messages">
          <TableHeader>
            <TableRow>
              <TableHead>Received</TableHead>
              <TableHead>From</TableHead>
              <TableHead>Message</TableHead>
              <TableHead>Forwarding</TableHead>
              <TableHead>Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {inbox.rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={5} spacing="lg" className="text-center text-slate-600">
                  No messages yet.
                </TableCell>
              </TableRow>
            ) : (
              inbox.rows.map((message) => (
                <TableRow key={message.id}>
                  <TableCell className="whitespace-nowrap">{when(message.createdAt)}</TableCell>
                  <TableCell>
                    <p className="font-medium">{message.name}</p>
                    <p className="text-xs text-slate-600">{message.email}</p>
                    <p className="text-xs text-slate-600">{message.phone}</p>
                  </TableCell>
                  <TableCell className="max-w-sm text-sm whitespace-pre-line">{message.message}</TableCell>
                  <TableCell>
                    <Badge variant={message.forwardStatus === "forwarded" ? "success" : "warning"}>
                      {message.forwardStatus}
                    </Badge>
                    {message.forwardStatus === "pending" && message.forwardAttempts > 0 && (
                      <p className="mt-1 text-xs text-slate-600">
                        {message.forwardAttempts} failed attempt{message.forwardAttempts === 1 ? "" : "s"}
                        {message.lastError && `: ${message.lastError}`}
                      </p>
                    )}
                  </TableCell>
                  <TableCell>
                    {message.forwardStatus === "pending" && <RetryButton id={message.id} name={message.name} />}
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
        <Pagination page={inbox.page} pageCount={inbox.pageCount} hrefForPage={(page) => href({ inbox: page })} />
      </section>

      <section aria-labelledby="subscribers-heading" className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="subscribers-heading" className="text-xl font-semibold text-slate-900">
            Newsletter subscribers
          </h2>
          <a href={`${PATH}/subscribers.csv`} className={buttonVariants({ variant: "outline", size: "sm" })} download>
            <Icon name="download" /> Export CSV
          </a>
        </div>
        <Form method="get" action={PATH} className="flex max-w-md items-end gap-2">
          <div className="flex-1 space-y-1">
            <Label htmlFor="subscribers-q">Search subscribers</Label>
            <Input id="subscribers-q" name="q" type="search" defaultValue={subscribers.q} placeholder="E-mail" />
          </div>
          <Button type="submit" variant="outline">
            <Icon name="search" /> Search
          </Button>
        </Form>
        <p role="status" className="text-sm text-slate-600">
          {subscribers.total} subscriber{subscribers.total === 1 ? "" : "s"}
          {subscribers.q && <> matching “{subscribers.q}”</>}
        </p>
        <Table aria-label="Newsletter subscribers">
          <TableHeader>
            <TableRow>
              <TableHead>E-mail</TableHead>
              <TableHead>Source</TableHead>
              <TableHead>Subscribed</TableHead>
              <TableHead>Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {subscribers.rows.map((subscriber) => (
              <TableRow key={subscriber.id}>
                <TableCell>{subscriber.email}</TableCell>
                <TableCell>{subscriber.source}</TableCell>
                <TableCell className="whitespace-nowrap">{when(subscriber.createdAt)}</TableCell>
                <TableCell>
                  <UnsubscribeButton id={subscriber.id} email={subscriber.email} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <Pagination
          page={subscribers.page}
          pageCount={subscribers.pageCount}
          hrefForPage={(page) => href({ subscribers: page })}
        />
      </section>
    </div>
  );
}

function ContactDetailsForm({
  contact,
  canEdit,
}: {
  contact: Route.ComponentProps["loaderData"]["contact"];
  canEdit: boolean;
}) {
  const fetcher = useFetcher<SaveResult>();
  useAnswerToast(fetcher.data);
  const errors = fetcher.data?.errors ?? {};
  return (
    <section aria-labelledby="contact-heading" className="space-y-4">
      <h2 id="contact-heading" className="text-xl font-semibold text-slate-900">
        Contact details
      </h2>
      <p className="text-sm text-slate-600">
        Shown on the Contact page and in the Privacy, Terms and Cookie policies.
        {!canEdit && " Only administrators can change them."}
      </p>
      <fetcher.Form method="post" className="grid max-w-3xl gap-4 sm:grid-cols-2">
        <input type="hidden" name="intent" value="contact" />
        {SITE_CONTACT_FIELDS.map(({ name, label }) => (
          <FormField key={name} id={`site-${name}`} label={label} error={errors[name]}>
            <Input
              id={`site-${name}`}
              name={name}
              defaultValue={contact[name]}
              readOnly={!canEdit}
              aria-invalid={errors[name] ? true : undefined}
              aria-describedby={errors[name] ? `site-${name}-error` : undefined}
            />
          </FormField>
        ))}
        {canEdit && (
          <div className="sm:col-span-2">
            <Button type="submit" disabled={fetcher.state !== "idle"}>
              Save contact details
            </Button>
          </div>
        )}
      </fetcher.Form>
    </section>
  );
}

function RetryButton({ id, name }: { id: string; name: string }) {
  const fetcher = useFetcher<SaveResult>();
  useAnswerToast(fetcher.data);
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="retry" />
      <input type="hidden" name="id" value={id} />
      <Button
        type="submit"
        size="sm"
        variant="outline"
        disabled={fetcher.state !== "idle"}
        aria-label={`Retry forwarding the message from ${name}`}
      >
        <Icon name="rotate-cw" /> Retry
      </Button>
    </fetcher.Form>
  );
}

function UnsubscribeButton({ id, email }: { id: string; email: string }) {
  const fetcher = useFetcher<SaveResult>();
  useAnswerToast(fetcher.data);
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="unsubscribe" />
      <input type="hidden" name="id" value={id} />
      <Button
        type="submit"
        size="sm"
        variant="ghost"
        disabled={fetcher.state !== "idle"}
        aria-label={`Unsubscribe ${email}`}
      >
        <Icon name="trash" /> Unsubscribe
      </Button>
    </fetcher.Form>
  );
}
