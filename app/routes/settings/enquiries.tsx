import { Form, Link } from "react-router";
import type { Route } from "./+types/enquiries";
import { Icon } from "~/app/components/ui/icon";
import { useRevalidateOnFocus } from "~/app/components/enquiries/use-revalidate-on-focus";
import { ListingPhoto } from "~/app/components/listings/listing-photo";
import { cn } from "~/app/components/ui/cn";
import { requireViewer } from "~/app/http/viewer.server";
import { pageMeta, rootMetaData } from "~/app/seo/meta";
import { database } from "~/lib/request-context";
import { listInbox } from "~/modules/enquiries/inbox.server";
import { stripEmoji } from "~/modules/listings/listing-text";
import { IdVerifiedBadge } from "~/app/components/identity/id-verified-badge";
import { Button } from "~/app/components/ui/button";
import {
  parseScreeningFilters,
  SCREENING_FILTER_KEYS,
  SCREENING_FILTER_LABELS,
  SCREENING_FILTER_PARAM,
  type ScreeningFilterKey,
} from "~/modules/screening/screening-filters";
import { screeningFilterSql } from "~/modules/screening/screening-filters.server";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    {
      title: "Enquiries",
      description: "Your conversations with tenants and landlords.",
      path: "/settings/enquiries",
      noIndex: true,
    },
    rootMetaData(matches),
  );
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  const met = parseScreeningFilters(new URL(request.url).searchParams);
  const only = screeningFilterSql(viewer, met, new Date());
  return {
    conversations: await listInbox(database(context), viewer, { only }),
    met,
    canFilter: viewer.role !== "tenant" || met.length > 0,
  };
}

const STATUS_LABEL = { open: null, declined: "Declined", let: "Let" } as const;
const INVITATION_LABEL = { pending: "Invitation", accepted: "Invited", declined: "Invitation declined" } as const;

function formatWhen(iso: string): string {
  return new Intl.DateTimeFormat("en-AU", {
    day: "numeric",
    month: "short",
    hour: "numeric",
    minute: "2-digit",
    timeZone: "Australia/Melbourne",
  }).format(new Date(iso));
}

export default function EnquiriesPage({ loaderData }: Route.ComponentProps) {
  useRevalidateOnFocus();
  const { conversations, met, canFilter } = loaderData;
  return (
    <section aria-labelledby="enquiries-heading">
      <h1 id="enquiries-heading" className="font-display text-3xl font-bold tracking-tight">
        Enquiries
      </h1>
      <p className="mt-2 text-muted-foreground">Your conversations about rooms, as a tenant and as a landlord.</p>
      {canFilter && <ScreeningFilters met={met} />}
      {met.length > 0 && (
        <p role="status" className="mt-4 text-sm text-slate-700">
          {conversations.length === 0
            ? "No enquiry about your listings meets every fact you chose."
            : `${conversations.length} ${conversations.length === 1 ? "enquiry meets" : "enquiries meet"} every fact you chose.`}
        </p>
      )}
      {met.length > 0 && conversations.length === 0 ? null : conversations.length === 0 ? (
        <div className="mt-8 flex flex-col items-center rounded-2xl border border-dashed px-6 py-16 text-center">
          <Icon name="message-square" className="size-10 text-muted-foreground" />
          <p className="mt-4 text-lg font-semibold">No enquiries yet</p>
          <p className="mt-2 max-w-md text-sm text-muted-foreground">
            When you enquire about a room, or someone enquires about yours, the conversation appears here.
          </p>
          <Link
            to="/search"
            className="mt-6 rounded-full bg-primary px-5 py-2.5 text-sm font-semibold text-primary-foreground hover:bg-primary-hover"
          >
            Browse listings
          </Link>
        </div>
      ) : (
        <ul aria-label="Conversations" className="mt-6 divide-y rounded-2xl border bg-card">
          {conversations.map((conversation) => (
            <li key={conversation.id}>
              <Link
                to={`/settings/enquiries/${conversation.id}`}
                className={cn("flex gap-4 p-4 hover:bg-slate-50", conversation.unread && "bg-orange-50/60")}
              >
                <ListingPhoto
                  photo={conversation.photo}
                  alt=""
                  sizes="80px"
                  className="size-16 shrink-0 overflow-hidden rounded-lg sm:size-20"
                />
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                    <p className={cn("truncate", conversation.unread ? "font-bold" : "font-semibold")}>
                      {stripEmoji(conversation.listingTitle)}
                    </p>
                    <p className="text-xs text-muted-foreground">
                      <time dateTime={conversation.lastMessageAt}>{formatWhen(conversation.lastMessageAt)}</time>
                    </p>
                  </div>
                  <p className="mt-0.5 text-sm text-slate-700">
                    {conversation.side === "landlord" ? "From" : "With"} {conversation.otherName}
                    {conversation.otherVerified && <IdVerifiedBadge className="ml-2" />}
                    {conversation.unread && (
                      <span className="ml-2 rounded-full bg-red-700 px-2 py-0.5 text-xs font-bold text-white">New</span>
                    )}
                    {conversation.invitation && (
                      <span className="ml-2 rounded-full bg-sky-100 px-2 py-0.5 text-xs font-semibold text-sky-900">
                        {INVITATION_LABEL[conversation.invitation]}
                      </span>
                    )}
                    {STATUS_LABEL[conversation.status] && (
                      <span className="ml-2 rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-800">
                        {STATUS_LABEL[conversation.status]}
                      </span>
                    )}
                  </p>
                  <p className="mt-1 line-clamp-2 text-sm text-muted-foreground">{conversation.lastMessage}</p>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The screening filters: a GET form, so a filtered inbox is a link and works without JavaScript. */
function ScreeningFilters({ met }: { met: ScreeningFilterKey[] }) {
  return (
    <Form method="get" className="mt-6 rounded-2xl border bg-card p-4">
      <fieldset>
        <legend className="font-semibold">Show enquiries about your listings where</legend>
        <div className="mt-3 grid gap-2 sm:grid-cols-2">
          {SCREENING_FILTER_KEYS.map((key) => (
            <label key={key} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                name={SCREENING_FILTER_PARAM}
                value={key}
                defaultChecked={met.includes(key)}
                className="size-4"
              />
              {SCREENING_FILTER_LABELS[key]}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <Button type="submit" size="sm">
          <Icon name="search" />
          Filter enquiries
        </Button>
        {met.length > 0 && (
          <Link to="/settings/enquiries" className="text-sm font-medium text-primary hover:underline">
            Show all enquiries
          </Link>
        )}
      </div>
    </Form>
  );
}
