import { DateFilter } from "~/app/components/listings/date-filter";
import { cn } from "~/app/components/ui/cn";
import { Input } from "~/app/components/ui/input";
import { Label } from "~/app/components/ui/label";
import { NativeSelect } from "~/app/components/ui/native-select";
import { LeaseMonthOptions, RoomTypeOptions } from "~/app/components/listings/stay-fact-options";
import { BILL_KINDS, BILL_LABELS } from "~/modules/listings/listing-facts";
import type { SearchState } from "~/modules/listings/search-params";

/**
 * The search bar's stay-fit filters: the search's date picker (a native date field without
 * JavaScript) and native selects and checkboxes, so they work without JavaScript and add no client library.
 */
export function StayFilters({ state, className }: { state: Partial<SearchState>; className?: string }) {
  return (
    <fieldset
      className={cn(
        "grid gap-4 border-t pt-4 text-foreground md:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_1fr_1.6fr] lg:items-start",
        className,
      )}
    >
      <legend className="sr-only">Stay filters</legend>
      <DateFilter
        id="search-move-in"
        name="moveIn"
        label="Move-in Date"
        hint="Rooms you can move into by this day"
        value={state.moveIn}
      />
      <div className="grid gap-1.5">
        <Label htmlFor="search-stay">Stay Length</Label>
        <NativeSelect id="search-stay" name="stay" defaultValue={state.stay ?? ""}>
          <option value="">Any length</option>
          <LeaseMonthOptions unit=" months" />
        </NativeSelect>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="search-room-type">Room Type</Label>
        <NativeSelect id="search-room-type" name="roomType" defaultValue={state.roomType ?? ""}>
          <option value="">Any room type</option>
          <RoomTypeOptions />
        </NativeSelect>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="search-max-all-in">Max All-in Weekly</Label>
        <Input
          id="search-max-all-in"
          name="maxAllIn"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          defaultValue={state.maxAllIn}
          placeholder="$ rent + bills"
        />
      </div>
      <fieldset className="grid gap-1.5">
        <legend className="mb-1.5 text-sm leading-none font-medium">Bills Included</legend>
        <div className="flex min-h-10 flex-wrap items-center gap-x-4 gap-y-1">
          {BILL_KINDS.map((bill) => (
            <label key={bill} className="flex items-center gap-1.5 text-sm">
              <input
                type="checkbox"
                name="bills"
                value={bill}
                defaultChecked={state.bills?.includes(bill) ?? false}
                className="size-4 accent-primary"
              />
              {BILL_LABELS[bill]}
            </label>
          ))}
        </div>
      </fieldset>
    </fieldset>
  );
}
