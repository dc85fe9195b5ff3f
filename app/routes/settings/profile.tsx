import { useEffect, useRef, useState, type FormEvent } from "react";
import { data, useFetcher } from "react-router";
import { Icon } from "~/app/components/ui/icon";
import { toast } from "~/app/components/ui/toast";
import type { Route } from "./+types/profile";
import { PhoneInput } from "~/app/components/phone-input";
import { Button } from "~/app/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/app/components/ui/card";
import { FormField } from "~/app/components/ui/form-field";
import { Input } from "~/app/components/ui/input";
import { Label } from "~/app/components/ui/label";
import { Textarea } from "~/app/components/ui/textarea";
import { pageMeta, rootMetaData } from "~/app/seo/meta";
import type { Database } from "~/lib/db/client.server";
import { database, services } from "~/lib/request-context";
import type { Services } from "~/lib/services.server";
import { logger } from "~/lib/logger.server";
import { requireViewer } from "~/app/http/viewer.server";
import { statusFor } from "~/lib/http/refusal-status";
import { AVATAR_ERRORS, MAX_AVATAR_BYTES } from "~/modules/media/avatar-limits";
import { IMAGE_PROBLEM_CODE } from "~/modules/media/image-refusal-code";
import { AvatarError, saveAvatar } from "~/modules/media/avatar.server";
import {
  PROFILE_FIELDS,
  PROFILE_LIMITS,
  parseProfile,
  type ProfileField,
  type ProfileFieldErrors,
  type ProfileValues,
} from "~/modules/profiles/profile-schema";
import { findProfile, updateProfile } from "~/modules/profiles/profile.server";
import { useFormResult } from "~/app/components/ui/use-form-result";
import { useHydrated } from "~/app/components/ui/use-hydrated";

const MESSAGES = {
  avatarSaved: "Avatar updated successfully.",
  avatarFailed: "Failed to upload avatar.",
  noFile: "You must select an image to upload.",
  profileSaved: "Profile updated successfully.",
  profileFailed: "Failed to update profile.",
} as const;

type ActionResult =
  | { intent: "avatar"; ok: true }
  | { intent: "avatar"; ok: false; reason?: string }
  | { intent: "profile"; ok: true }
  | { intent: "profile"; ok: false; errors: ProfileFieldErrors; values: ProfileValues };
type AvatarResult = Extract<ActionResult, { intent: "avatar" }>;
type ProfileResult = Extract<ActionResult, { intent: "profile" }>;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    {
      title: "Profile",
      description: "Your Laneway Rooms photo and details.",
      path: "/settings/profile",
      noIndex: true,
    },
    rootMetaData(matches),
  );
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  const profile = await findProfile(database(context), viewer.id);
  return {
    email: viewer.email,
    profile: profile ?? { firstName: null, lastName: null, phone: null, bio: null, avatarUrl: null },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "avatar") return uploadAvatar(services(context), viewer.id, form.get("avatar"));
  if (intent === "profile") return saveProfile(database(context), viewer.id, form);
  throw data("Unknown form", { status: 400 });
}

async function uploadAvatar({ db, storage }: Services, userId: string, file: FormDataEntryValue | null) {
  // A form sent with no file chosen still carries the field: an empty, unnamed file.
  if (!(file instanceof File) || (file.size === 0 && !file.name)) {
    return data<ActionResult>({ intent: "avatar", ok: false, reason: MESSAGES.noFile }, { status: 400 });
  }
  if (file.size > MAX_AVATAR_BYTES) {
    return data<ActionResult>(
      { intent: "avatar", ok: false, reason: AVATAR_ERRORS.tooLarge },
      { status: statusFor(IMAGE_PROBLEM_CODE.tooLarge) },
    );
  }
  try {
    await saveAvatar(db, userId, Buffer.from(await file.arrayBuffer()), { storage });
    return data<ActionResult>({ intent: "avatar", ok: true });
  } catch (error) {
    if (error instanceof AvatarError) {
      // The avatar form answers every problem with the image itself alike.
      return data<ActionResult>(
        { intent: "avatar", ok: false, reason: error.message },
        { status: statusFor("UNPROCESSABLE") },
      );
    }
    logger.error({ err: error, userId }, "avatar upload failed");
    return data<ActionResult>({ intent: "avatar", ok: false }, { status: 500 });
  }
}

async function saveProfile(db: Database, userId: string, form: FormData) {
  const parsed = parseProfile(form);
  if (!parsed.success) {
    const { errors, values } = parsed;
    return data<ActionResult>({ intent: "profile", ok: false, errors, values }, { status: 400 });
  }
  try {
    if (await updateProfile(db, userId, parsed.data)) return data<ActionResult>({ intent: "profile", ok: true });
  } catch (error) {
    logger.error({ err: error, userId }, "profile update failed");
  }
  return data<ActionResult>(
    { intent: "profile", ok: false, errors: {}, values: profileValuesOf(parsed.data) },
    { status: 500 },
  );
}

