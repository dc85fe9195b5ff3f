import { Form, useNavigate } from "react-router";
import { Icon } from "~/app/components/ui/icon";
import { Button } from "~/app/components/ui/button";
import { cn } from "~/app/components/ui/cn";
import { DateFilter } from "~/app/components/listings/date-filter";
import { Input } from "~/app/components/ui/input";
import { Label } from "~/app/components/ui/label";
import { lazyOnIntent } from "~/app/components/ui/deferred";
import type { WhereFieldProps } from "~/app/components/listings/where-field";
import { NativeSelect } from "~/app/components/ui/native-select";
import {
  DEFAULT_SEARCH_PAGE_SIZE,
  DEFAULT_SORT,
  parseSearchParams,
  searchHref,
  type SearchState,
} from "~/modules/listings/search-params";

// A text field and a select until its code arrives (at the first intent on the page), then a
// combobox with suggestions: a first visit does not carry it.
const WhereField = lazyOnIntent(() =>
  import("~/app/components/listings/where-field").then((module) => module.WhereField),
);
// Native controls only (nothing to do until the form is sent), so their code can wait for intent.
const StayFilters = lazyOnIntent(() =>
  import("~/app/components/listings/stay-filters").then((module) => module.StayFilters),
);

// The default (2 km) is sent empty, so it stays out of the URL.
const RADIUS_OPTIONS = [
  ["1", "1 km"],
  ["", "2 km"],
  ["5", "5 km"],
  ["10", "10 km"],
] as const;

const PRICE_FIELDS = [
  { id: "search-min-price", name: "minPrice", label: "Min Price", placeholder: "$ min" },
  { id: "search-max-price", name: "maxPrice", label: "Max Price", placeholder: "$ max" },
] as const;

export interface SearchBarProps {
  /** The current search, to pre-fill the fields and keep the sort and page size. */
  state?: Partial<SearchState>;
  /** Show the stay-fit filters (move-in, stay length, room type, all-in cost, bills): on /search. */
  stayFilters?: boolean;
  /** What the server made of the search's Where: the place found, or why it could not use it. */
  where?: Pick<WhereFieldProps, "place" | "error" | "chooseGoesTo">;
  className?: string;
}

/**
 * The search form. A plain GET form to /search, so it works without
 * JavaScript; with it, only the filled fields go into the URL, and a new search starts at page 1.
 */
export function SearchBar({ state = {}, stayFilters = false, where, className }: SearchBarProps) {
  const navigate = useNavigate();
  return (
    <Form
      method="get"
      action="/search"
      role="search"
      aria-label="Search listings"
      className={cn("grid gap-4 rounded-2xl bg-white p-4 shadow-xl ring-1 ring-slate-900/5 sm:p-6", className)}
      onSubmit={(event) => {
        event.preventDefault();
        const form = new URLSearchParams(new FormData(event.currentTarget) as unknown as Record<string, string>);
        const next = parseSearchParams(form);
        void navigate(searchHref({ ...next, page: 1 }));
      }}
    >
      <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-[1.2fr_1.2fr_1fr_0.7fr_0.7fr_auto] lg:items-start">
        <div className="grid gap-1.5">
          <Label htmlFor="search-title">Title</Label>
          <Input id="search-title" name="title" defaultValue={state.title} placeholder="Search by title" />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="search-keyword">Keyword</Label>
          <Input id="search-keyword" name="keyword" defaultValue={state.keyword} placeholder="Search in description" />
        </div>
        <DateFilter
          id="search-available-from"
          name="availableFrom"
          label="Available From"
          hint="Rooms becoming free on or after this day"
          value={state.availableFrom}
        />
        <div className="grid grid-cols-2 gap-4 md:col-span-2 lg:col-span-2">
          {PRICE_FIELDS.map((field) => (
            <div key={field.name} className="grid gap-1.5">
              <Label htmlFor={field.id}>{field.label}</Label>
              <Input
                id={field.id}
                name={field.name}
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                defaultValue={state[field.name]}
                placeholder={field.placeholder}
              />
            </div>
          ))}
        </div>
        <div className="grid grid-cols-[minmax(0,1fr)_6.5rem] gap-x-3 gap-y-1.5 sm:grid-cols-[minmax(0,1fr)_8rem] md:col-span-2 lg:col-span-5">
          <WhereField value={state.where} {...where} />
          <div className="grid content-start gap-1.5">
            <Label htmlFor="search-within">Within</Label>
            <NativeSelect
              id="search-within"
              name="radius_km"
              defaultValue={state.radiusKm === "2" ? "" : (state.radiusKm ?? "")}
              aria-describedby="search-within-hint"
            >
              {RADIUS_OPTIONS.map(([value, label]) => (
                <option key={label} value={value}>
                  {label}
                </option>
              ))}
            </NativeSelect>
          </div>
        </div>
        {state.sort && state.sort !== DEFAULT_SORT && <input type="hidden" name="sort" value={state.sort} />}
        {state.pageSize && state.pageSize !== DEFAULT_SEARCH_PAGE_SIZE && (
          <input type="hidden" name="pageSize" value={state.pageSize} />
        )}
        {/* A new search keeps the area chosen on the map, and the map. */}
        {state.bbox && <input type="hidden" name="bbox" value={state.bbox} />}
        {state.view && <input type="hidden" name="view" value={state.view} />}
        {/* Before the button, so on a phone the button comes after every filter; on a wide screen it stays top right. */}
        {stayFilters && <StayFilters state={state} className="md:col-span-2 lg:col-span-6" />}
        {/* On a wide screen, level with the bottoms of the fields beside it (their labels sit above them). */}
        <Button
          type="submit"
          size="lg"
          className={cn("w-full lg:mt-3 lg:w-auto", stayFilters && "lg:col-start-6 lg:row-start-1")}
        >
          <Icon name="search" className="size-4" />
          Search
        </Button>
      </div>
    </Form>
  );
}
