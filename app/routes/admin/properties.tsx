import { useEffect } from "react";
import { Link, redirect, useFetcher } from "react-router";
import { Icon } from "~/app/components/ui/icon";
import { toast } from "~/app/components/ui/toast";
import type { Route } from "./+types/properties";
import { statusFor } from "~/lib/http/refusal-status";
import { COMMON_REFUSALS } from "~/lib/refusal-code";
import { PropertiesBrowser } from "~/app/components/listings/properties-browser";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "~/app/components/ui/alert-dialog";
import { Button, buttonVariants } from "~/app/components/ui/button";
import { Input } from "~/app/components/ui/input";
import { NativeSelect } from "~/app/components/ui/native-select";
import { adminAnswer, auditMeta, type AdminActionResult } from "~/app/http/admin-answer.server";
import { gatedViewer } from "~/app/http/gates.server";
import { pageMeta, rootMetaData } from "~/app/seo/meta";
import { formText } from "~/lib/form-data";
import { logger } from "~/lib/logger.server";
import { database } from "~/lib/request-context";
import {
  MODERATION_MESSAGES,
  MODERATION_REASON_MAX,
  MODERATION_STATUS_OPTIONS,
  parseModeration,
  statusLabel,
} from "~/modules/listings/moderation";
import { deleteListingAsAdmin, moderateListing, propertiesForModeration } from "~/modules/listings/moderation.server";
import { listingScope } from "~/modules/listings/permissions";
import {
  pageCountFor,
  parsePropertiesParams,
  propertiesHref,
  type PropertySummary,
} from "~/modules/listings/properties";

const PATH = "/admin/properties";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    { title: "Properties Management", description: "Every listing, with moderation.", path: PATH, noIndex: true },
    rootMetaData(matches),
  );
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = gatedViewer(context);
  const url = new URL(request.url);
  const query = parsePropertiesParams(url.searchParams);
  const result = await propertiesForModeration(database(context), viewer, query);
  if (!result.ok) throw new Response("Forbidden", { status: statusFor(COMMON_REFUSALS[result.reason]) });
  const pageCount = pageCountFor(result.total, query.pageSize);
  if (query.page > pageCount) throw redirect(propertiesHref(PATH, { ...query, page: pageCount }));
  return { query, rows: result.rows, total: result.total, canDelete: listingScope(viewer) === "all" };
}

/** `intent` moderate (`listingId`, `status`, `reason`) or delete (`listingId`, admins only). */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = gatedViewer(context);
  const form = await request.formData();
  const intent = formText(form, "intent");
  const listingId = formText(form, "listingId");
  const answer = (result: AdminActionResult, status: number) => adminAnswer(request, result, status);
  try {
    if (intent === "moderate") {
      const parsed = parseModeration(formText(form, "status"), formText(form, "reason"));
      if (!parsed.ok) return answer({ ok: false, error: parsed.error }, 400);
      const result = await moderateListing(database(context), viewer, listingId, parsed.value, auditMeta(context));
      if (result.ok)
        return answer({ ok: true, message: MODERATION_MESSAGES.saved(statusLabel(parsed.value.status)) }, 200);
      return answer(
        {
          ok: false,
          error: result.reason === "forbidden" ? MODERATION_MESSAGES.forbidden : MODERATION_MESSAGES.notFound,
        },
        statusFor(COMMON_REFUSALS[result.reason]),
      );
    }
    if (intent === "delete") {
      const result = await deleteListingAsAdmin(database(context), viewer, listingId, auditMeta(context));
      if (result.ok) return answer({ ok: true, message: MODERATION_MESSAGES.deleted }, 200);
      return answer(
        {
          ok: false,
          error: result.reason === "forbidden" ? MODERATION_MESSAGES.deleteForbidden : MODERATION_MESSAGES.notFound,
        },
        statusFor(COMMON_REFUSALS[result.reason]),
      );
    }
    return answer({ ok: false, error: "Invalid request." }, 400);
  } catch (error) {
    logger.error({ err: error, userId: viewer.id }, "listing moderation failed");
    return answer({ ok: false, error: MODERATION_MESSAGES.failed }, 500);
  }
}