function profileValuesOf(source: Partial<Record<ProfileField, string | null>>): ProfileValues {
  return Object.fromEntries(PROFILE_FIELDS.map((field) => [field, source[field] ?? ""])) as ProfileValues;
}

/** Without JavaScript the page itself says what happened (with it, a toast does). */
function Notice({ tone, title, description }: { tone: "success" | "error"; title: string; description?: string }) {
  return (
    <div
      role={tone === "success" ? "status" : "alert"}
      className={
        tone === "success"
          ? "rounded-lg border border-green-700/30 bg-green-50 p-3 text-sm text-green-900"
          : "rounded-lg border border-destructive/30 bg-red-50 p-3 text-sm text-red-900"
      }
    >
      <p className="font-semibold">{title}</p>
      {description && <p className="mt-1">{description}</p>}
    </div>
  );
}

function initialsOf(firstName: string | null, lastName: string | null, email: string): string {
  const initials = [firstName, lastName].map((name) => name?.trim().charAt(0) ?? "").join("");
  return (initials || email.charAt(0)).toUpperCase();
}

function AvatarCard({
  avatarUrl,
  initials,
  pageResult,
}: {
  avatarUrl: string | null;
  initials: string;
  pageResult: AvatarResult | undefined;
}) {
  const fetcher = useFetcher<ActionResult>();
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const [clientError, setClientError] = useState<string>();
  const uploading = fetcher.state !== "idle";
  const result = fetcher.data?.intent === "avatar" ? fetcher.data : undefined;

  useEffect(() => {
    if (!result) return;
    if (result.ok) {
      formRef.current?.reset();
      toast.success(MESSAGES.avatarSaved);
    } else {
      toast.error("Error", { description: [MESSAGES.avatarFailed, result.reason].filter(Boolean).join(" ") });
    }
  }, [result]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const input = event.currentTarget.elements.namedItem("avatar");
    const file = input instanceof HTMLInputElement ? input.files?.[0] : undefined;
    const problem = !file ? MESSAGES.noFile : file.size > MAX_AVATAR_BYTES ? AVATAR_ERRORS.tooLarge : undefined;
    setClientError(problem);
    if (!problem) return;
    event.preventDefault();
    if (input instanceof HTMLElement) input.focus();
  }

  const error = clientError ?? (!hydrated && pageResult && !pageResult.ok ? pageResult.reason : undefined);
  return (
    <Card className="max-w-2xl">
      <CardHeader>
        <CardTitle as="h2">Avatar</CardTitle>
        <CardDescription>Shown in the header and to the people you contact.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6 sm:flex-row sm:items-start">
        <div className="flex size-24 shrink-0 items-center justify-center overflow-hidden rounded-full bg-slate-100 text-2xl font-semibold text-slate-600 ring-1 ring-slate-200">
          {avatarUrl ? (
            <img src={avatarUrl} alt="Your avatar" width={96} height={96} className="size-full object-cover" />
          ) : (
            <span aria-hidden>{initials}</span>
          )}
        </div>
        <fetcher.Form
          ref={formRef}
          method="post"
          data-hydrated={hydrated || undefined}
          encType="multipart/form-data"
          onSubmit={onSubmit}
          className="min-w-0 flex-1 space-y-3"
        >
          <input type="hidden" name="intent" value="avatar" />
          {!hydrated && pageResult?.ok && <Notice tone="success" title={MESSAGES.avatarSaved} />}
          {!hydrated && pageResult && !pageResult.ok && pageResult.reason !== MESSAGES.noFile && (
            <Notice tone="error" title="Error" description={MESSAGES.avatarFailed} />
          )}
          <div className="space-y-2">
            <Label htmlFor="avatar">Avatar</Label>
            <Input
              id="avatar"
              name="avatar"
              type="file"
              accept="image/*"
              disabled={uploading}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "avatar-hint avatar-error" : "avatar-hint"}
              onChange={() => setClientError(undefined)}
              className="cursor-pointer"
            />
            <p id="avatar-hint" className="text-sm text-muted-foreground">
              Recommended: Square image, at least 400x400px
            </p>
            {error && (
              <p id="avatar-error" className="text-sm font-medium text-destructive">
                {error}
              </p>
            )}
          </div>
          <Button type="submit" disabled={uploading}>
            <Icon name="upload" />
            {uploading ? "Uploading…" : "Upload"}
          </Button>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}

