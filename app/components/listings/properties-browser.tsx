import { useEffect, useId, type FormEvent, type ReactNode } from "react";
import { Link, useFetcher, useNavigate, useNavigation } from "react-router";
import { Icon } from "~/app/components/ui/icon";
import { toast } from "~/app/components/ui/toast";
import { useHydrated } from "~/app/components/ui/use-hydrated";
import { ListingGrid, ListingGridSkeleton } from "~/app/components/listings/listing-grid";
import { ListingPhoto } from "~/app/components/listings/listing-photo";
import { LIST_FIRST_ROOM } from "~/app/components/listings/first-listing-prompt";
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
import { Badge, type BadgeProps } from "~/app/components/ui/badge";
import { Button, buttonVariants } from "~/app/components/ui/button";
import { cn } from "~/app/components/ui/cn";
import { Input } from "~/app/components/ui/input";
import { Label } from "~/app/components/ui/label";
import { NativeSelect } from "~/app/components/ui/native-select";
import { Pagination } from "~/app/components/ui/pagination";
import { formatWeeklyRent } from "~/modules/listings/listing-text";
import { isModerated, type NotPublicReason } from "~/modules/listings/visibility";
import { NOT_PUBLIC_REASON_TEXT } from "~/modules/listings/visibility-text";
import {
  pageCountFor,
  PROPERTIES_PAGE_SIZES,
  propertiesHref,
  type PropertyActionResult,
  type PropertySummary,
} from "~/modules/listings/properties";

export interface PropertiesBrowserProps {
  /** The page's heading: 'Your Properties', 'All Properties', 'Properties Management'. */
  title: string;
  /** One page of listings, newest first. */
  rows: PropertySummary[];
  /** How many listings match the search in all. */
  total: number;
  /** The search the rows match ("" for none), the current page (1-based) and the page size. */
  q: string;
  page: number;
  pageSize: number;
  /** The page's path: search, page size and page links stay on it, and its route's action runs the card actions. */
  basePath: string;
  /** Whose listings these are: the viewer's own (a landlord) or everybody's (an admin); words the empty state. */
  scope: "own" | "all";
  /** The card's controls instead of edit, mark let and delete (the moderators' screen). */
  actions?: (property: PropertySummary, headingId: string) => ReactNode;
  /** The text under the heading. */
  intro?: string;
}

const STATUS_BADGES: Record<PropertySummary["status"], { label: string; variant: BadgeProps["variant"] }> = {
  available: { label: "Available", variant: "success" },
  under_review: { label: "Under review", variant: "warning" },
  let: { label: "Let", variant: "secondary" },
  hidden: { label: "Hidden", variant: "destructive" },
};

/** A listing the public does not see for a reason other than moderation has this badge (paused has its own). */
const NOT_LISTED_BADGE = { label: "Not listed", variant: "warning" } as const;

const PRIMARY_LINK =
  "mt-6 rounded-full bg-primary px-5 py-2.5 text-sm font-semibold text-primary-foreground hover:bg-primary-hover";

/**
 * A searchable, paged grid of listings to manage: edit, mark let or available, delete. The URL holds
 * the state (`?q=&pageSize=&page=`), so every view is a link and works without JavaScript; the card
 * actions post `intent` and `listingId` (and `status`) to the page's own action.
 */
export function PropertiesBrowser({
  title,
  rows,
  total,
  q,
  page,
  pageSize,
  basePath,
  scope,
  actions,
  intro,
}: PropertiesBrowserProps) {
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === basePath;
  const pageCount = pageCountFor(total, pageSize);

  return (
    <section aria-labelledby="properties-heading" className="space-y-6">
      <div>
        <h1 id="properties-heading" className="font-display text-3xl font-bold text-slate-900">
          {title}
        </h1>
        <p className="mt-1 text-slate-600">
          {intro ?? (scope === "own" ? "The rooms you list on Laneway Rooms." : "Every listing on Laneway Rooms.")}{" "}
          Newest first.
        </p>
      </div>
      {/* key: a back/forward navigation re-fills the fields from the URL. */}
      <PropertiesToolbar key={`${q}|${pageSize}`} q={q} pageSize={pageSize} basePath={basePath} total={total} />
      {loading ? (
        <ListingGridSkeleton count={3} label="Loading properties" narrow />
      ) : rows.length === 0 ? (
        <EmptyState searched={q !== ""} scope={scope} clearHref={propertiesHref(basePath, { pageSize })} />
      ) : (
        <ListingGrid label="Properties" narrow>
          {rows.map((property, index) => (
            <li key={property.id} className="flex">
              <PropertyCard property={property} priority={index < 3 && page === 1} actions={actions} />
            </li>
          ))}
        </ListingGrid>
      )}
      <Pagination
        className="pt-4"
        page={page}
        pageCount={pageCount}
        hrefForPage={(target) => propertiesHref(basePath, { q, pageSize, page: target })}
      />
    </section>
  );
}

/**
 * The search box and page-size menu: a GET form (so it works without JavaScript); with JavaScript
 * it goes straight to the canonical URL. A new search or page size starts again at page 1.
 */
