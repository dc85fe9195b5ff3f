import { LeaseMonthOptions, RoomTypeOptions } from "~/app/components/listings/stay-fact-options";
import { FormField } from "~/app/components/ui/form-field";
import { Input } from "~/app/components/ui/input";
import { NativeSelect } from "~/app/components/ui/native-select";
import {
  BILL_KINDS,
  BILL_LABELS,
  DEFAULT_ROOM_TYPE,
  LEASE_MONTHS,
  type ListingFacts,
} from "~/modules/listings/listing-facts";
import type { ListingFormErrors } from "~/modules/listings/listing-form";

const described = (id: string, error: string | undefined, hint?: string) => ({
  "aria-invalid": error ? true : undefined,
  "aria-describedby": [hint, error ? `${id}-error` : undefined].filter(Boolean).join(" ") || undefined,
});

const LEASE_BOUNDS = {
  min: { name: "minLeaseMonths", label: "Minimum Lease (months)" },
  max: { name: "maxLeaseMonths", label: "Maximum Lease (months)" },
} as const;

/** The shortest or the longest lease the landlord offers, defaulting to the widest range. */
function LeaseMonthsField({
  bound,
  facts,
  errors,
}: {
  bound: keyof typeof LEASE_BOUNDS;
  facts: ListingFacts | null;
  errors: ListingFormErrors;
}) {
  const { name, label } = LEASE_BOUNDS[bound];
  return (
    <FormField id={name} label={label} error={errors[name]}>
      <NativeSelect
        id={name}
        name={name}
        defaultValue={facts?.[name] ?? LEASE_MONTHS[bound]}
        className="w-full"
        {...described(name, errors[name])}
      >
        <LeaseMonthOptions />
      </NativeSelect>
    </FormField>
  );
}

/** The stay facts of the listing form: room, lease range and bills. Plain controls, so they work without JavaScript. */
export function ListingFactsFields({ facts, errors }: { facts: ListingFacts | null; errors: ListingFormErrors }) {
  const money = (value: number | null | undefined) => (value === null || value === undefined ? "" : String(value));
  return (
    <fieldset className="space-y-6">
      <legend className="text-base font-semibold text-slate-900">Room, lease and bills</legend>
      <div className="grid gap-6 sm:grid-cols-2">
        <FormField id="roomType" label="Room Type" error={errors.roomType}>
          <NativeSelect
            id="roomType"
            name="roomType"
            defaultValue={facts?.roomType ?? DEFAULT_ROOM_TYPE}
            className="w-full"
            {...described("roomType", errors.roomType)}
          >
            <RoomTypeOptions />
          </NativeSelect>
        </FormField>
        <div className="flex items-end pb-2">
          <label className="flex items-center gap-2 text-sm font-medium">
            <input
              type="checkbox"
              name="furnished"
              value="true"
              defaultChecked={facts?.furnished ?? true}
              className="size-4 accent-primary"
            />
            Furnished
          </label>
        </div>
        <LeaseMonthsField bound="min" facts={facts} errors={errors} />
        <LeaseMonthsField bound="max" facts={facts} errors={errors} />
      </div>

      <fieldset
        className="space-y-3"
        aria-describedby={errors.billsIncluded ? "billsIncluded-error" : undefined}
        aria-invalid={errors.billsIncluded ? true : undefined}
      >
        <legend className="text-sm font-medium">Bills Included</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {BILL_KINDS.map((bill) => (
            <label key={bill} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                name="billsIncluded"
                value={bill}
                defaultChecked={facts?.billsIncluded.includes(bill) ?? false}
                className="size-4 accent-primary"
              />
              {BILL_LABELS[bill]}
            </label>
          ))}
        </div>
        {errors.billsIncluded && (
          <p id="billsIncluded-error" className="text-sm font-medium text-destructive">
            {errors.billsIncluded}
          </p>
        )}
      </fieldset>

      <div className="grid gap-6 sm:grid-cols-2">
        <FormField id="billsCap" label="Weekly Cap on Included Bills ($)" error={errors.billsCap}>
          <p id="billsCap-hint" className="text-sm text-muted-foreground">
            Optional. The tenant pays any usage above it.
          </p>
          <Input
            id="billsCap"
            name="billsCap"
            inputMode="decimal"
            defaultValue={money(facts?.billsCap)}
            placeholder="40"
            {...described("billsCap", errors.billsCap, "billsCap-hint")}
          />
        </FormField>
        <FormField id="billsEstimate" label="Estimated Weekly Bills Not Included ($)" error={errors.billsEstimate}>
          <p id="billsEstimate-hint" className="text-sm text-muted-foreground">
            Added to the rent to show tenants the all-in weekly cost.
          </p>
          <Input
            id="billsEstimate"
            name="billsEstimate"
            inputMode="decimal"
            defaultValue={money(facts?.billsEstimate)}
            placeholder="35"
            {...described("billsEstimate", errors.billsEstimate, "billsEstimate-hint")}
          />
        </FormField>
      </div>
    </fieldset>
  );
}
