import { parseListingForm, type ListingFormField } from "~/modules/listings/listing-form";
import { normalizePhotos } from "~/modules/media/photos";
import type { listings } from "~/db/schema";
import type { ListingBody } from "~/server/api/listings/listing-schemas";
import { ApiProblem, type FieldError } from "~/server/api/problem";

const API_FIELD: Record<ListingFormField, string> = {
  title: "title",
  address: "address",
  suburb: "suburb",
  state: "state",
  postcode: "postcode",
  country: "country",
  description: "description",
  weeklyRent: "weekly_rent",
  availableFrom: "available_from",
  latitude: "latitude",
  longitude: "longitude",
  locationPrecision: "location_precision",
  photos: "photos",
  minLeaseMonths: "min_lease_months",
  maxLeaseMonths: "max_lease_months",
  billsIncluded: "bills_included",
  billsCap: "bills_cap",
  billsEstimate: "bills_estimate",
  furnished: "furnished",
  roomType: "room_type",
};

/** The body over the current listing (PUT changes only the fields it sends), read by the listing form's own parser. */
export function parseListingBody(body: ListingBody, current?: typeof listings.$inferSelect) {
  const pick = <T>(value: T | undefined, fallback: T) => (value === undefined ? fallback : value);
  const text = (value: string | number | boolean | null | undefined) =>
    value === null || value === undefined ? "" : String(value);
  const values = new Map<string, string>([
    ["title", pick(body.title, current?.listingTitle ?? "")],
    ["description", pick(body.description, current?.description ?? "")],
    ["weeklyRent", text(pick(body.weekly_rent, current?.weeklyRent ?? null))],
    ["availableFrom", text(pick(body.available_from, current?.availableFrom ?? null))],
    ["address", text(pick(body.address, current?.address ?? null))],
    ["suburb", text(pick(body.suburb, current?.suburb ?? null))],
    ["state", text(pick(body.state, current?.state ?? null))],
    ["postcode", text(pick(body.postcode, current?.postcode ?? null))],
    ["country", pick(body.country, current?.country ?? "")],
    ["latitude", text(pick(body.latitude, current?.latitude ?? null))],
    ["longitude", text(pick(body.longitude, current?.longitude ?? null))],
    ["photos", JSON.stringify(pick<unknown>(body.photos, current ? normalizePhotos(current.photos) : []))],
    ["minLeaseMonths", text(pick(body.min_lease_months, current?.minLeaseMonths))],
    ["maxLeaseMonths", text(pick(body.max_lease_months, current?.maxLeaseMonths))],
    ["billsIncluded", pick(body.bills_included, current?.billsIncluded ?? []).join(",")],
    ["billsCap", text(pick(body.bills_cap, current?.billsCap ?? null))],
    ["billsEstimate", text(pick(body.bills_estimate, current?.billsEstimate ?? null))],
    ["furnished", text(pick(body.furnished, current?.furnished ?? true))],
    ["roomType", pick(body.room_type, current?.roomType ?? "")],
  ]);
  const parsed = parseListingForm(values);
  if (parsed.success) return parsed;
  const errors: FieldError[] = Object.entries(parsed.errors).map(([field, message]) => ({
    field: API_FIELD[field as ListingFormField],
    message,
  }));
  return { success: false as const, errors };
}

export function invalid(errors: FieldError[]): ApiProblem {
  return new ApiProblem(400, errors.map((error) => `${error.field}: ${error.message}`).join(" "), errors);
}
