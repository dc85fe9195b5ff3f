import { Form, Link } from "react-router";
import type { Route } from "./+types/audit";
import { Button } from "~/app/components/ui/button";
import { Input } from "~/app/components/ui/input";
import { Label } from "~/app/components/ui/label";
import { NativeSelect } from "~/app/components/ui/native-select";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/app/components/ui/table";
import { gatedViewer } from "~/app/http/gates.server";
import { pageMeta, rootMetaData } from "~/app/seo/meta";
import { redirectWithNotice } from "~/lib/flash.server";
import { database } from "~/lib/request-context";
import { AUDIT_ACTIONS, auditHref, parseAuditQuery, type AuditRow } from "~/modules/audit/audit-log";
import { listAuditLog } from "~/modules/audit/audit-log.server";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    { title: "Audit Log", description: "Every back-office change.", path: "/admin/audit", noIndex: true },
    rootMetaData(matches),
  );
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = gatedViewer(context);
  const query = parseAuditQuery(new URL(request.url).searchParams);
  const result = await listAuditLog(database(context), viewer, query);
  if (!result.ok) {
    throw redirectWithNotice("/admin/users", {
      title: "Access Denied",
      description: "Only administrators can read the audit log.",
      tone: "error",
    });
  }
  return { query, rows: result.rows, hasNext: result.hasNext };
}

const timeFormat = new Intl.DateTimeFormat("en-AU", {
  dateStyle: "medium",
  timeStyle: "medium",
  timeZone: "Australia/Melbourne",
});
const actionLabel = (action: string) => AUDIT_ACTIONS.find((option) => option.value === action)?.label ?? action;
/** An instant as entries record it (ISO 8601 in UTC), e.g. a subscription's start. */
const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)$/;

/** A recorded value as people read it: instants in the same local time as the "When" column. */
function show(value: unknown): string {
  if (value === null || value === undefined) return "—";
  if (typeof value === "string" && TIMESTAMP.test(value)) return timeFormat.format(new Date(value));
  return String(value);
}

function Change({ row }: { row: AuditRow }) {
  const keys = [...new Set([...Object.keys(row.before ?? {}), ...Object.keys(row.after ?? {})])];
  return (
    <ul className="space-y-0.5 text-xs">
      {keys.map((key) => (
        <li key={key}>
          <span className="font-medium">{key}</span>: {show(row.before?.[key])} → {show(row.after?.[key])}
        </li>
      ))}
    </ul>
  );
}

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { query, rows, hasNext } = loaderData;
  return (
    <section aria-labelledby="audit-heading" className="space-y-6">
      <div>
        <h1 id="audit-heading" className="font-display text-3xl font-bold text-slate-900">
          Audit Log
        </h1>
        <p className="mt-1 text-slate-600">Every back-office change, newest first. Entries cannot be edited.</p>
      </div>
      <Form method="get" className="grid gap-3 sm:grid-cols-[auto_1fr_1fr_auto] sm:items-end">
        <div className="space-y-1">
          <Label htmlFor="audit-action">Action</Label>
          <NativeSelect id="audit-action" name="action" defaultValue={query.action ?? ""} className="w-full">
            <option value="">All actions</option>
            {AUDIT_ACTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="space-y-1">
          <Label htmlFor="audit-actor">Who (e-mail)</Label>
          <Input id="audit-actor" name="actor" defaultValue={query.actor} />
        </div>
        <div className="space-y-1">
          <Label htmlFor="audit-target">Target id</Label>
          <Input id="audit-target" name="target" defaultValue={query.target} />
        </div>
        <Button type="submit">Filter</Button>
      </Form>
      <Table aria-label="Audit log" stacked>
        <TableHeader>
          <TableRow>
            <TableHead>When</TableHead>
            <TableHead>Who</TableHead>
            <TableHead>What</TableHead>
            <TableHead>Target</TableHead>
            <TableHead>Change</TableHead>
            <TableHead>Reason</TableHead>
            <TableHead>Address</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={7} spacing="xl" className="text-center text-slate-600">
                No entries match these filters.
              </TableCell>
            </TableRow>
          ) : (
            rows.map((row) => (
              <TableRow key={row.id} data-audit-entry>
                <TableCell className="whitespace-nowrap">{timeFormat.format(new Date(row.createdAt))}</TableCell>
                <TableCell label="Who">{row.actorEmail}</TableCell>
                <TableCell label="What" className="whitespace-nowrap">
                  {actionLabel(row.action)}
                </TableCell>
                <TableCell label="Target" className="text-xs">
                  <span>
                    {row.targetType}
                    <br />
                    <Link className="break-all underline" to={auditHref({ target: row.targetId })}>
                      {row.targetId}
                    </Link>
                  </span>
                </TableCell>
                <TableCell label="Change">
                  <Change row={row} />
                </TableCell>
                <TableCell label="Reason" className="text-xs">
                  {row.reason ?? "—"}
                </TableCell>
                <TableCell label="Address" className="text-xs">
                  {row.clientAddress}
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
      <nav aria-label="Pagination" className="flex items-center justify-between">
        {query.page > 1 ? (
          <Link className="text-sm font-medium underline" to={auditHref({ ...query, page: query.page - 1 })}>
            Previous
          </Link>
        ) : (
          <span />
        )}
        <span className="text-sm text-slate-600">Page {query.page}</span>
        {hasNext ? (
          <Link className="text-sm font-medium underline" to={auditHref({ ...query, page: query.page + 1 })}>
            Next
          </Link>
        ) : (
          <span />
        )}
      </nav>
    </section>
  );
}