function PropertiesToolbar({
  q,
  pageSize,
  basePath,
  total,
}: Pick<PropertiesBrowserProps, "q" | "pageSize" | "basePath" | "total">) {
  const navigate = useNavigate();
  const apply = (form: HTMLFormElement) => {
    const fields = new FormData(form);
    void navigate(
      propertiesHref(basePath, {
        q: String(fields.get("q") ?? "").trim(),
        pageSize: Number(fields.get("pageSize")),
        page: 1,
      }),
    );
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    apply(event.currentTarget);
  };

  return (
    <form
      method="get"
      action={basePath}
      role="search"
      onSubmit={submit}
      className="flex flex-wrap items-end justify-between gap-4"
    >
      <div className="flex w-full min-w-0 items-end gap-2 sm:w-auto sm:max-w-md sm:flex-1">
        <div className="grid min-w-0 flex-1 gap-1.5">
          <Label htmlFor="properties-search" className="sr-only">
            Search properties
          </Label>
          <div className="relative">
            <Icon
              name="search"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            />
            <Input
              id="properties-search"
              type="search"
              name="q"
              defaultValue={q}
              maxLength={200}
              placeholder="Search properties..."
              className="pl-9"
            />
          </div>
        </div>
        <Button type="submit" variant="outline">
          Search
        </Button>
      </div>
      <div className="flex items-center gap-2">
        <Label htmlFor="properties-page-size">Results per page:</Label>
        <NativeSelect
          id="properties-page-size"
          name="pageSize"
          defaultValue={pageSize}
          onChange={(event) => event.currentTarget.form && apply(event.currentTarget.form)}
        >
          {PROPERTIES_PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </NativeSelect>
      </div>
      <p className="w-full text-sm text-muted-foreground" role="status">
        <strong className="font-semibold text-slate-900">{total}</strong> {total === 1 ? "property" : "properties"}
        {q && <> matching “{q}”</>}
      </p>
    </form>
  );
}

function EmptyState({ searched, scope, clearHref }: { searched: boolean; scope: "own" | "all"; clearHref: string }) {
  if (searched) {
    return (
      <div className="flex flex-col items-center rounded-2xl border border-dashed px-6 py-16 text-center">
        <Icon name="search-x" className="size-10 text-muted-foreground" />
        <p className="mt-4 text-lg font-semibold">No properties match your search</p>
        <p className="mt-2 max-w-md text-sm text-muted-foreground">
          The search looks in titles and descriptions. Try fewer or different words.
        </p>
        <Link to={clearHref} className={PRIMARY_LINK}>
          Clear search
        </Link>
      </div>
    );
  }
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed px-6 py-16 text-center">
      <Icon name="building-complex" className="size-10 text-muted-foreground" />
      <p className="mt-4 text-lg font-semibold">
        {scope === "own" ? "You haven't listed a property yet" : "No properties have been listed yet"}
      </p>
      <p className="mt-2 max-w-md text-sm text-muted-foreground">
        List a furnished room on a 3 to 12 month lease and it will appear here, ready to edit.
      </p>
      <Link to="/list-property" className={PRIMARY_LINK}>
        {scope === "own" ? LIST_FIRST_ROOM : "List a property"}
      </Link>
    </div>
  );
}

/** The way to fix why a listing is not in search, where its landlord can: add a date, resume it. */
function NotListedFix({
  reason,
  property,
  headingId,
  resume,
  busy,
}: {
  reason: NotPublicReason;
  property: PropertySummary;
  headingId: string;
  resume: ReturnType<typeof useFetcher<PropertyActionResult>>;
  busy: boolean;
}) {
  if (reason === "no_available_from") {
    return (
      <Link
        to={`/list-property?edit=${property.id}#availableFrom`}
        aria-describedby={headingId}
        className={buttonVariants({ size: "sm" })}
      >
        Add a date
      </Link>
    );
  }
  if (reason === "paused" && property.status === "available") {
    return (
      <resume.Form method="post">
        <input type="hidden" name="intent" value="resume" />
        <input type="hidden" name="listingId" value={property.id} />
        <Button type="submit" size="sm" disabled={busy} aria-describedby={headingId}>
          Resume listing
        </Button>
      </resume.Form>
    );
  }
  return null;
}

/** Toasts a card action's answer once (a plain form post gets a flash notice instead). */
function useResultToast(result: PropertyActionResult | undefined) {
  useEffect(() => {
    if (!result) return;
    if (result.ok) toast.success(result.message);
    else toast.error("Error", { description: result.error });
  }, [result]);
}

