import { Link } from "react-router";
import { Icon } from "~/app/components/ui/icon";

export interface SearchEmptyStateProps {
  /** The search outran its time limit, or found nothing. */
  kind: "too-slow" | "no-results";
  /** The same search again, for "Try again". */
  retryHref: string;
  /** Why nothing was found, when a reason is known (a place the search could not read). */
  reason?: string | null;
}

const button =
  "mt-6 rounded-full bg-primary px-5 py-2.5 text-sm font-semibold text-primary-foreground hover:bg-primary-hover";

/** What /search shows instead of results: a search that took too long, or one that matched nothing. */
export function SearchEmptyState({ kind, retryHref, reason }: SearchEmptyStateProps) {
  const tooSlow = kind === "too-slow";
  return (
    <div
      role={tooSlow ? "alert" : undefined}
      className="flex flex-col items-center rounded-2xl border border-dashed px-6 py-16 text-center"
    >
      <Icon name={tooSlow ? "hourglass" : "search-x"} className="size-10 text-muted-foreground" />
      <p className="mt-4 text-lg font-semibold">
        {tooSlow ? "This search is taking too long" : "No rooms match your search"}
      </p>
      <p className="mt-2 max-w-md text-sm text-muted-foreground">
        {tooSlow
          ? "We stopped it so the site stays quick. Try again in a moment, or use more specific words."
          : (reason ?? "Try a wider price range, an earlier date or fewer words.")}
      </p>
      {tooSlow ? (
        <Link to={retryHref} reloadDocument className={button}>
          Try again
        </Link>
      ) : (
        <Link to="/search" className={button}>
          Clear all filters
        </Link>
      )}
    </div>
  );
}
