import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/renter-profile";
import { DOCUMENT_REFUSALS, REFERENCE_REFUSALS, RENTER_PROFILE_TEXT } from "~/app/content/renter-profile";
import { AreaField } from "~/app/components/renter-profile/area-field";
import { Badge } from "~/app/components/ui/badge";
import { Button } from "~/app/components/ui/button";
import { Checkbox } from "~/app/components/ui/checkbox";
import { formatDisplayDate, parseIsoDate } from "~/app/components/ui/date-format";
import { FormField } from "~/app/components/ui/form-field";
import { Input } from "~/app/components/ui/input";
import { NativeSelect } from "~/app/components/ui/native-select";
import { Textarea } from "~/app/components/ui/textarea";
import { useFormResult } from "~/app/components/ui/use-form-result";
import { useHydrated } from "~/app/components/ui/use-hydrated";
import { requireViewer } from "~/app/http/viewer.server";
import { pageMeta, rootMetaData } from "~/app/seo/meta";
import { redirectWithNotice } from "~/lib/flash.server";
import { retryAfterHeaders, statusFor } from "~/lib/http/refusal-status";
import { database, services } from "~/lib/request-context";
import { melbourneToday } from "~/modules/listings/availability-text";
import {
  ABOUT_MAX_LENGTH,
  DOCUMENT_ERRORS,
  DOCUMENT_KIND_LABELS,
  DOCUMENT_KINDS,
  MAX_DOCUMENT_BYTES,
  MAX_PREFERRED_AREAS,
  MAX_REFERENCES,
  parseReference,
  parseRenterProfile,
  REFERENCE_FIELDS,
  RENTER_PROFILE_FIELDS,
  STAY_MONTHS,
  type DocumentKind,
  type ReferenceErrors,
  type ReferenceInput,
  type RenterProfileErrors,
  type RenterProfileValues,
} from "~/modules/renter-profiles/renter-profile-input";
import { DOCUMENT_REFUSAL_CODE, REFERENCE_REFUSAL_CODE } from "~/modules/renter-profiles/renter-profile-refusal-code";
import { deleteRenterDocument, uploadRenterDocument } from "~/modules/renter-profiles/renter-documents.server";
import {
  addReference,
  changeReference,
  removeReference,
  renterProfilePage,
  saveRenterProfile,
  type RenterProfileView,
} from "~/modules/renter-profiles/renter-profiles.server";
import { InvitationsSetting } from "~/app/components/renter-search/invitations-setting";
import { acceptsInvitations, setAcceptsInvitations } from "~/modules/renter-search/invitations.server";

const PATH = "/settings/renter-profile";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    { title: RENTER_PROFILE_TEXT.title, description: RENTER_PROFILE_TEXT.lead, path: PATH, noIndex: true },
    rootMetaData(matches),
  );
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  const [page, invitations] = await Promise.all([
    renterProfilePage(database(context), viewer),
    acceptsInvitations(database(context), viewer),
  ]);
  return { ...page, acceptsInvitations: invitations, today: melbourneToday() };
}