function PropertyCard({
  property,
  priority,
  actions,
}: {
  property: PropertySummary;
  priority: boolean;
  actions: PropertiesBrowserProps["actions"];
}) {
  const headingId = useId();
  const hydrated = useHydrated();
  const statusFetcher = useFetcher<PropertyActionResult>();
  const deleteFetcher = useFetcher<PropertyActionResult>();
  useResultToast(statusFetcher.data);
  useResultToast(deleteFetcher.data);

  // Shown at once while the change is on its way; a refused change falls back to the loader's status.
  const pending = statusFetcher.formData?.get("status");
  const status = pending === "let" || pending === "available" ? pending : property.status;
  const next = status === "let" ? "available" : "let";
  const deleting = deleteFetcher.state !== "idle";
  const moderated = isModerated({ status });
  const freshnessPaused = status === "available" && property.freshnessPausedAt !== null;
  // Moderation explains itself with the team's note; every other reason is told with its fix.
  const unlistedBecause = property.notPublic.filter((reason) => reason !== "hidden" && reason !== "under_review");
  const badge =
    moderated || status === "let"
      ? STATUS_BADGES[status]
      : freshnessPaused
        ? ({ label: "Paused", variant: "warning" } as const)
        : unlistedBecause.length > 0
          ? NOT_LISTED_BADGE
          : STATUS_BADGES[status];

  return (
    <article
      aria-labelledby={headingId}
      aria-busy={deleting || undefined}
      className={cn(
        "flex w-full flex-col overflow-hidden rounded-2xl border bg-card shadow-sm transition-opacity motion-reduce:transition-none",
        deleting && "opacity-60",
      )}
    >
      <div className="relative aspect-[3/2] overflow-hidden">
        <ListingPhoto
          photo={property.photo}
          sizes="(min-width: 1024px) 320px, (min-width: 768px) 50vw, 100vw"
          priority={priority}
          className="size-full"
        />
        <Badge variant={badge.variant} className="absolute top-3 left-3 shadow-sm">
          {badge.label}
        </Badge>
        {property.weeklyRent !== null && (
          <span className="absolute bottom-3 left-3 rounded-full bg-slate-900/85 px-3 py-1 text-sm font-semibold text-white">
            {formatWeeklyRent(property.weeklyRent)}
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-1.5 p-4">
        <h2 id={headingId} className="line-clamp-2 text-lg leading-snug font-semibold text-slate-900">
          <Link to={`/listing/${property.id}`} className="rounded-sm hover:underline">
            {property.title}
          </Link>
        </h2>
        {property.suburb && <p className="text-sm text-slate-600">{property.suburb}</p>}
        {property.features && <p className="line-clamp-2 text-sm font-medium text-primary">{property.features}</p>}
        {property.moderationReason && (
          <p className="mt-1 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
            <span className="font-semibold">{moderated ? "Not shown to the public" : "Note from our team"}:</span>{" "}
            {property.moderationReason}
          </p>
        )}
        {unlistedBecause.length > 0 && (
          <div className="mt-1 space-y-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
            <p className="font-semibold">Not shown in search</p>
            <ul className="space-y-2">
              {unlistedBecause.map((reason) => (
                <li key={reason} className="space-y-2">
                  <p>
                    {NOT_PUBLIC_REASON_TEXT[reason].reason}. {NOT_PUBLIC_REASON_TEXT[reason].fix}
                  </p>
                  {/* The moderators' screen explains; the owner's and admin's screens also fix. */}
                  {!actions && (
                    <NotListedFix
                      reason={reason}
                      property={property}
                      headingId={headingId}
                      resume={statusFetcher}
                      busy={statusFetcher.state !== "idle" || deleting}
                    />
                  )}
                </li>
              ))}
            </ul>
          </div>
        )}
        {moderated && !property.moderationReason && (
          <p className="mt-1 text-sm text-amber-900">Not shown to the public while {badge.label.toLowerCase()}.</p>
        )}
      </div>
      {actions ? (
        <div className="border-t px-4 py-3" data-hydrated={hydrated || undefined}>
          {actions(property, headingId)}
        </div>
      ) : (
        <div className="flex flex-wrap items-center gap-2 border-t px-4 py-3" data-hydrated={hydrated || undefined}>
          <Link
            to={`/list-property?edit=${property.id}`}
            aria-label={`Edit ${property.title}`}
            className={buttonVariants({ variant: "outline", size: "sm" })}
          >
            <Icon name="pencil" />
            Edit
          </Link>
          <Link
            to={`/settings/properties/${property.id}/photos`}
            aria-label={`Photos of ${property.title}`}
            className={buttonVariants({ variant: "outline", size: "sm" })}
          >
            Photos
          </Link>
          {!moderated && (
            <statusFetcher.Form method="post">
              <input type="hidden" name="intent" value="status" />
              <input type="hidden" name="listingId" value={property.id} />
              <input type="hidden" name="status" value={next} />
              <Button
                type="submit"
                variant="outline"
                size="sm"
                disabled={statusFetcher.state !== "idle" || deleting}
                aria-describedby={headingId}
              >
                {next === "let" ? "Mark as let" : "Mark as available"}
              </Button>
            </statusFetcher.Form>
          )}
          <AlertDialog>
            <AlertDialogTrigger asChild>
              <Button
                type="button"
                variant="ghost-destructive"
                size="sm"
                disabled={deleting}
                aria-describedby={headingId}
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
                    void deleteFetcher.submit({ intent: "delete", listingId: property.id }, { method: "post" })
                  }
                >
                  Delete
                </AlertDialogAction>
              </AlertDialogFooter>
            </AlertDialogContent>
          </AlertDialog>
        </div>
      )}
    </article>
  );
}
