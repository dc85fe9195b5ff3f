import { Form } from "react-router";
import type { Route } from "./+types/payments";
import { Badge } from "~/app/components/ui/badge";
import { Button } from "~/app/components/ui/button";
import { Input } from "~/app/components/ui/input";
import { Label } from "~/app/components/ui/label";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/app/components/ui/table";
import { gatedViewer } from "~/app/http/gates.server";
import { pageMeta, rootMetaData } from "~/app/seo/meta";
import { database } from "~/lib/request-context";
import { statusFor } from "~/lib/http/refusal-status";
import { COMMON_REFUSALS } from "~/lib/refusal-code";
import { listPaymentEvents } from "~/modules/billing/payment-events.server";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    {
      title: "Payment events",
      description: "Events from the payment provider.",
      path: "/admin/payments",
      noIndex: true,
    },
    rootMetaData(matches),
  );
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const customer = new URL(request.url).searchParams.get("customer") ?? "";
  const result = await listPaymentEvents(database(context), gatedViewer(context), { customer });
  if (!result.ok) throw new Response(null, { status: statusFor(COMMON_REFUSALS[result.reason]) });
  return { events: result.events, customer };
}

const when = new Intl.DateTimeFormat("en-AU", {
  dateStyle: "medium",
  timeStyle: "medium",
  timeZone: "Australia/Melbourne",
});

export default function PaymentEvents({ loaderData }: Route.ComponentProps) {
  return (
    <section
      aria-labelledby="payments-heading"
      className="mx-auto max-w-7xl space-y-6 px-4 pt-28 pb-16 sm:px-6 lg:px-8"
    >
      <div>
        <h1 id="payments-heading" className="font-display text-3xl font-bold text-slate-900">
          Payment events
        </h1>
        <p className="mt-1 text-slate-600">Every event the payment provider sent, and what became of it.</p>
      </div>
      <Form method="get" className="flex max-w-xl flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1 space-y-2">
          <Label htmlFor="customer">Customer (e-mail or provider id)</Label>
          <Input id="customer" name="customer" defaultValue={loaderData.customer} />
        </div>
        <Button type="submit">Filter</Button>
      </Form>
      {loaderData.events.length === 0 ? (
        <p className="text-slate-600">No payment events.</p>
      ) : (
        <div className="overflow-x-auto">
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Received</TableHead>
                <TableHead>Type</TableHead>
                <TableHead>Customer</TableHead>
                <TableHead>Outcome</TableHead>
                <TableHead>Event id</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {loaderData.events.map((event) => (
                <TableRow key={event.id}>
                  <TableCell className="whitespace-nowrap">{when.format(new Date(event.receivedAt))}</TableCell>
                  <TableCell className="font-mono text-xs">{event.type}</TableCell>
                  <TableCell>{event.customerEmail ?? event.customerId ?? "—"}</TableCell>
                  <TableCell>
                    {event.status === "processed" ? (
                      <Badge variant="success">Processed</Badge>
                    ) : (
                      <div className="space-y-1">
                        <Badge variant="destructive">Failed ({event.attempts})</Badge>
                        <p className="max-w-xs text-xs break-words text-destructive">{event.error}</p>
                      </div>
                    )}
                  </TableCell>
                  <TableCell className="font-mono text-xs break-all">{event.id}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </section>
  );
}