type ActionResult =
  | { intent: "profile"; errors: RenterProfileErrors; values: RenterProfileValues }
  | { intent: "reference"; id: string | null; errors: ReferenceErrors; values: ReferenceInput }
  | { intent: "document"; error: string };

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  const form = await request.formData();
  const intent = form.get("intent");
  const { db, places, site, secret, privateFiles } = services(context);

  if (intent === "profile") {
    const parsed = parseRenterProfile(form, melbourneToday());
    if (!parsed.success) {
      return data<ActionResult>({ intent, errors: parsed.errors, values: parsed.values }, { status: 400 });
    }
    const saved = await saveRenterProfile({ db, places }, viewer, parsed.data);
    if (!saved.ok) {
      return data<ActionResult>(
        { intent, errors: { areas: RENTER_PROFILE_TEXT.unknownArea(saved.area) }, values: parsed.values },
        { status: 400 },
      );
    }
    return redirectWithNotice(PATH, { ...RENTER_PROFILE_TEXT.saved, tone: "success" });
  }

  if (intent === "invitations") {
    const accepts = form.get("accepts") === "on";
    await setAcceptsInvitations(db, viewer, accepts);
    return redirectWithNotice(PATH, { title: accepts ? "Invitations on" : "Invitations off", tone: "success" });
  }

  if (intent === "add-reference" || intent === "change-reference") {
    const id = intent === "change-reference" ? String(form.get("id") ?? "") : null;
    const parsed = parseReference(form);
    if (!parsed.success) {
      return data<ActionResult>(
        { intent: "reference", id, errors: parsed.errors, values: parsed.values },
        { status: 400 },
      );
    }
    const result =
      id === null
        ? await addReference({ db, site, secret }, viewer, parsed.data)
        : await changeReference({ db, site, secret }, viewer, id, parsed.data);
    if (!result.ok) {
      return data<ActionResult>(
        { intent: "reference", id, errors: { email: REFERENCE_REFUSALS[result.reason] }, values: parsed.data },
        { status: statusFor(REFERENCE_REFUSAL_CODE[result.reason]), headers: retryAfterHeaders(result) },
      );
    }
    const notice = id === null ? RENTER_PROFILE_TEXT.referenceAdded : RENTER_PROFILE_TEXT.referenceChanged;
    return redirectWithNotice(PATH, { ...notice, tone: "success" });
  }

  if (intent === "remove-reference") {
    const removed = await removeReference(db, viewer, String(form.get("id") ?? ""));
    if (!removed.ok)
      throw data(REFERENCE_REFUSALS["not-found"], { status: statusFor(REFERENCE_REFUSAL_CODE["not-found"]) });
    return redirectWithNotice(PATH, { ...RENTER_PROFILE_TEXT.referenceRemoved, tone: "success" });
  }

  if (intent === "upload-document") {
    const file = form.get("document");
    const kind = String(form.get("kind") ?? "");
    if (!(DOCUMENT_KINDS as readonly string[]).includes(kind)) {
      return data<ActionResult>({ intent: "document", error: DOCUMENT_ERRORS.kind }, { status: 400 });
    }
    // A form sent with no file chosen still carries the field: an empty, unnamed file.
    if (!(file instanceof File) || file.size === 0) {
      return data<ActionResult>({ intent: "document", error: DOCUMENT_ERRORS.noFile }, { status: 400 });
    }
    const uploaded =
      file.size > MAX_DOCUMENT_BYTES
        ? ({ ok: false, reason: "too-large" } as const)
        : await uploadRenterDocument({ db, privateFiles }, viewer, {
            kind: kind as DocumentKind,
            bytes: Buffer.from(await file.arrayBuffer()),
          });
    if (!uploaded.ok) {
      return data<ActionResult>(
        { intent: "document", error: DOCUMENT_REFUSALS[uploaded.reason] },
        { status: statusFor(DOCUMENT_REFUSAL_CODE[uploaded.reason]) },
      );
    }
    return redirectWithNotice(PATH, { ...RENTER_PROFILE_TEXT.documentSaved, tone: "success" });
  }

  if (intent === "delete-document") {
    await deleteRenterDocument({ db, privateFiles }, viewer);
    return redirectWithNotice(PATH, { ...RENTER_PROFILE_TEXT.documentDeleted, tone: "success" });
  }

  throw data("Unknown form", { status: 400 });
}

function profileValues(profile: RenterProfileView): RenterProfileValues {
  return {
    about: profile.about,
    occupation: profile.occupation ?? "",
    occupationPlace: profile.occupationPlace,
    moveInEarliest: profile.moveInEarliest ?? "",
    moveInLatest: profile.moveInLatest ?? "",
    stayMonths: profile.stayMonths?.toString() ?? "",
    weeklyBudget: profile.weeklyBudget?.toString() ?? "",
    areas: profile.preferredAreas.map((area) => area.name),
    languages: profile.languages.join(", "),
    pets: profile.pets,
    smoking: profile.smoking,
    findable: profile.findable,
  };
}

/** "28 Nov 2026": the day in Melbourne. */
function shownDate(instant: string): string {
  const day = parseIsoDate(melbourneToday(new Date(instant)));
  return day ? formatDisplayDate(day) : instant.slice(0, 10);
}

const STATED = [
  ["undisclosed", "Prefer not to say"],
  ["yes", "Yes"],
  ["no", "No"],
] as const;

function invalid(errors: Partial<Record<string, string>>, id: string, field: string) {
  return errors[field] ? { "aria-invalid": true as const, "aria-describedby": `${id}-error` } : {};
}

