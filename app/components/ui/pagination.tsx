import type { ComponentProps, ReactNode } from "react";
import { Link } from "react-router";
import { Icon } from "~/app/components/ui/icon";
import { buttonVariants } from "~/app/components/ui/button";
import { cn } from "~/app/components/ui/cn";
import { paginationRange } from "~/app/components/ui/pagination-range";

export type PaginationProps = Omit<ComponentProps<"nav">, "children"> & {
  /** The current page, 1-based. */
  page: number;
  pageCount: number;
  hrefForPage: (page: number) => string;
};

/**
 * Page links as real anchors (router links), so paging works before and without JavaScript.
 * Renders nothing when there is only one page.
 */
export function Pagination({ page, pageCount, hrefForPage, className, ...props }: PaginationProps) {
  if (pageCount <= 1) return null;
  const current = Math.min(Math.max(1, page), pageCount);

  return (
    <nav aria-label="Pagination" className={cn("flex justify-center", className)} {...props}>
      <ul className="flex flex-wrap items-center justify-center gap-1">
        <li>
          <EdgeLink href={current > 1 ? hrefForPage(current - 1) : undefined} rel="prev">
            <Icon name="chevron-left" />
            <span className="sr-only sm:not-sr-only">Previous</span>
          </EdgeLink>
        </li>
        {paginationRange(current, pageCount).map((item, index) =>
          item === "ellipsis" ? (
            // An ellipsis never moves between its two possible slots, so the index is a stable key.
            <li key={`ellipsis-${index}`} aria-hidden className="flex size-9 items-center justify-center sm:size-10">
              …
            </li>
          ) : (
            <li key={item}>
              <Link
                to={hrefForPage(item)}
                aria-current={item === current ? "page" : undefined}
                aria-label={`Page ${item}`}
                className={cn(
                  buttonVariants({ variant: item === current ? "selected" : "ghost", size: "icon" }),
                  "tabular-nums max-sm:size-9",
                )}
              >
                {item}
              </Link>
            </li>
          ),
        )}
        <li>
          <EdgeLink href={current < pageCount ? hrefForPage(current + 1) : undefined} rel="next">
            <span className="sr-only sm:not-sr-only">Next</span>
            <Icon name="chevron-right" />
          </EdgeLink>
        </li>
      </ul>
    </nav>
  );
}

/** Previous/Next: a link, or on the first/last page a disabled link that is not focusable. */
function EdgeLink({ href, rel, children }: { href: string | undefined; rel: "prev" | "next"; children: ReactNode }) {
  const classes = cn(
    buttonVariants({ variant: "ghost", size: null }),
    "h-10 gap-1 px-3 text-sm max-sm:size-9 max-sm:px-0",
  );
  if (href === undefined) {
    return (
      <span role="link" aria-disabled="true" className={classes}>
        {children}
      </span>
    );
  }
  return (
    <Link to={href} rel={rel} className={classes}>
      {children}
    </Link>
  );
}
