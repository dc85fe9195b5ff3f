import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/renters";
import { IdVerifiedBadge } from "~/app/components/identity/id-verified-badge";
import { Button } from "~/app/components/ui/button";
import { Checkbox } from "~/app/components/ui/checkbox";
import { formatDisplayDate, parseIsoDate } from "~/app/components/ui/date-format";
import { FormField } from "~/app/components/ui/form-field";
import { Input } from "~/app/components/ui/input";
import { NativeSelect } from "~/app/components/ui/native-select";
import { Pagination } from "~/app/components/ui/pagination";
import { Textarea } from "~/app/components/ui/textarea";
import { INVITATION_SENT, RENTER_SEARCH_DESCRIPTION, RENTER_SEARCH_TITLE } from "~/app/content/renter-search";
import { gatedViewer, renterSearchGate } from "~/app/http/gates.server";
import { pageMeta, rootMetaData } from "~/app/seo/meta";
import { redirectWithNotice } from "~/lib/flash.server";
import { formText } from "~/lib/form-data";
import { statusFor } from "~/lib/http/refusal-status";
import { database, services } from "~/lib/request-context";
import { MESSAGE_MAX_LENGTH, parseMessage } from "~/modules/enquiries/enquiry-input";
import { STAY_MONTHS } from "~/modules/renter-profiles/renter-profile-input";
import { INVITATION_REFUSAL_CODE } from "~/modules/renter-search/invitation-refusal-code";
import { INVITATION_REFUSALS } from "~/modules/renter-search/invitation-text";
import { inviteRenter } from "~/modules/renter-search/invitations.server";
import { invitableListings, searchRenters, type RenterCard } from "~/modules/renter-search/renter-search.server";
import { parseRenterSearch, renterSearchHref, type RenterSearchQuery } from "~/modules/renter-search/search-query";

const PATH = "/settings/renters";

/** Active landlords only, for the page, its `.data` and its invitations. */
export const middleware: Route.MiddlewareFunction[] = [renterSearchGate];

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    { title: RENTER_SEARCH_TITLE, description: RENTER_SEARCH_DESCRIPTION, path: PATH, noIndex: true },
    rootMetaData(matches),
  );
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = gatedViewer(context);
  const db = database(context);
  const query = parseRenterSearch(new URL(request.url).searchParams);
  const [results, listings] = await Promise.all([
    searchRenters(db, viewer, query, services(context).now()),
    invitableListings(db, viewer),
  ]);
  return { query, ...results, listings };
}

type ActionResult = { renterId: string; error: string; message: string; listingId: string };

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = gatedViewer(context);
  const form = await request.formData();
  const renterId = formText(form, "renterId");
  const listingId = formText(form, "listingId");
  const refuse = (error: string, status: number) =>
    data<ActionResult>({ renterId, listingId, error, message: formText(form, "message") }, { status });
  if (form.get("intent") !== "invite") return refuse("Unknown action.", 400);
  const parsed = parseMessage(form);
  if (!parsed.success) return refuse(parsed.error, 400);
  const { db, site, now } = services(context);
  const result = await inviteRenter({ db, site }, viewer, { renterId, listingId, message: parsed.body }, now());
  if (!result.ok) return refuse(INVITATION_REFUSALS[result.reason], statusFor(INVITATION_REFUSAL_CODE[result.reason]));
  return redirectWithNotice(`/settings/enquiries/${result.value.conversationId}`, {
    ...INVITATION_SENT,
    tone: "success",
  });
}

const STATED = { yes: "Yes", no: "No", undisclosed: "Prefers not to say" } as const;
const OCCUPATION = { studying: "Studying", working: "Working", other: "Other" } as const;

function dayText(iso: string | null): string {
  const day = iso ? parseIsoDate(iso) : undefined;
  return day ? formatDisplayDate(day) : "";
}

function moveInText(renter: RenterCard): string {
  if (!renter.moveInEarliest) return "Not stated";
  const earliest = dayText(renter.moveInEarliest);
  return renter.moveInLatest ? `${earliest} to ${dayText(renter.moveInLatest)}` : `From ${earliest}`;
}