function ProfileForm({
  current,
  result,
  today,
}: {
  current: RenterProfileValues;
  result: ActionResult | undefined;
  today: string;
}) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const profileResult = result?.intent === "profile" ? result : undefined;
  const { formRef, errors, onSubmit, onEdit } = useFormResult({
    fields: RENTER_PROFILE_FIELDS,
    result: profileResult,
    errorsOf: (latest) => latest?.errors,
    announce: () => undefined,
    check: (values) => parseRenterProfile(values, today),
  });
  const values = profileResult?.values ?? current;
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "profile";
  const field = (name: (typeof RENTER_PROFILE_FIELDS)[number]) => ({
    id: `renter-${name}`,
    name,
    onChange: () => onEdit(name),
    ...invalid(errors, `renter-${name}`, name),
  });
  const areas = Array.from({ length: MAX_PREFERRED_AREAS }, (_, index) => values.areas[index] ?? "");

  return (
    <section aria-labelledby="about-heading" className="space-y-4">
      <h2 id="about-heading" className="text-xl font-semibold text-slate-900">
        About you
      </h2>
      <Form
        ref={formRef}
        method="post"
        action={PATH}
        noValidate={hydrated}
        onSubmit={onSubmit}
        aria-labelledby="about-heading"
        className="grid max-w-2xl gap-5"
      >
        <input type="hidden" name="intent" value="profile" />
        <FormField id="renter-about" label="About me" error={errors.about}>
          <Textarea {...field("about")} rows={5} maxLength={ABOUT_MAX_LENGTH} defaultValue={values.about} />
        </FormField>
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField id="renter-occupation" label="Occupation" error={errors.occupation}>
            <NativeSelect {...field("occupation")} defaultValue={values.occupation} className="w-full">
              <option value="">Not stated</option>
              <option value="studying">Studying</option>
              <option value="working">Working</option>
              <option value="other">Other</option>
            </NativeSelect>
          </FormField>
          <FormField id="renter-occupationPlace" label="Institution or employer" error={errors.occupationPlace}>
            <Input {...field("occupationPlace")} defaultValue={values.occupationPlace} autoComplete="organization" />
          </FormField>
        </div>
        <fieldset className="grid gap-5 sm:grid-cols-2">
          <legend className="mb-2 text-sm font-semibold text-slate-900">Move-in window</legend>
          <FormField id="renter-moveInEarliest" label="Earliest move-in" error={errors.moveInEarliest}>
            <Input {...field("moveInEarliest")} type="date" min={today} defaultValue={values.moveInEarliest} />
          </FormField>
          <FormField id="renter-moveInLatest" label="Latest move-in" error={errors.moveInLatest}>
            <Input {...field("moveInLatest")} type="date" min={today} defaultValue={values.moveInLatest} />
          </FormField>
        </fieldset>
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField id="renter-stayMonths" label="Stay length" error={errors.stayMonths}>
            <NativeSelect {...field("stayMonths")} defaultValue={values.stayMonths} className="w-full">
              <option value="">Not stated</option>
              {Array.from({ length: STAY_MONTHS.max - STAY_MONTHS.min + 1 }, (_, index) => index + STAY_MONTHS.min).map(
                (months) => (
                  <option key={months} value={months}>
                    {months} months
                  </option>
                ),
              )}
            </NativeSelect>
          </FormField>
          <FormField id="renter-weeklyBudget" label="Weekly budget ($)" error={errors.weeklyBudget}>
            <Input {...field("weeklyBudget")} inputMode="numeric" defaultValue={values.weeklyBudget} />
          </FormField>
        </div>
        <fieldset className="space-y-2" aria-describedby={errors.areas ? "renter-areas-error" : "renter-areas-hint"}>
          <legend className="text-sm font-semibold text-slate-900">Preferred areas</legend>
          <p id="renter-areas-hint" className="text-sm text-slate-600">
            Up to {MAX_PREFERRED_AREAS} suburbs, postcodes or places, as in the room search.
          </p>
          <div className="grid gap-3 sm:grid-cols-3">
            {areas.map((area, index) => (
              <div key={index} className="space-y-1">
                <label htmlFor={`renter-area-${index}`} className="text-sm font-medium text-slate-800">
                  Area {index + 1}
                </label>
                <AreaField
                  id={`renter-area-${index}`}
                  defaultValue={area}
                  invalid={Boolean(errors.areas)}
                  onEdit={() => onEdit("areas")}
                />
              </div>
            ))}
          </div>
          {errors.areas && (
            <p id="renter-areas-error" className="text-sm font-medium text-destructive">
              {errors.areas}
            </p>
          )}
        </fieldset>
        <FormField id="renter-languages" label="Languages (separated by commas)" error={errors.languages}>
          <Input {...field("languages")} defaultValue={values.languages} />
        </FormField>
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField id="renter-pets" label="Pets" error={errors.pets}>
            <NativeSelect {...field("pets")} defaultValue={values.pets} className="w-full">
              {STATED.map(([value, label]) => (
                <option key={value} value={value}>
                  {value === "yes" ? "I have a pet" : value === "no" ? "No pets" : label}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField id="renter-smoking" label="Smoking" error={errors.smoking}>
            <NativeSelect {...field("smoking")} defaultValue={values.smoking} className="w-full">
              {STATED.map(([value, label]) => (
                <option key={value} value={value}>
                  {value === "yes" ? "I smoke" : value === "no" ? "I don't smoke" : label}
                </option>
              ))}
            </NativeSelect>
          </FormField>
        </div>
        <div className="flex items-start gap-3 rounded-lg border bg-white p-3">
          <Checkbox
            id="renter-findable"
            name="findable"
            defaultChecked={values.findable}
            className="mt-1"
            aria-describedby="renter-findable-hint"
          />
          <div>
            <label htmlFor="renter-findable" className="text-sm font-medium text-slate-900">
              Findable by landlords
            </label>
            <p id="renter-findable-hint" className="text-sm text-slate-600">
              Landlords with an active plan may find your profile and invite you to view a room. Off unless you turn it
              on.
            </p>
          </div>
        </div>
        <div>
          <Button type="submit" disabled={saving}>
            {saving ? "Saving…" : "Save profile"}
          </Button>
        </div>
      </Form>
    </section>
  );
}

function ReferenceFields({
  prefix,
  values,
  errors,
}: {
  prefix: string;
  values: Partial<ReferenceInput> | undefined;
  errors: ReferenceErrors;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      {REFERENCE_FIELDS.map((name) => (
        <FormField
          key={name}
          id={`${prefix}-${name}`}
          label={name === "name" ? "Name" : name === "relationship" ? "Relationship" : "E-mail"}
          error={errors[name]}
        >
          <Input
            id={`${prefix}-${name}`}
            name={name}
            type={name === "email" ? "email" : "text"}
            required
            defaultValue={values?.[name]}
            {...invalid(errors, `${prefix}-${name}`, name)}
          />
        </FormField>
      ))}
    </div>
  );
}

export default function RenterProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, references, document, today } = loaderData;
  const referenceResult = actionData?.intent === "reference" ? actionData : undefined;
  const documentError = actionData?.intent === "document" ? actionData.error : undefined;

  return (
    <div className="space-y-10">
      <header className="space-y-2">
        <h1 className="font-display text-3xl font-bold text-slate-900">{RENTER_PROFILE_TEXT.title}</h1>
        <p className="text-slate-600">{RENTER_PROFILE_TEXT.lead}</p>
      </header>

      <ProfileForm current={profileValues(profile)} result={actionData} today={today} />

      <InvitationsSetting accepts={loaderData.acceptsInvitations} findable={profile.findable} />

      <section aria-labelledby="references-heading" className="max-w-2xl space-y-4">
        <h2 id="references-heading" className="text-xl font-semibold text-slate-900">
          References
        </h2>
        <p className="text-sm text-slate-600">
          Up to {MAX_REFERENCES} people who know you, such as a previous landlord or an employer. We e-mail each a link
          to confirm; landlords see that a reference confirmed, never the referee's e-mail.
        </p>
        {references.length > 0 && (
          <ul className="space-y-3">
            {references.map((reference) => {
              const editing = referenceResult?.id === reference.id ? referenceResult : undefined;
              return (
                <li key={reference.id} className="space-y-3 rounded-lg border bg-white p-4">
                  <div className="flex flex-wrap items-center gap-2">
                    <h3 className="font-semibold break-words text-slate-900">{reference.name}</h3>
                    <span className="text-sm text-slate-600">{reference.relationship}</span>
                    <Badge variant={reference.confirmed ? "success" : "outline"}>
                      {reference.confirmed ? "Reference confirmed" : "Waiting for confirmation"}
                    </Badge>
                  </div>
                  <p className="text-sm break-all text-slate-700">{reference.email}</p>
                  <details open={editing !== undefined}>
                    <summary className="cursor-pointer text-sm font-medium text-primary">Edit {reference.name}</summary>
                    <Form
                      method="post"
                      action={PATH}
                      className="mt-3 space-y-3"
                      aria-label={`Edit reference ${reference.name}`}
                    >
                      <input type="hidden" name="intent" value="change-reference" />
                      <input type="hidden" name="id" value={reference.id} />
                      <ReferenceFields
                        prefix={`reference-${reference.id}`}
                        values={editing?.values ?? reference}
                        errors={editing?.errors ?? {}}
                      />
                      <p className="text-xs text-slate-600">A new e-mail address needs to confirm again.</p>
                      <Button type="submit" variant="outline">
                        Save reference
                      </Button>
                    </Form>
                  </details>
                  <Form method="post" action={PATH}>
                    <input type="hidden" name="intent" value="remove-reference" />
                    <input type="hidden" name="id" value={reference.id} />
                    <Button type="submit" variant="outline" size="sm" aria-label={`Remove reference ${reference.name}`}>
                      Remove
                    </Button>
                  </Form>
                </li>
              );
            })}
          </ul>
        )}
        {references.length < MAX_REFERENCES && (
          <Form
            method="post"
            action={PATH}
            aria-labelledby="add-reference-heading"
            className="space-y-3 rounded-lg border bg-white p-4"
          >
            <h3 id="add-reference-heading" className="font-semibold text-slate-900">
              Add a reference
            </h3>
            <input type="hidden" name="intent" value="add-reference" />
            <ReferenceFields
              prefix="reference-new"
              values={referenceResult?.id === null ? referenceResult.values : undefined}
              errors={referenceResult?.id === null ? referenceResult.errors : {}}
            />
            <Button type="submit">Send confirmation e-mail</Button>
          </Form>
        )}
      </section>

      <section aria-labelledby="document-heading" className="max-w-2xl space-y-4">
        <h2 id="document-heading" className="text-xl font-semibold text-slate-900">
          Proof of income or enrolment
        </h2>
        <p className="text-sm text-slate-600">
          Optional. A PDF or a photo, up to 8 MB. It is never public: only you and landlords you have enquired with can
          open it, and it is deleted 12 months after upload or whenever you delete it.
        </p>
        {document && (
          <div className="space-y-3 rounded-lg border bg-white p-4">
            <div>
              <p className="font-medium text-slate-900">{DOCUMENT_KIND_LABELS[document.kind]}</p>
              <p className="text-sm text-slate-600">
                {document.contentType === "application/pdf" ? "PDF" : "Image"}, {Math.ceil(document.byteSize / 1024)} KB
                · uploaded {shownDate(document.createdAt)} · deleted automatically on {shownDate(document.deletesAt)}
              </p>
            </div>
            <div className="flex flex-wrap items-center gap-3">
              <a
                href={`/settings/renter-documents/${document.id}`}
                className="text-sm font-medium text-primary underline"
                target="_blank"
                rel="noopener"
              >
                Open document
              </a>
              <Form method="post" action={PATH}>
                <input type="hidden" name="intent" value="delete-document" />
                <Button type="submit" variant="outline" size="sm">
                  Delete document
                </Button>
              </Form>
            </div>
          </div>
        )}
        <Form
          // A new document remounts the form, clearing the file just sent.
          key={document?.id ?? "none"}
          method="post"
          action={PATH}
          encType="multipart/form-data"
          aria-labelledby="document-heading"
          className="space-y-4 rounded-lg border bg-white p-4"
        >
          <input type="hidden" name="intent" value="upload-document" />
          <FormField id="document-kind" label="What it shows">
            <NativeSelect id="document-kind" name="kind" defaultValue={document?.kind ?? "income"} className="w-full">
              {DOCUMENT_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {DOCUMENT_KIND_LABELS[kind]}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField id="document-file" label={document ? "Replace with a new file" : "File"} error={documentError}>
            <Input
              id="document-file"
              name="document"
              type="file"
              accept="application/pdf,image/*"
              required
              {...(documentError ? { "aria-invalid": true, "aria-describedby": "document-file-error" } : {})}
            />
          </FormField>
          <Button type="submit">Upload document</Button>
        </Form>
      </section>
    </div>
  );
}
