import type { ReactNode } from "react";
import { data, Form, useNavigation } from "react-router";
import { Icon, type IconName } from "~/app/components/ui/icon";
import { toast } from "~/app/components/ui/toast";
import type { Route } from "./+types/contact";
import { COMMON_REFUSALS } from "~/lib/refusal-code";
import { statusFor } from "~/lib/http/refusal-status";
import { Button } from "~/app/components/ui/button";
import { FormField } from "~/app/components/ui/form-field";
import { Input } from "~/app/components/ui/input";
import { Textarea } from "~/app/components/ui/textarea";
import { pageMeta, rootMetaData } from "~/app/seo/meta";
import { database, requestInfo, services } from "~/lib/request-context";
import { addressRateKey } from "~/lib/rate-limit.server";
import {
  CONTACT_FIELDS,
  CONTACT_LIMITS,
  parseContact,
  type ContactField,
  type ContactFieldErrors,
  type ContactValues,
} from "~/modules/contact/contact-schema";
import { contactRateLimiter, submitContactMessage } from "~/modules/contact/submit-message.server";
import { useFormResult } from "~/app/components/ui/use-form-result";
import { useHydrated } from "~/app/components/ui/use-hydrated";
import { PageHero } from "~/app/components/layout/page-sections";
import { telHref, type SiteContact } from "~/modules/settings/site-contact";
import { getSiteContact } from "~/modules/settings/site-contact.server";

const CONTACT_MESSAGES = {
  success: { title: "Success!", description: "Your message has been sent successfully." },
  failure: { title: "Error", description: "There was a problem sending your message. Please try again." },
  rateLimited: { title: "Error", description: "Too many messages. Please try again in a few minutes." },
} as const;

type ActionResult =
  | { status: "sent" }
  | { status: "invalid"; errors: ContactFieldErrors; values: ContactValues }
  | { status: "failed" | "rate_limited"; values: ContactValues };

/** The contact details as the back-office last saved them. */
export async function loader({ context }: Route.LoaderArgs) {
  return { contact: await getSiteContact(database(context)) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const parsed = parseContact(formData);
  if (!parsed.success) {
    return data<ActionResult>({ status: "invalid", errors: parsed.errors, values: parsed.values }, { status: 400 });
  }
  const limit = await contactRateLimiter.hit(addressRateKey(requestInfo(context).clientAddress));
  if (!limit.allowed) {
    return data<ActionResult>(
      { status: "rate_limited", values: parsed.data },
      {
        status: statusFor(COMMON_REFUSALS["rate-limited"]),
        headers: { "Retry-After": String(limit.retryAfterSeconds) },
      },
    );
  }
  const result = await submitContactMessage(database(context), parsed.data, {
    adapter: services(context).forms,
    pageUri: `${services(context).site.url}/contact`,
  });
  // The message could not be stored: a fault on our side, not the sender's.
  if (!result.ok)
    return data<ActionResult>({ status: "failed", values: parsed.data }, { status: statusFor(COMMON_REFUSALS.failed) });
  return data<ActionResult>({ status: "sent" });
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    {
      title: "Contact Us",
      description:
        "Questions about a room, a lease or listing your property? Call, e-mail or send Laneway Rooms a message; our Docklands team replies within one business day.",
      path: "/contact",
    },
    rootMetaData(matches),
  );
}

const emptyValues = (): ContactValues => Object.fromEntries(CONTACT_FIELDS.map((name) => [name, ""])) as ContactValues;

function DetailItem({ icon, title, children }: { icon: IconName; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-4">
      <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
        <Icon name={icon} className="size-5" />
      </span>
      <div className="min-w-0">
        <h3 className="font-semibold text-foreground">{title}</h3>
        <div className="mt-1 text-muted-foreground">{children}</div>
      </div>
    </li>
  );
}

const contactLink = "font-medium text-primary underline-offset-4 hover:underline break-words";

function ContactDetails({ contact }: { contact: SiteContact }) {
  return (
    <section aria-labelledby="details-heading">
      <h2 id="details-heading" className="font-display text-2xl font-bold tracking-tight sm:text-3xl">
        Get in Touch
      </h2>
      <p className="mt-3 text-muted-foreground">
        Looking for a room, or a tenant for yours? Our team is based in Docklands and answers every message within one
        business day.
      </p>
      <ul className="mt-8 space-y-7">
        <DetailItem icon="map-pin" title="Visit us">
          <address className="not-italic">
            {contact.addressLine1}
            {contact.addressLine2 && (
              <>
                <br />
                {contact.addressLine2}
              </>
            )}
          </address>
        </DetailItem>
        <DetailItem icon="phone" title="Call us">
          <a href={telHref(contact.phone)} className={contactLink}>
            {contact.phone}
          </a>
        </DetailItem>
        <DetailItem icon="mail" title="E-mail us">
          <p>
            Renting a room:{" "}
            <a href={`mailto:${contact.generalEmail}`} className={contactLink}>
              {contact.generalEmail}
            </a>
          </p>
          <p className="mt-1">
            Landlords:{" "}
            <a href={`mailto:${contact.landlordsEmail}`} className={contactLink}>
              {contact.landlordsEmail}
            </a>
          </p>
        </DetailItem>
        <DetailItem icon="clock" title="Business hours">
          <p>{contact.hoursWeekdays}</p>
          {contact.hoursSaturday && <p>{contact.hoursSaturday}</p>}
          {contact.hoursNote && <p className="mt-1 text-sm">{contact.hoursNote}</p>}
        </DetailItem>
      </ul>
    </section>
  );
}

