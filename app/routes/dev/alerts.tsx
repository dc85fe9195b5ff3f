import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/alerts";
import { Button } from "~/app/components/ui/button";
import { FormField } from "~/app/components/ui/form-field";
import { Input } from "~/app/components/ui/input";
import { pageMeta, rootMetaData } from "~/app/seo/meta";
import { formText } from "~/lib/form-data";
import { services } from "~/lib/request-context";
import { askLandlordsToConfirm, pauseUnconfirmedListings } from "~/modules/listings/freshness.server";
import { sendSavedSearchAlerts } from "~/modules/saved-searches/alerts.server";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    {
      title: "Alerts clock",
      description: "Run saved-search alerts and listing freshness, for development.",
      path: "/dev/alerts",
      noIndex: true,
    },
    rootMetaData(matches),
  );
}

const DAY_MS = 86_400_000;

/** Runs a task now, or as if `days` days had passed (development only; the /dev gate applies). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const days = Number(formText(form, "days") || "0");
  if (!Number.isInteger(days) || days < 0 || days > 400) {
    return data({ ok: false, message: "Days must be a whole number from 0 to 400." }, { status: 400 });
  }
  const at = new Date(Date.now() + days * DAY_MS);
  const deps = { ...services(context), now: () => at };
  switch (formText(form, "task")) {
    case "alerts": {
      let sent = 0;
      for (let batch = await sendSavedSearchAlerts(deps); batch.searches > 0; batch = await sendSavedSearchAlerts(deps))
        sent += batch.sent;
      return { ok: true, message: `Saved-search alerts: ${sent} e-mail(s) queued.` };
    }
    case "freshness": {
      const listingId = formText(form, "listingId").trim();
      const scope = listingId ? { listingIds: [listingId] } : {};
      if (listingId && !/^[0-9a-f-]{36}$/i.test(listingId)) {
        return data({ ok: false, message: "The listing id is not a UUID." }, { status: 400 });
      }
      const asked = await askLandlordsToConfirm(deps, scope);
      const paused = await pauseUnconfirmedListings(deps, scope);
      return { ok: true, message: `Listing freshness: ${asked} listing(s) asked about, ${paused} paused.` };
    }
    default:
      return data({ ok: false, message: "Unknown task." }, { status: 400 });
  }
}

export default function DevAlerts({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  return (
    <>
      <div className="h-20 bg-secondary" aria-hidden />
      <section aria-labelledby="dev-alerts-heading" className="mx-auto max-w-3xl space-y-6 px-4 pt-8 pb-16">
        <div>
          <h1 id="dev-alerts-heading" className="font-display text-3xl font-bold text-slate-900">
            Alerts clock
          </h1>
          <p className="mt-1 text-slate-600">
            Runs the saved-search alerts and the listing-freshness task now, or as if some days had passed. The e-mails
            appear in <a href="/dev/mail">the outbox</a>.
          </p>
        </div>
        <p role="status" className={actionData?.ok === false ? "text-destructive" : "text-emerald-700"}>
          {actionData?.message}
        </p>
        <Form method="post" className="flex flex-wrap items-end gap-4">
          <FormField id="dev-alerts-days" label="Days from now">
            <Input
              id="dev-alerts-days"
              name="days"
              type="number"
              min={0}
              max={400}
              defaultValue={0}
              fullWidth={false}
              className="w-32"
            />
          </FormField>
          <FormField id="dev-alerts-listing" label="Only this listing (freshness; optional)">
            <Input
              id="dev-alerts-listing"
              name="listingId"
              fullWidth={false}
              className="w-96 max-w-full"
              placeholder="Listing id"
            />
          </FormField>
          <Button type="submit" name="task" value="alerts" disabled={busy}>
            Run saved-search alerts
          </Button>
          <Button type="submit" name="task" value="freshness" variant="outline" disabled={busy}>
            Run listing freshness
          </Button>
        </Form>
      </section>
    </>
  );
}
