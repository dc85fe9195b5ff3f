import { useState, type KeyboardEvent } from "react";
import { data, Form, isRouteErrorResponse, Link, useNavigation, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/form";
import { Icon } from "~/app/components/ui/icon";
import { AddressSearch } from "~/app/components/listing-form/address-search";
import { ListingFactsFields } from "~/app/components/listing-form/listing-facts-fields";
import { EnhanceDescriptionButton } from "~/app/components/listing-form/enhance-button";
import { PhotoUploader } from "~/app/components/listing-form/photo-uploader";
import { StatusPage } from "~/app/components/layout/status-page";
import { SubscriptionExplanation } from "~/app/components/billing/subscription-notice";
import { PlanCard } from "~/app/components/billing/plan-section";
import { useSubscriptionNotice } from "~/app/components/billing/use-subscription-notice";
import type { loader as rootLoader } from "~/app/root";
import { Button, buttonVariants } from "~/app/components/ui/button";
import { DatePicker } from "~/app/components/ui/date-picker";
import { toIsoDate } from "~/app/components/ui/date-format";
import { FormField } from "~/app/components/ui/form-field";
import { Input } from "~/app/components/ui/input";
import { Textarea } from "~/app/components/ui/textarea";
import { UploadWaitNote } from "~/app/components/ui/upload-wait-note";
import { pageMeta, rootMetaData } from "~/app/seo/meta";
import type { ListingPhoto } from "~/db/schema";
import { database, services } from "~/lib/request-context";
import { listingWriterGate, requireListingWriter, type ListingWriterRefusal } from "~/app/http/gates.server";
import { redirectWithNotice } from "~/lib/flash.server";
import { logger } from "~/lib/logger.server";
import { availableFromHint, parseListingForm, type ListingFormErrors } from "~/modules/listings/listing-form";
import { pinLine } from "~/modules/listings/pin-line";
import { ACCESS_DENIED_MESSAGE, ACCESS_DENIED_TITLE } from "~/app/content/listing-access";
import { createListing, findListingForEdit, updateListing } from "~/modules/listings/listing-write.server";
import { listingFacts } from "~/modules/listings/listing-facts.server";
import { photoAnalyses } from "~/modules/media/photo-uploads.server";
import { auditMeta } from "~/app/http/admin-answer.server";

const PROPERTIES_PATH = "/settings/properties";
const NOT_FOUND = {
  title: "Listing not found",
  description: "The listing you're trying to edit doesn't exist or you don't have permission to edit it.",
  tone: "error",
} as const;
const SAVE_FAILED = "Something went wrong. Please try again.";

export function meta({ matches, location }: Route.MetaArgs) {
  const editing = new URLSearchParams(location.search).has("edit");
  return pageMeta(
    {
      title: editing ? "Edit Property Listing" : "List Your Property",
      description: "List a furnished room in Melbourne on a 3 to 12 month lease.",
      path: "/list-property",
      noIndex: true,
    },
    rootMetaData(matches),
  );
}

/** Listing writers only, for every route under this page (photo uploads, AI rewrite, address search). */
export const middleware: Route.MiddlewareFunction[] = [listingWriterGate];

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireListingWriter(request, context);
  const editId = new URL(request.url).searchParams.get("edit");
  if (editId === null) return { listing: null, photoAnalyses: {} };
  let listing;
  try {
    listing = await findListingForEdit(database(context), viewer, editId);
  } catch (error) {
    logger.error({ err: error }, "could not load a listing for editing");
    throw redirectWithNotice(PROPERTIES_PATH, {
      title: "Error",
      description: "Failed to fetch listing details.",
      tone: "error",
    });
  }
  if (!listing) throw redirectWithNotice(PROPERTIES_PATH, NOT_FOUND);
  const analyses = await photoAnalyses(
    database(context),
    listing.photos.map((photo) => photo.url),
    services(context).storage,
  );
  return {
    photoAnalyses: Object.fromEntries(analyses),
    listing: {
      id: listing.listingId,
      title: listing.listingTitle,
      address: listing.address ?? "",
      suburb: listing.suburb ?? "",
      state: listing.state ?? "",
      postcode: listing.postcode ?? "",
      country: listing.country,
      description: listing.description,
      weeklyRent: listing.weeklyRent === null ? "" : String(listing.weeklyRent),
      availableFrom: listing.availableFrom,
      latitude: listing.latitude,
      longitude: listing.longitude,
      locationPrecision: listing.locationPrecision,
      photos: listing.photos,
      facts: listingFacts(listing),
    },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireListingWriter(request, context);
  const editId = new URL(request.url).searchParams.get("edit");
  const parsed = parseListingForm(await request.formData());
  if (!parsed.success) {
    return data({ error: "Please check the highlighted fields.", fields: parsed.errors }, { status: 400 });
  }
  try {
    const { storage, maps } = services(context);
    const result =
      editId === null
        ? await createListing(database(context), viewer, parsed.data, { storage, maps })
        : await updateListing(database(context), viewer, editId, parsed.data, {
            meta: auditMeta(context),
            storage,
            maps,
          });
    if (!result.ok) throw redirectWithNotice(PROPERTIES_PATH, NOT_FOUND);
  } catch (error) {
    if (error instanceof Response) throw error;
    logger.error({ err: error }, "could not save a listing");
    return data({ error: SAVE_FAILED, fields: {} as ListingFormErrors }, { status: 500 });
  }
  return redirectWithNotice(PROPERTIES_PATH, {
    title: "Success",
    description:
      editId === null ? "Your property has been listed successfully." : "Your listing has been updated successfully.",
    tone: "success",
  });
}

/** Enter in a one-line field must not submit the whole listing (spec: "Enter inside the form does not submit"). */
function keepEnterFromSubmitting(event: KeyboardEvent<HTMLFormElement>) {
  const target = event.target as HTMLElement;
  if (event.key === "Enter" && target instanceof HTMLInputElement) event.preventDefault();
}

export default function ListPropertyPage({ loaderData, actionData }: Route.ComponentProps) {
  const listing = loaderData.listing;
  const editing = listing !== null;
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  const errors: ListingFormErrors = actionData?.fields ?? {};

  const [address, setAddress] = useState({
    street: listing?.address ?? "",
    suburb: listing?.suburb ?? "",
    state: listing?.state ?? "",
    postcode: listing?.postcode ?? "",
    country: listing?.country ?? "Australia",
    latitude: listing?.latitude ?? null,
    longitude: listing?.longitude ?? null,
    precision: listing?.locationPrecision ?? null,
  });
  const [description, setDescription] = useState(listing?.description ?? "");
  const [photos, setPhotos] = useState<ListingPhoto[]>(listing?.photos ?? []);
  // Photos chosen but not yet uploaded: the listing waits for them, so it never has fewer than shown.
  const [pendingPhotos, setPendingPhotos] = useState(0);
  const submitLabel = editing ? "Update Property" : "List Property";
  const [availableFrom, setAvailableFrom] = useState<Date | undefined>(
    listing?.availableFrom ? new Date(`${listing.availableFrom}T00:00:00`) : undefined,
  );
  // Typing in a part of the address unplaces it: the server geocodes what was typed on save.
  const setAddressField = (field: "street" | "suburb" | "state" | "postcode" | "country") => (value: string) =>
    setAddress((current) => ({
      ...current,
      [field]: value,
      ...(field === "country" ? {} : { latitude: null, longitude: null, precision: null }),
    }));
  const pin = pinLine(address);

  return (
    <>
      <section className="relative isolate overflow-hidden bg-secondary text-white">
        <div
          aria-hidden
          className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top_right,rgba(194,65,12,0.35),transparent_55%),linear-gradient(160deg,#0f172a_0%,#1e293b_60%,#334155_100%)]"
        />
        <div className="mx-auto max-w-4xl px-4 pt-32 pb-14 sm:px-6 lg:px-8">
          <h1 className="font-display text-4xl font-bold tracking-tight sm:text-5xl">
            {editing ? "Edit Property Listing" : "List Your Property"}
          </h1>
          <p className="mt-4 text-lg text-slate-200">
            {editing
              ? "Update your property details below"
              : "Reach thousands of potential tenants by listing your property with us"}
          </p>
        </div>
      </section>

      <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6 lg:px-8">
        <Form
          method="post"
          onKeyDown={keepEnterFromSubmitting}
          onSubmit={(event) => {
            if (pendingPhotos > 0) event.preventDefault();
          }}
          className="space-y-8 rounded-2xl border bg-white p-6 shadow-sm sm:p-8"
          aria-describedby={actionData?.error ? "form-error" : undefined}
        >
          {actionData?.error && (
            <div
              id="form-error"
              role="alert"
              className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800"
            >
              {actionData.error}
            </div>
          )}

          <FormField id="title" label="Property Title" error={errors.title}>
            <Input
              id="title"
              name="title"
              defaultValue={listing?.title}
              maxLength={200}
              required
              placeholder="e.g. Sunny furnished room off Degraves Street"
              aria-invalid={errors.title ? true : undefined}
              aria-describedby={errors.title ? "title-error" : undefined}
            />
          </FormField>

          <fieldset className="space-y-4">
            <legend className="flex items-center gap-2 text-base font-semibold text-slate-900">
              <Icon name="map-pin" className="size-4" /> Location
            </legend>
            <AddressSearch
              onSelect={(suggestion) =>
                setAddress({
                  street: suggestion.streetAddress,
                  suburb: suggestion.suburb,
                  state: suggestion.state,
                  postcode: suggestion.postcode,
                  country: suggestion.country,
                  latitude: suggestion.lat,
                  longitude: suggestion.lng,
                  precision: suggestion.precision,
                })
              }
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                id="address"
                label="Street Address"
                value={address.street}
                onChange={setAddressField("street")}
                error={errors.address}
                className="sm:col-span-2"
                autoComplete="street-address"
              />
              <TextField
                id="suburb"
                label="Suburb"
                value={address.suburb}
                onChange={setAddressField("suburb")}
                error={errors.suburb}
                autoComplete="address-level2"
              />
              <TextField
                id="state"
                label="State"
                value={address.state}
                onChange={setAddressField("state")}
                error={errors.state}
                autoComplete="address-level1"
              />
              <TextField
                id="postcode"
                label="Postcode"
                value={address.postcode}
                onChange={setAddressField("postcode")}
                error={errors.postcode}
                autoComplete="postal-code"
                inputMode="numeric"
              />
              <TextField
                id="country"
                label="Country"
                value={address.country}
                onChange={setAddressField("country")}
                error={errors.country}
                autoComplete="country-name"
              />
            </div>
            <input type="hidden" name="latitude" value={address.latitude ?? ""} />
            <input type="hidden" name="longitude" value={address.longitude ?? ""} />
            <input type="hidden" name="locationPrecision" value={address.precision ?? ""} />
            <p id="pin-line" role="status" className="flex items-center gap-2 text-sm text-slate-700">
              {pin && (
                <>
                  <Icon name="map-pin" className="size-4 shrink-0 text-primary" /> {pin}
                </>
              )}
            </p>
            {errors.locationPrecision && <p className="text-sm text-red-700">{errors.locationPrecision}</p>}
          </fieldset>

          <FormField id="description" label="Description" error={errors.description}>
            <p id="description-hint" className="text-sm text-muted-foreground">
              First line: a short features summary (e.g. "Furnished double room · Bills included"). Then the details.
            </p>
            <Textarea
              id="description"
              name="description"
              rows={10}
              value={description}
              onChange={(event) => setDescription(event.target.value)}
              aria-describedby={errors.description ? "description-hint description-error" : "description-hint"}
              aria-invalid={errors.description ? true : undefined}
            />
            <EnhanceDescriptionButton getDescription={() => description} onEnhanced={setDescription} />
          </FormField>

          <div className="grid gap-6 sm:grid-cols-2">
            <FormField id="weeklyRent" label="Weekly Rent ($)" error={errors.weeklyRent}>
              <div className="relative">
                <span
                  aria-hidden
                  className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-slate-500"
                >
                  $
                </span>
                <Input
                  id="weeklyRent"
                  name="weeklyRent"
                  inputMode="decimal"
                  defaultValue={listing?.weeklyRent}
                  className="pl-7"
                  placeholder="420"
                  aria-invalid={errors.weeklyRent ? true : undefined}
                  aria-describedby={errors.weeklyRent ? "weeklyRent-error" : undefined}
                />
              </div>
            </FormField>
            <FormField id="availableFrom" label="Available From" error={errors.availableFrom}>
              <DatePicker
                id="availableFrom"
                name="availableFrom"
                value={availableFrom}
                onChange={setAvailableFrom}
                aria-describedby={
                  errors.availableFrom ? "availableFrom-hint availableFrom-error" : "availableFrom-hint"
                }
              />
              {/* Read against today in Melbourne; the browser may be past midnight already. */}
              <p id="availableFrom-hint" className="text-sm text-muted-foreground" suppressHydrationWarning>
                {availableFromHint(availableFrom ? toIsoDate(availableFrom) : null)}
              </p>
            </FormField>
          </div>

          <ListingFactsFields facts={listing?.facts ?? null} errors={errors} />

          <div className="space-y-2">
            <PhotoUploader
              photos={photos}
              analyses={loaderData.photoAnalyses}
              onChange={setPhotos}
              onPendingChange={setPendingPhotos}
              disabled={saving}
            />
            <input type="hidden" name="photos" value={JSON.stringify(photos)} />
            {errors.photos && <p className="text-sm text-red-700">{errors.photos}</p>}
          </div>

          <div className="space-y-3 border-t pt-6">
            <UploadWaitNote
              id="photos-pending"
              className="sm:justify-end"
              message={
                pendingPhotos > 0
                  ? `${pendingPhotos === 1 ? "1 photo is" : `${pendingPhotos} photos are`} still uploading. ` +
                    `${submitLabel} is ready when ${pendingPhotos === 1 ? "it finishes" : "they finish"}.`
                  : null
              }
            />
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Link to={PROPERTIES_PATH} className={buttonVariants({ variant: "outline" })}>
                Cancel
              </Link>
              <Button
                type="submit"
                disabled={saving || pendingPhotos > 0}
                aria-describedby={pendingPhotos > 0 ? "photos-pending" : undefined}
              >
                {saving && <Icon name="loader-circle" className="size-4 animate-spin" />}
                {submitLabel}
              </Button>
            </div>
          </div>
        </Form>
      </div>
    </>
  );
}

function TextField({
  id,
  label,
  value,
  onChange,
  error,
  className,
  ...rest
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  className?: string;
  autoComplete: string;
  inputMode?: "numeric";
}) {
  return (
    <FormField id={id} label={label} error={error} className={className}>
      <Input
        id={id}
        name={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...rest}
      />
    </FormField>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 403) {
    const refusal = error.data as Partial<ListingWriterRefusal> | undefined;
    return (
      <StatusPage code={403} title={ACCESS_DENIED_TITLE} message={ACCESS_DENIED_MESSAGE}>
        <WayToList priceId={refusal?.priceId} freeTrialDays={refusal?.freeTrialDays ?? 0} />
      </StatusPage>
    );
  }
  throw error;
}

/**
 * The refusal's way forward: a lapsed plan's fix (on the billing page), or for anyone else who may
 * hold the plan the same checkout as Upgrade to Landlord, with its free trial. Staff, who moderate
 * rather than list, get neither.
 */
function WayToList({ priceId, freeTrialDays }: { priceId: string | undefined; freeTrialDays: number }) {
  const notice = useSubscriptionNotice();
  const account = useRouteLoaderData<typeof rootLoader>("root")?.account;
  if (notice) return <SubscriptionExplanation className="mt-8 w-full max-w-xl" />;
  if (!account || account.canAdminister || !priceId) return null;
  return (
    <PlanCard
      priceId={priceId}
      freeTrialDays={freeTrialDays}
      returnTo="/list-property"
      label={freeTrialDays > 0 ? `Start your ${freeTrialDays}-day free trial` : "Subscribe"}
      headingLevel="h2"
      className="mt-8 w-full max-w-xl text-left"
    />
  );
}