interface FieldProps {
  name: ContactField;
  label: string;
  error: string | undefined;
  defaultValue: string;
  onEdit: (name: ContactField) => void;
  type?: string;
  autoComplete: string;
  maxLength: number;
  multiline?: boolean;
  className?: string;
}

function Field({
  name,
  label,
  error,
  defaultValue,
  onEdit,
  type,
  autoComplete,
  maxLength,
  multiline,
  className,
}: FieldProps) {
  const id = `contact-${name}`;
  const errorId = `${id}-error`;
  const shared = {
    id,
    name,
    required: true,
    autoComplete,
    maxLength,
    defaultValue,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorId : undefined,
    onChange: () => onEdit(name),
  };
  return (
    <FormField id={id} label={label} error={error} className={className}>
      {multiline ? <Textarea {...shared} rows={6} /> : <Input {...shared} type={type} />}
    </FormField>
  );
}

function ContactForm({ result }: { result: ActionResult | undefined }) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formAction === "/contact";
  const hydrated = useHydrated();
  const { formRef, errors, onSubmit, onEdit } = useFormResult({
    fields: CONTACT_FIELDS,
    result,
    errorsOf: (latest) => (latest?.status === "invalid" ? latest.errors : undefined),
    announce(latest, form) {
      if (latest.status === "sent") {
        form?.reset();
        toast.success(CONTACT_MESSAGES.success.title, { description: CONTACT_MESSAGES.success.description });
      } else if (latest.status !== "invalid") {
        const message = messageFor(latest.status);
        toast.error(message.title, { description: message.description });
      }
    },
    check: parseContact,
  });
  const values = result && result.status !== "sent" ? result.values : emptyValues();

  // Without JavaScript the page itself says what happened (with it, a toast does).
  const notice =
    result && result.status !== "invalid" && !hydrated
      ? result.status === "sent"
        ? { tone: "success" as const, ...CONTACT_MESSAGES.success }
        : { tone: "error" as const, ...messageFor(result.status) }
      : undefined;

  return (
    <section
      aria-labelledby="form-heading"
      className="relative z-10 rounded-2xl border bg-background p-6 shadow-sm sm:p-8 lg:-mt-32 lg:shadow-xl"
    >
      <h2 id="form-heading" className="font-display text-2xl font-bold tracking-tight">
        Send Us a Message
      </h2>
      <p className="mt-2 text-sm text-muted-foreground">All fields are required.</p>
      {notice && (
        <div
          role={notice.tone === "success" ? "status" : "alert"}
          className={
            notice.tone === "success"
              ? "mt-6 rounded-lg border border-green-700/30 bg-green-50 p-4 text-sm text-green-900"
              : "mt-6 rounded-lg border border-destructive/30 bg-red-50 p-4 text-sm text-red-900"
          }
        >
          <p className="font-semibold">{notice.title}</p>
          <p className="mt-1">{notice.description}</p>
        </div>
      )}
      <Form
        ref={formRef}
        method="post"
        action="/contact"
        noValidate={hydrated}
        onSubmit={onSubmit}
        aria-labelledby="form-heading"
        className="mt-6 grid gap-5 sm:grid-cols-2"
      >
        <Field
          name="firstName"
          label="First name"
          autoComplete="given-name"
          maxLength={CONTACT_LIMITS.name}
          error={errors.firstName}
          defaultValue={values.firstName}
          onEdit={onEdit}
        />
        <Field
          name="lastName"
          label="Last name"
          autoComplete="family-name"
          maxLength={CONTACT_LIMITS.name}
          error={errors.lastName}
          defaultValue={values.lastName}
          onEdit={onEdit}
        />
        <Field
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          maxLength={CONTACT_LIMITS.email}
          error={errors.email}
          defaultValue={values.email}
          onEdit={onEdit}
        />
        <Field
          name="phone"
          label="Phone"
          type="tel"
          autoComplete="tel"
          maxLength={CONTACT_LIMITS.phone}
          error={errors.phone}
          defaultValue={values.phone}
          onEdit={onEdit}
        />
        <Field
          name="message"
          label="Message"
          multiline
          autoComplete="off"
          maxLength={CONTACT_LIMITS.message}
          error={errors.message}
          defaultValue={values.message}
          onEdit={onEdit}
          className="sm:col-span-2"
        />
        <div className="sm:col-span-2">
          <Button type="submit" size="lg" disabled={sending} className="w-full sm:w-auto">
            <Icon name="send" />
            {sending ? "Sending…" : "Send Message"}
          </Button>
        </div>
      </Form>
    </section>
  );
}

function messageFor(status: "failed" | "rate_limited") {
  return status === "rate_limited" ? CONTACT_MESSAGES.rateLimited : CONTACT_MESSAGES.failure;
}

export default function ContactPage({ actionData, loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHero
        eyebrow="We're here to help"
        title="Contact Us"
        lead="Questions about a room, a lease or listing your property? Send us a message, call or drop in."
        overlapped
      />
      <div className="mx-auto grid max-w-7xl gap-12 px-4 py-16 sm:px-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:gap-16 lg:px-8">
        <div className="lg:pt-0">
          <ContactDetails contact={loaderData.contact} />
        </div>
        <ContactForm result={actionData} />
      </div>
    </>
  );
}
