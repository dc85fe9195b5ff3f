import type { ReactNode } from "react";
import { data, Link } from "react-router";
import type { Route } from "./+types/mail";
import { Icon } from "~/app/components/ui/icon";
import { Badge } from "~/app/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/app/components/ui/card";
import { cn } from "~/app/components/ui/cn";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/app/components/ui/table";
import { pageMeta, rootMetaData } from "~/app/seo/meta";
import { findOutboxMessage, listOutbox, type OutboxSummary } from "~/lib/adapters/mail/mailer.server";
import { database } from "~/lib/request-context";

/**
 * The mail outbox viewer: every e-mail the app stored in mail_outbox (all of them outside
 * production, where SMTP mail is copied too). `?id=` opens one. Never served in production.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const db = database(context);
  const id = new URL(request.url).searchParams.get("id");
  const [messages, selected] = await Promise.all([listOutbox(db), id ? findOutboxMessage(db, id) : undefined]);
  const missing = Boolean(id) && !selected;
  return data({ messages, selected: selected ?? null, missing }, { status: missing ? 404 : 200 });
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    {
      title: "Mail outbox",
      description: "E-mail stored by the app, for development. Not available in production.",
      path: "/dev/mail",
      noIndex: true,
    },
    rootMetaData(matches),
  );
}

// The time zone is fixed so the server and the browser print the same text.
const sentAt = new Intl.DateTimeFormat("en-AU", {
  dateStyle: "medium",
  timeStyle: "medium",
  timeZone: "Australia/Melbourne",
});
const sentAtShort = new Intl.DateTimeFormat("en-AU", {
  day: "numeric",
  month: "short",
  hour: "numeric",
  minute: "2-digit",
  second: "2-digit",
  timeZone: "Australia/Melbourne",
});

/** A short time in the list (the full one on hover). */
function SentAt({ date, className }: { date: Date; className?: string }) {
  return (
    <time dateTime={date.toISOString()} title={sentAt.format(date)} className={className}>
      {sentAtShort.format(date)}
    </time>
  );
}

function DeliveryBadge({ message }: { message: Pick<OutboxSummary, "status" | "delivery"> }) {
  if (message.status === "pending") return <Badge variant="outline">Queued</Badge>;
  if (message.status === "failed") return <Badge variant="destructive">Not delivered</Badge>;
  return message.delivery === "smtp" ? (
    <Badge variant="success">Sent over SMTP</Badge>
  ) : (
    <Badge variant="secondary">Outbox only</Badge>
  );
}

// Trailing punctuation belongs to the sentence, not the link.
const URL_IN_TEXT = /https?:\/\/[^\s<>"]*[^\s<>".,;:!?)\]']/g;

/** Plain text with its http(s) URLs as links; everything else stays text. */
function LinkedText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_IN_TEXT)) {
    parts.push(text.slice(last, match.index));
    parts.push(
      <a key={match.index} href={match[0]} className="text-primary underline underline-offset-2">
        {match[0]}
      </a>,
    );
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  return <>{parts}</>;
}

