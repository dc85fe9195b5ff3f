import { data, Form, isRouteErrorResponse, Link, useNavigation } from "react-router";
import type { Route } from "./+types/property-photos";
import { StatusPage } from "~/app/components/layout/status-page";
import { ListingPhoto } from "~/app/components/listings/listing-photo";
import { Button, buttonVariants } from "~/app/components/ui/button";
import { FormField } from "~/app/components/ui/form-field";
import { Textarea } from "~/app/components/ui/textarea";
import { flagMessage, PHOTO_REVIEW, reasonText } from "~/app/content/photo-review";
import { auditMeta } from "~/app/http/admin-answer.server";
import { requireViewer } from "~/app/http/viewer.server";
import { pageMeta, rootMetaData } from "~/app/seo/meta";
import { redirectWithNotice } from "~/lib/flash.server";
import { statusFor } from "~/lib/http/refusal-status";
import { database, services } from "~/lib/request-context";
import { LISTING_REFUSAL_CODE } from "~/modules/listings/listing-refusal-code";
import { MAX_PHOTO_ALT_CHARS } from "~/modules/listings/photo-alt";
import {
  applySuggestedPhotoOrder,
  photoReviewFor,
  setPhotoAlt,
  type PhotoReviewRefusal,
} from "~/modules/listings/photo-review.server";

export function meta({ matches, params }: Route.MetaArgs) {
  return pageMeta(
    {
      title: PHOTO_REVIEW.title,
      description: "Check your listing's photos, their order and their alt text.",
      path: `/settings/properties/${params.id}/photos`,
      noIndex: true,
    },
    rootMetaData(matches),
  );
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  const result = await photoReviewFor(database(context), viewer, params.id, { storage: services(context).storage });
  if (!result.ok) throw data(null, { status: statusFor(LISTING_REFUSAL_CODE[result.reason]) });
  const { listing, photos, suggestion } = result.value;
  return { listing, photos, suggestion };
}

type ActionAnswer = { error: string; url?: string };

const REFUSAL_TEXT: Record<PhotoReviewRefusal, string> = {
  "not-found": PHOTO_REVIEW.notFound,
  forbidden: PHOTO_REVIEW.notFound,
  stale: PHOTO_REVIEW.stale,
  "alt-too-long": PHOTO_REVIEW.altTooLong,
};

