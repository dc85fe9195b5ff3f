import { data } from "react-router";
import type { Route } from "./+types/sandbox-invoice";
import { billingDeps } from "~/app/http/billing.server";
import { requireViewer } from "~/app/http/viewer.server";
import { pageMeta, rootMetaData } from "~/app/seo/meta";
import { sandboxInvoice } from "~/modules/billing/sandbox.server";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    { title: "Invoice", description: "A Professional Plan invoice.", path: "/billing/sandbox/invoices", noIndex: true },
    rootMetaData(matches),
  );
}

/** A sandbox invoice, for its owner only (anyone else gets the same 404 as for a missing one). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  const invoice = await sandboxInvoice(billingDeps(context), viewer, params.invoiceId);
  if (!invoice) throw data({ message: "Invoice not found" }, { status: 404 });
  return invoice;
}

export default function SandboxInvoice({ loaderData: invoice }: Route.ComponentProps) {
  return (
    <>
      <div className="h-20 bg-secondary" aria-hidden />
      <article className="mx-auto max-w-2xl px-4 pt-8 pb-16">
        <p className="text-xs font-semibold tracking-widest text-amber-700 uppercase">Test mode · sandbox</p>
        <h1 className="mt-2 font-display text-3xl font-bold text-slate-900">Invoice {invoice.number}</h1>
        <dl className="mt-6 grid gap-3 rounded-2xl border p-6 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-slate-500">Billed to</dt>
            <dd>{invoice.email}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Date</dt>
            <dd>{invoice.date}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Item</dt>
            <dd>
              {invoice.plan} ({invoice.period})
            </dd>
          </div>
          <div>
            <dt className="text-slate-500">Amount</dt>
            <dd>{invoice.amount}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Status</dt>
            <dd className="capitalize">{invoice.status}</dd>
          </div>
        </dl>
      </article>
    </>
  );
}