export default function MailOutbox({ loaderData }: Route.ComponentProps) {
  const { messages, selected, missing } = loaderData;
  return (
    <>
      <div className="h-20 bg-secondary" aria-hidden />
      <div className="mx-auto max-w-7xl space-y-8 px-4 py-10 sm:px-6 lg:px-8">
        <header className="space-y-2">
          <h1 className="font-display text-3xl font-bold tracking-tight sm:text-4xl">Mail outbox</h1>
          <p className="max-w-3xl text-muted-foreground">
            Every e-mail the app sends, kept for development; when{" "}
            <code className="rounded bg-muted px-1 py-0.5 text-sm">SMTP_URL</code> is not set this is the only copy.
            Newest first, up to 50. Not available in production.
          </p>
        </header>

        {missing && (
          <p role="status" className="rounded-lg border border-warning/40 bg-warning/10 px-4 py-3 text-sm">
            That message is not in the outbox.
          </p>
        )}

        {messages.length === 0 ? (
          <Card spacing="roomy" className="items-center px-6 text-center">
            <Icon name="inbox" className="size-10 text-muted-foreground" />
            <h2 className="text-lg font-semibold">No messages yet</h2>
            <p className="max-w-md text-sm text-muted-foreground">
              Sign-up confirmations, sign-in links and other e-mail will appear here as soon as the app sends them.
            </p>
          </Card>
        ) : (
          <div className="grid grid-cols-1 items-start gap-8 lg:grid-cols-2">
            <Card spacing="compact">
              <CardHeader compact>
                <CardTitle as="h2" id="messages-heading">
                  Messages ({messages.length})
                </CardTitle>
              </CardHeader>
              <Table aria-labelledby="messages-heading">
                <TableHeader>
                  <TableRow>
                    <TableHead className="pl-4">Message</TableHead>
                    <TableHead className="hidden sm:table-cell">Sent</TableHead>
                    <TableHead className="pr-4">Delivery</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {messages.map((message) => {
                    const current = message.id === selected?.id;
                    return (
                      <TableRow key={message.id} className={cn(current && "bg-muted")}>
                        {/* Takes the width the other columns leave, truncating long subjects and addresses. */}
                        <TableCell className="w-full max-w-0 pl-4">
                          <Link
                            to={`?id=${message.id}#message`}
                            aria-current={current ? "page" : undefined}
                            className="block truncate font-medium text-primary underline-offset-2 hover:underline"
                          >
                            {message.subject}
                          </Link>
                          <span className="block truncate text-muted-foreground">{message.to}</span>
                          <SentAt date={message.createdAt} className="block text-xs text-muted-foreground sm:hidden" />
                        </TableCell>
                        <TableCell className="hidden whitespace-nowrap text-muted-foreground sm:table-cell">
                          <SentAt date={message.createdAt} />
                        </TableCell>
                        <TableCell className="pr-4">
                          <DeliveryBadge message={message} />
                        </TableCell>
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
            </Card>

            {selected ? (
              <Card id="message" aria-labelledby="message-subject" className="scroll-mt-24">
                <CardHeader>
                  <CardTitle as="h2" id="message-subject" className="break-words">
                    {selected.subject}
                  </CardTitle>
                  <dl className="grid grid-cols-[auto_minmax(0,1fr)] items-baseline gap-x-4 gap-y-1 text-sm">
                    <dt className="text-muted-foreground">To</dt>
                    <dd className="break-all">{selected.to}</dd>
                    <dt className="text-muted-foreground">Sent</dt>
                    <dd>
                      <time dateTime={selected.createdAt.toISOString()}>{sentAt.format(selected.createdAt)}</time>
                    </dd>
                    <dt className="text-muted-foreground">Delivery</dt>
                    <dd>
                      <DeliveryBadge message={selected} />
                    </dd>
                  </dl>
                </CardHeader>
                <CardContent className="space-y-6">
                  <section aria-labelledby="html-part-heading" className="space-y-2">
                    <h3 id="html-part-heading" className="font-semibold">
                      HTML
                    </h3>
                    {/* Mail HTML is untrusted: an empty sandbox runs no scripts and gets an opaque origin. */}
                    <iframe
                      title={`HTML part of “${selected.subject}”`}
                      srcDoc={selected.html}
                      sandbox=""
                      className="h-[36rem] w-full rounded-md border bg-white"
                    />
                  </section>
                  <section aria-labelledby="text-part-heading" className="space-y-2">
                    <h3 id="text-part-heading" className="font-semibold">
                      Plain text
                    </h3>
                    <pre className="overflow-x-auto rounded-md border bg-muted p-4 font-mono text-sm break-words whitespace-pre-wrap">
                      <LinkedText text={selected.text} />
                    </pre>
                  </section>
                </CardContent>
              </Card>
            ) : (
              <Card spacing="roomy" className="px-6 text-center">
                <CardDescription>Choose a message to read it.</CardDescription>
              </Card>
            )}
          </div>
        )}
      </div>
    </>
  );
}