/** `intent` order (with the `order` the page showed, as JSON) or alt (`url`, `alt`). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  const form = await request.formData();
  const intent = form.get("intent");
  const options = { storage: services(context).storage, meta: auditMeta(context) };
  let result;
  let url: string | undefined;
  if (intent === "order") {
    const shown = parseOrder(form.get("order"));
    if (!shown) return data<ActionAnswer>({ error: PHOTO_REVIEW.invalid }, { status: 400 });
    result = await applySuggestedPhotoOrder(database(context), viewer, params.id, { ...options, shown });
  } else if (intent === "alt") {
    const alt = form.get("alt");
    const photoUrl = form.get("url");
    if (typeof alt !== "string" || typeof photoUrl !== "string") {
      return data<ActionAnswer>({ error: PHOTO_REVIEW.invalid }, { status: 400 });
    }
    url = photoUrl;
    result = await setPhotoAlt(database(context), viewer, params.id, { ...options, url, alt });
  } else {
    return data<ActionAnswer>({ error: PHOTO_REVIEW.invalid }, { status: 400 });
  }
  if (!result.ok) {
    return data<ActionAnswer>(
      { error: REFUSAL_TEXT[result.reason], ...(url ? { url } : {}) },
      { status: statusFor(LISTING_REFUSAL_CODE[result.reason]) },
    );
  }
  return redirectWithNotice(`/settings/properties/${params.id}/photos`, {
    title: "Success",
    description: intent === "order" ? PHOTO_REVIEW.applied : PHOTO_REVIEW.altSaved,
    tone: "success",
  });
}

function parseOrder(value: FormDataEntryValue | null): string[] | null {
  if (typeof value !== "string" || value.length > 100_000) return null;
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) && parsed.every((item) => typeof item === "string") ? parsed : null;
  } catch {
    return null;
  }
}

const THUMBNAIL_SIZES = "(min-width: 640px) 160px, 100vw";

export default function PropertyPhotos({ loaderData, actionData }: Route.ComponentProps) {
  const { listing, photos, suggestion } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const byUrl = new Map(photos.map((photo) => [photo.url, photo]));
  const generalError = actionData && !actionData.url ? actionData.error : undefined;
  return (
    <section aria-labelledby="photos-heading" className="space-y-8">
      <header className="space-y-2">
        <h1 id="photos-heading" className="font-display text-3xl font-bold text-slate-900">
          {PHOTO_REVIEW.title}
        </h1>
        <p className="text-lg font-medium text-slate-800">{listing.title}</p>
        <p className="max-w-2xl text-muted-foreground">{PHOTO_REVIEW.intro}</p>
        <div className="flex flex-wrap gap-2 pt-1">
          <Link to={`/list-property?edit=${listing.id}`} className={buttonVariants({ variant: "outline", size: "sm" })}>
            {PHOTO_REVIEW.editListing}
          </Link>
          <Link to="/settings/properties" className={buttonVariants({ variant: "outline", size: "sm" })}>
            {PHOTO_REVIEW.backToProperties}
          </Link>
        </div>
      </header>

      {generalError && (
        <p
          role="alert"
          className="rounded-xl border border-destructive/40 bg-destructive/5 p-4 text-sm font-medium text-destructive"
        >
          {generalError}
        </p>
      )}

      {photos.length === 0 ? (
        <p className="rounded-2xl border bg-card p-6">{PHOTO_REVIEW.noPhotos}</p>
      ) : (
        <>
          <section aria-labelledby="suggestion-heading" className="space-y-4">
            <h2 id="suggestion-heading" className="text-xl font-semibold text-slate-900">
              {PHOTO_REVIEW.suggestionHeading}
            </h2>
            <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {suggestion.photos.map((reviewed, index) => {
                const photo = byUrl.get(reviewed.url);
                return (
                  <li key={reviewed.url} className="overflow-hidden rounded-2xl border bg-card shadow-sm">
                    <div className="relative">
                      <ListingPhoto
                        photo={photo ?? null}
                        alt={photo?.alt ?? photo?.generatedAlt ?? ""}
                        sizes={THUMBNAIL_SIZES}
                        className="aspect-[3/2] w-full"
                      />
                      <span className="absolute top-2 left-2 rounded-full bg-slate-900/85 px-3 py-1 text-sm font-semibold text-white">
                        {index + 1}
                        {index === 0 && ` · ${PHOTO_REVIEW.cover}`}
                      </span>
                    </div>
                    <div className="space-y-2 p-4 text-sm">
                      <p className="text-muted-foreground">{PHOTO_REVIEW.nowAt(reviewed.position)}</p>
                      <p className="text-slate-900">{reasonText(reviewed.reason)}</p>
                      {reviewed.flags.length > 0 && (
                        <ul className="space-y-1">
                          {reviewed.flags.map((flag) => (
                            <li key={flag} className="rounded-lg bg-amber-50 px-3 py-2 text-amber-950">
                              {flagMessage(flag, { ...photo, duplicateOf: reviewed.duplicateOf })}
                            </li>
                          ))}
                        </ul>
                      )}
                    </div>
                  </li>
                );
              })}
            </ol>
            {suggestion.changed ? (
              <Form method="post">
                <input type="hidden" name="intent" value="order" />
                <input type="hidden" name="order" value={JSON.stringify(suggestion.photos.map((photo) => photo.url))} />
                <Button type="submit" disabled={busy}>
                  {PHOTO_REVIEW.apply}
                </Button>
              </Form>
            ) : (
              <p className="text-muted-foreground">{PHOTO_REVIEW.alreadyInOrder}</p>
            )}
          </section>

          <section aria-labelledby="alt-heading" className="space-y-4">
            <h2 id="alt-heading" className="text-xl font-semibold text-slate-900">
              {PHOTO_REVIEW.altHeading}
            </h2>
            <p className="max-w-2xl text-muted-foreground">{PHOTO_REVIEW.altIntro}</p>
            <ul className="space-y-4">
              {photos.map((photo, index) => {
                const id = `alt-${index + 1}`;
                const error = actionData?.url === photo.url ? actionData.error : undefined;
                return (
                  <li
                    key={photo.url}
                    className="flex flex-col gap-4 rounded-2xl border bg-card p-4 sm:flex-row sm:items-start"
                  >
                    {/* A wrapper, so the picture's <source> is no flex item of its own. */}
                    <div className="w-full shrink-0 sm:w-40">
                      <ListingPhoto
                        photo={photo}
                        alt=""
                        sizes={THUMBNAIL_SIZES}
                        className="aspect-[3/2] w-full rounded-xl"
                      />
                    </div>
                    <Form method="post" className="flex-1 space-y-3">
                      <input type="hidden" name="intent" value="alt" />
                      <input type="hidden" name="url" value={photo.url} />
                      <FormField id={id} label={PHOTO_REVIEW.altLabel(index + 1)} error={error}>
                        <Textarea
                          id={id}
                          name="alt"
                          rows={2}
                          defaultValue={photo.alt ?? ""}
                          maxLength={MAX_PHOTO_ALT_CHARS}
                          aria-invalid={error ? true : undefined}
                          aria-describedby={error ? `${id}-error ${id}-generated` : `${id}-generated`}
                        />
                      </FormField>
                      <p id={`${id}-generated`} className="text-sm text-muted-foreground">
                        {PHOTO_REVIEW.altGenerated(photo.generatedAlt)}
                      </p>
                      <Button type="submit" variant="outline" size="sm" disabled={busy}>
                        {PHOTO_REVIEW.altSave}
                      </Button>
                    </Form>
                  </li>
                );
              })}
            </ul>
          </section>
        </>
      )}
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status === 403 || status === 404) {
    return <StatusPage code={status} title="Listing not found" message={PHOTO_REVIEW.notFound} />;
  }
  return <StatusPage code={status} title="Something went wrong" message="Please try again." />;
}