function Filters({ query, areas }: { query: RenterSearchQuery; areas: { id: string; name: string }[] }) {
  const stays = Array.from({ length: STAY_MONTHS.max - STAY_MONTHS.min + 1 }, (_, index) => STAY_MONTHS.min + index);
  return (
    <Form method="get" className="grid gap-4 rounded-xl border bg-white p-4 sm:grid-cols-2 lg:grid-cols-4">
      <FormField id="renters-budget" label="Weekly rent ($)">
        <Input
          id="renters-budget"
          name="budget"
          type="number"
          inputMode="numeric"
          min={1}
          max={10000}
          defaultValue={query.budget ?? ""}
        />
      </FormField>
      <FormField id="renters-move-in" label="Move-in date">
        <Input id="renters-move-in" name="moveIn" type="date" defaultValue={query.moveIn ?? ""} />
      </FormField>
      <FormField id="renters-stay" label="Stay of at least">
        <NativeSelect id="renters-stay" name="stay" defaultValue={query.stay ?? ""} className="w-full">
          <option value="">Any stay</option>
          {stays.map((months) => (
            <option key={months} value={months}>
              {months} months
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField id="renters-area" label="Area">
        <NativeSelect id="renters-area" name="area" defaultValue={query.area ?? ""} className="w-full">
          <option value="">Any area</option>
          {areas.map((area) => (
            <option key={area.id} value={area.id}>
              {area.name}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <div className="flex items-center gap-2">
        <Checkbox id="renters-verified" name="verified" value="1" defaultChecked={query.verifiedOnly} />
        <label htmlFor="renters-verified" className="text-sm font-medium text-slate-900">
          ID verified only
        </label>
      </div>
      <div className="flex items-center gap-2">
        <Checkbox id="renters-referenced" name="referenced" value="1" defaultChecked={query.referencedOnly} />
        <label htmlFor="renters-referenced" className="text-sm font-medium text-slate-900">
          Reference confirmed
        </label>
      </div>
      <div className="flex items-end gap-2 sm:col-span-2 lg:col-span-2 lg:justify-end">
        <Link to={PATH} className="px-3 py-2 text-sm font-medium text-slate-700 underline">
          Clear
        </Link>
        <Button type="submit">Search renters</Button>
      </div>
    </Form>
  );
}

function InviteForm({
  renter,
  listings,
  failed,
}: {
  renter: RenterCard;
  listings: { id: string; title: string }[];
  failed: ActionResult | undefined;
}) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formData?.get("renterId") === renter.id;
  const prefix = `invite-${renter.id}`;
  if (!renter.acceptsInvitations)
    return <p className="text-sm text-slate-600">{renter.name} isn't accepting invitations at the moment.</p>;
  if (listings.length === 0)
    return (
      <p className="text-sm text-slate-600">
        To invite a renter, publish a room that is available. <Link to="/list-property">List a room</Link>
      </p>
    );
  return (
    <details open={failed !== undefined} className="rounded-lg border bg-slate-50 p-3">
      <summary className="cursor-pointer text-sm font-semibold text-slate-900">
        Invite {renter.name} to view a room
      </summary>
      <Form method="post" className="mt-3 space-y-3">
        <input type="hidden" name="intent" value="invite" />
        <input type="hidden" name="renterId" value={renter.id} />
        <FormField id={`${prefix}-listing`} label="Room">
          <NativeSelect
            id={`${prefix}-listing`}
            name="listingId"
            defaultValue={failed?.listingId ?? listings[0]?.id}
            className="w-full"
          >
            {listings.map((listing) => (
              <option key={listing.id} value={listing.id}>
                {listing.title}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField id={`${prefix}-message`} label="Message">
          <Textarea
            id={`${prefix}-message`}
            name="message"
            rows={3}
            required
            maxLength={MESSAGE_MAX_LENGTH}
            defaultValue={failed?.message ?? ""}
            aria-invalid={failed ? true : undefined}
            aria-describedby={failed ? `${prefix}-error` : undefined}
          />
        </FormField>
        {failed ? (
          <p id={`${prefix}-error`} role="alert" className="text-sm font-medium text-destructive">
            {failed.error}
          </p>
        ) : null}
        <Button type="submit" disabled={sending}>
          {sending ? "Sending…" : "Send invitation"}
        </Button>
      </Form>
    </details>
  );
}

function Renter({
  renter,
  listings,
  failed,
}: {
  renter: RenterCard;
  listings: { id: string; title: string }[];
  failed: ActionResult | undefined;
}) {
  const facts: [string, string][] = [
    [
      "Weekly budget",
      renter.weeklyBudget !== null ? `$${renter.weeklyBudget.toLocaleString("en-AU")} a week` : "Not stated",
    ],
    ["Move in", moveInText(renter)],
    ["Stay", renter.stayMonths !== null ? `${renter.stayMonths} months` : "Not stated"],
    ["Areas", renter.areas.join(", ") || "Not stated"],
    ["Languages", renter.languages.join(", ") || "Not stated"],
    ["Pets", STATED[renter.pets]],
    ["Smoking", STATED[renter.smoking]],
  ];
  const occupation = renter.occupation
    ? [OCCUPATION[renter.occupation], renter.occupationPlace].filter(Boolean).join(" · ")
    : null;
  return (
    <li className="space-y-3 rounded-xl border bg-white p-4">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-lg font-semibold text-slate-900">{renter.name}</h2>
        {renter.verified ? <IdVerifiedBadge /> : null}
        {renter.referencesConfirmed > 0 ? (
          <span className="rounded-full bg-sky-100 px-2 py-0.5 text-xs font-semibold text-sky-900">
            Reference confirmed{renter.referencesConfirmed > 1 ? ` (${renter.referencesConfirmed})` : ""}
          </span>
        ) : null}
      </div>
      {occupation ? <p className="text-sm text-slate-700">{occupation}</p> : null}
      {renter.about ? <p className="text-sm whitespace-pre-line text-slate-800">{renter.about}</p> : null}
      <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-2">
        {facts.map(([term, value]) => (
          <div key={term} className="flex gap-2">
            <dt className="text-slate-600">{term}:</dt>
            <dd className="font-medium text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <InviteForm renter={renter} listings={listings} failed={failed?.renterId === renter.id ? failed : undefined} />
    </li>
  );
}

export default function RentersPage({ loaderData, actionData }: Route.ComponentProps) {
  const { query, renters, total, pageCount, areas, listings } = loaderData;
  const failed = actionData as ActionResult | undefined;
  const unknownRenter = failed && !renters.some((renter) => renter.id === failed.renterId);
  return (
    <section aria-labelledby="renters-heading" className="space-y-6">
      <div>
        <h1 id="renters-heading" className="font-display text-3xl font-bold text-slate-900">
          {RENTER_SEARCH_TITLE}
        </h1>
        <p className="mt-1 text-slate-600">{RENTER_SEARCH_DESCRIPTION}</p>
      </div>
      <Filters query={query} areas={areas} />
      {unknownRenter ? (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-900">
          {failed.error}
        </p>
      ) : null}
      <p className="text-sm text-slate-700" aria-live="polite">
        {total === 1 ? "1 renter" : `${total.toLocaleString("en-AU")} renters`} found
      </p>
      {renters.length > 0 ? (
        <ul className="space-y-4">
          {renters.map((renter) => (
            <Renter key={renter.id} renter={renter} listings={listings} failed={failed} />
          ))}
        </ul>
      ) : (
        <p className="rounded-xl border bg-white p-6 text-slate-700">
          No findable renters match these filters. Try a wider budget, date or area.
        </p>
      )}
      <Pagination page={query.page} pageCount={pageCount} hrefForPage={(page) => renterSearchHref(query, page)} />
    </section>
  );
}
