import { useEffect, useRef } from "react";
import { Form, useNavigate } from "react-router";
import { Label } from "~/app/components/ui/label";
import { NativeSelect } from "~/app/components/ui/native-select";
import {
  parseSearchParams,
  SEARCH_PAGE_SIZES,
  searchHref,
  SORT_OPTIONS,
  toSearchParams,
  type SearchState,
} from "~/modules/listings/search-params";

/** The sort options a search offers: nearest first only with a place to measure from. */
export function sortOptionsFor(hasPlace: boolean) {
  return SORT_OPTIONS.filter((option) => option.value !== "distance" || hasPlace);
}

/** Sort and page size over the results: a GET form that keeps the filters, applied on change with JavaScript. */
export function ResultsToolbar({ state, hasPlace }: { state: SearchState; hasPlace: boolean }) {
  const navigate = useNavigate();
  // From the address bar at the moment of the change: right after a search the URL is already the
  // new one while the page may still be committing the previous results' state.
  const change = (patch: Partial<SearchState>) =>
    navigate(searchHref({ ...parseSearchParams(new URLSearchParams(window.location.search)), ...patch, page: 1 }));
  // The server renders this form and its code arrives later (lazyWhenIdle): a choice made before
  // then is applied when it arrives.
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const chosen = new FormData(form.current ?? undefined);
    const sort = String(chosen.get("sort") ?? state.sort) as SearchState["sort"];
    const pageSize = Number(chosen.get("pageSize") ?? state.pageSize);
    if (sort !== state.sort || pageSize !== state.pageSize) void change({ sort, pageSize });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on mount
  }, []);
  return (
    <Form ref={form} method="get" action="/search" className="flex flex-wrap items-end justify-end gap-4">
      {/* The filters travel with the toolbar so sorting keeps them. */}
      {[...toSearchParams({ ...state, sort: undefined, pageSize: undefined, page: undefined })].map(([name, value]) => (
        <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor="search-sort">Sort by</Label>
          <NativeSelect
            id="search-sort"
            name="sort"
            defaultValue={state.sort}
            onChange={(event) => change({ sort: event.target.value as SearchState["sort"] })}
          >
            {sortOptionsFor(hasPlace).map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="search-page-size">Per page</Label>
          <NativeSelect
            id="search-page-size"
            name="pageSize"
            defaultValue={state.pageSize}
            onChange={(event) => change({ pageSize: Number(event.target.value) })}
          >
            {SEARCH_PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </NativeSelect>
        </div>
        <noscript>
          <button type="submit" className="h-10 rounded-md border px-4 text-sm font-medium">
            Apply
          </button>
        </noscript>
      </div>
    </Form>
  );
}