function useAnswerToast(result: AdminActionResult | undefined) {
  useEffect(() => {
    if (!result) return;
    if (result.ok) toast.success("Success", { description: result.message });
    else toast.error("Error", { description: result.error });
  }, [result]);
}

function ModerationControls({
  property,
  headingId,
  canDelete,
}: {
  property: PropertySummary;
  headingId: string;
  canDelete: boolean;
}) {
  const moderate = useFetcher<AdminActionResult>();
  const remove = useFetcher<AdminActionResult>();
  useAnswerToast(moderate.data);
  useAnswerToast(remove.data);
  const busy = moderate.state !== "idle" || remove.state !== "idle";
  const statusId = `moderation-status-${property.id}`;
  const reasonId = `moderation-reason-${property.id}`;
  return (
    <div className="space-y-2">
      <moderate.Form method="post" className="space-y-2" aria-describedby={headingId}>
        <input type="hidden" name="intent" value="moderate" />
        <input type="hidden" name="listingId" value={property.id} />
        <div className="flex gap-2">
          <label htmlFor={statusId} className="sr-only">
            Status of {property.title}
          </label>
          <NativeSelect id={statusId} name="status" defaultValue={property.status} className="flex-1">
            {MODERATION_STATUS_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </NativeSelect>
          <Button type="submit" size={null} variant="outline" disabled={busy} className="h-10 gap-2 px-3 text-xs">
            Save
          </Button>
        </div>
        <label htmlFor={reasonId} className="sr-only">
          Reason for {property.title}
        </label>
        <Input
          id={reasonId}
          name="reason"
          placeholder="Reason (shown to the landlord)"
          maxLength={MODERATION_REASON_MAX}
          defaultValue={property.moderationReason ?? ""}
        />
      </moderate.Form>
      {canDelete && (
        <div className="flex items-center gap-2">
          <Link
            to={`/list-property?edit=${property.id}`}
            className={buttonVariants({ variant: "outline", size: "sm" })}
            aria-label={`Edit ${property.title}`}
          >
            Edit
          </Link>
          <AlertDialog>
            <AlertDialogTrigger asChild>
              <Button
                type="button"
                variant="ghost-destructive"
                size="sm"
                disabled={busy}
                aria-label={`Delete ${property.title}`}
                className="ml-auto"
              >
                <Icon name="trash" />
                Delete
              </Button>
            </AlertDialogTrigger>
            <AlertDialogContent>
              <AlertDialogHeader>
                <AlertDialogTitle>Delete listing</AlertDialogTitle>
                <AlertDialogDescription>
                  This removes &quot;{property.title}&quot; from Laneway Rooms for good. This cannot be undone.
                </AlertDialogDescription>
              </AlertDialogHeader>
              <AlertDialogFooter>
                <AlertDialogCancel>Cancel</AlertDialogCancel>
                <AlertDialogAction
                  variant="destructive"
                  onClick={() =>
                    void remove.submit({ intent: "delete", listingId: property.id }, { method: "post", action: PATH })
                  }
                >
                  Delete
                </AlertDialogAction>
              </AlertDialogFooter>
            </AlertDialogContent>
          </AlertDialog>
        </div>
      )}
    </div>
  );
}

export default function AdminProperties({ loaderData }: Route.ComponentProps) {
  const { query, rows, total, canDelete } = loaderData;
  return (
    <PropertiesBrowser
      title="Properties Management"
      intro="Every listing on Laneway Rooms. Hidden and under-review listings are off the public site; the landlord sees the reason."
      scope="all"
      basePath={PATH}
      rows={rows}
      total={total}
      {...query}
      actions={(property, headingId) => (
        <ModerationControls property={property} headingId={headingId} canDelete={canDelete} />
      )}
    />
  );
}
