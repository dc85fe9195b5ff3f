import { LEASE_MONTH_CHOICES, ROOM_TYPE_LABELS, ROOM_TYPES } from "~/modules/listings/listing-facts";

/** A select's room-type options, labelled as the listing shows them (the listing form and the search bar). */
export function RoomTypeOptions() {
  return ROOM_TYPES.map((type) => (
    <option key={type} value={type}>
      {ROOM_TYPE_LABELS[type]}
    </option>
  ));
}

/** A select's lease-length options, each the number of months and then `unit` (" months" or nothing). */
export function LeaseMonthOptions({ unit = "" }: { unit?: string }) {
  return LEASE_MONTH_CHOICES.map((months) => (
    <option key={months} value={months}>
      {months}
      {unit}
    </option>
  ));
}