function Field({
  field,
  label,
  error,
  defaultValue,
  onEdit,
  multiline,
  className,
  ...rest
}: {
  field: ProfileField;
  label: string;
  error: string | undefined;
  defaultValue: string;
  onEdit: (field: ProfileField) => void;
  multiline?: boolean;
  className?: string;
  autoComplete: string;
  maxLength: number;
  required?: boolean;
}) {
  const id = `profile-${field}`;
  const shared = {
    id,
    name: field,
    defaultValue,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}-error` : undefined,
    onChange: () => onEdit(field),
    ...rest,
  };
  return (
    <FormField id={id} label={label} error={error} className={className}>
      {multiline ? <Textarea {...shared} rows={5} /> : <Input {...shared} />}
    </FormField>
  );
}

/** The phone as `<PhoneInput>` (country picker + number), laid out and wired like `Field`. */
function PhoneField({
  field,
  label,
  error,
  defaultValue,
  onEdit,
}: {
  field: ProfileField;
  label: string;
  error: string | undefined;
  /** The stored E.164 number, or what was typed when a plain form post came back with errors. */
  defaultValue: string;
  onEdit: (field: ProfileField) => void;
}) {
  const id = `profile-${field}`;
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <PhoneInput
        id={id}
        name={field}
        defaultValue={defaultValue}
        defaultCountry="AU"
        invalid={Boolean(error)}
        describedBy={error ? `${id}-error` : undefined}
        onValueChange={() => onEdit(field)}
        className="mt-2"
      />
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

function ProfileCard({ saved, pageResult }: { saved: ProfileValues; pageResult: ProfileResult | undefined }) {
  const fetcher = useFetcher<ActionResult>();
  const hydrated = useHydrated();
  const saving = fetcher.state !== "idle";
  const result = fetcher.data?.intent === "profile" ? fetcher.data : undefined;
  const errorsOf = (latest: ProfileResult | undefined) => (latest && !latest.ok ? latest.errors : undefined);
  const { formRef, errors, onSubmit, onEdit } = useFormResult({
    fields: PROFILE_FIELDS,
    result,
    errorsOf,
    announce(latest) {
      if (latest.ok) toast.success(MESSAGES.profileSaved);
      else toast.error("Error", { description: MESSAGES.profileFailed });
    },
    check: parseProfile,
    // Without JavaScript the page's own answer carries the messages.
    initialErrors: errorsOf(result ?? pageResult),
  });
  const values = pageResult && !pageResult.ok ? pageResult.values : saved;
  const field = (name: ProfileField) => ({ field: name, error: errors[name], defaultValue: values[name], onEdit });

  return (
    <Card className="max-w-2xl">
      <CardHeader>
        <CardTitle as="h2">Personal details</CardTitle>
        <CardDescription>Your name and phone are shared with landlords when you enquire about a room.</CardDescription>
      </CardHeader>
      <CardContent>
        <fetcher.Form
          ref={formRef}
          method="post"
          data-hydrated={hydrated || undefined}
          noValidate={hydrated}
          onSubmit={onSubmit}
          className="grid gap-5 sm:grid-cols-2"
        >
          <input type="hidden" name="intent" value="profile" />
          {!hydrated && pageResult && (
            <div className="sm:col-span-2">
              {pageResult.ok ? (
                <Notice tone="success" title={MESSAGES.profileSaved} />
              ) : (
                <Notice tone="error" title="Error" description={MESSAGES.profileFailed} />
              )}
            </div>
          )}
          <Field
            {...field("firstName")}
            label="First Name"
            autoComplete="given-name"
            maxLength={PROFILE_LIMITS.name}
            required
          />
          <Field
            {...field("lastName")}
            label="Last Name"
            autoComplete="family-name"
            maxLength={PROFILE_LIMITS.name}
            required
          />
          <PhoneField {...field("phone")} label="Phone" />
          <Field
            {...field("bio")}
            label="Bio"
            multiline
            autoComplete="off"
            maxLength={PROFILE_LIMITS.bio}
            className="sm:col-span-2"
          />
          <div className="sm:col-span-2">
            <Button type="submit" disabled={saving}>
              <Icon name="save" />
              {saving ? "Saving…" : "Save"}
            </Button>
          </div>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}

export default function ProfileSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { email, profile } = loaderData;
  return (
    <section aria-labelledby="profile-heading" className="space-y-6">
      <div>
        <h1 id="profile-heading" className="font-display text-3xl font-bold text-slate-900">
          Profile
        </h1>
        <p className="mt-1 text-slate-600">
          Signed in as <span className="font-medium text-slate-900">{email}</span>.
        </p>
      </div>
      <AvatarCard
        avatarUrl={profile.avatarUrl}
        initials={initialsOf(profile.firstName, profile.lastName, email)}
        pageResult={actionData?.intent === "avatar" ? actionData : undefined}
      />
      <ProfileCard
        saved={profileValuesOf(profile)}
        pageResult={actionData?.intent === "profile" ? actionData : undefined}
      />
    </section>
  );
}
