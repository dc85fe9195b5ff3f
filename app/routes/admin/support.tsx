import { Link } from "react-router";
import type { Route } from "./+types/support";
import { Badge } from "~/app/components/ui/badge";
import { cn } from "~/app/components/ui/cn";
import { Pagination } from "~/app/components/ui/pagination";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/app/components/ui/table";
import { gatedViewer } from "~/app/http/gates.server";
import { pageMeta, rootMetaData } from "~/app/seo/meta";
import { statusFor } from "~/lib/http/refusal-status";
import { database } from "~/lib/request-context";
import { COMMON_REFUSALS } from "~/lib/refusal-code";
import { supportTime } from "~/modules/support/support-format";
import { listSupportInbox, SUPPORT_PAGE_SIZE } from "~/modules/support/support-requests.server";

const PATH = "/admin/support";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    { title: "Support requests", description: "Help requests from users, Priority first.", path: PATH, noIndex: true },
    rootMetaData(matches),
  );
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = Math.max(
    1,
    Math.min(Number.parseInt(new URL(request.url).searchParams.get("page") ?? "1", 10) || 1, 10_000),
  );
  const inbox = await listSupportInbox(database(context), gatedViewer(context), { page });
  if (!inbox.ok) throw new Response("Forbidden", { status: statusFor(COMMON_REFUSALS[inbox.reason]) });
  return { ...inbox, page, pageCount: Math.max(1, Math.ceil(inbox.total / SUPPORT_PAGE_SIZE)) };
}

export default function AdminSupport({ loaderData }: Route.ComponentProps) {
  const { rows, total, open, overdue, page, pageCount } = loaderData;
  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <h1 className="font-display text-3xl font-bold text-slate-900">Support requests</h1>
        <p className="text-sm text-slate-600">
          Open requests first, Priority (active landlords) before the rest, oldest first. {open} open of {total}
          {overdue > 0 && (
            <>
              {" "}
              · <strong className="text-red-800">{overdue} overdue</strong>
            </>
          )}
          .
        </p>
      </div>
      <Table aria-label="Support requests">
        <TableHeader>
          <TableRow>
            <TableHead>Received</TableHead>
            <TableHead>From</TableHead>
            <TableHead>Subject</TableHead>
            <TableHead>Priority</TableHead>
            <TableHead>First answer due</TableHead>
            <TableHead>Status</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={6} spacing="lg" className="text-center text-slate-600">
                No support requests yet.
              </TableCell>
            </TableRow>
          ) : (
            rows.map((row) => (
              <TableRow key={row.id} data-overdue={row.overdue || undefined} className={cn(row.overdue && "bg-red-50")}>
                <TableCell className="whitespace-nowrap">{supportTime(row.createdAt)}</TableCell>
                <TableCell>
                  <p className="font-medium">{row.senderName}</p>
                  <p className="text-xs text-slate-600">{row.senderEmail}</p>
                </TableCell>
                <TableCell className="max-w-xs min-w-40">
                  <Link
                    to={`${PATH}/${row.id}`}
                    className="font-medium break-words text-slate-900 underline underline-offset-4"
                  >
                    {row.subject}
                  </Link>
                  {row.listingTitle && <p className="text-xs text-slate-600">About “{row.listingTitle}”</p>}
                </TableCell>
                <TableCell>{row.priority ? <Badge variant="default">Priority</Badge> : "—"}</TableCell>
                <TableCell className="whitespace-nowrap">
                  {row.answerDueAt ? supportTime(row.answerDueAt) : "—"}
                  {row.overdue && (
                    <Badge variant="destructive" className="ml-2">
                      Overdue
                    </Badge>
                  )}
                </TableCell>
                <TableCell>
                  <Badge variant={row.answer ? "success" : "outline"}>{row.answer ? "Answered" : "Open"}</Badge>
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
      <Pagination
        page={page}
        pageCount={pageCount}
        hrefForPage={(next) => (next === 1 ? PATH : `${PATH}?page=${next}`)}
      />
    </div>
  );
}
