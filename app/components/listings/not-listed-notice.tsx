import { Link } from "react-router";
import type { NotPublicReason } from "~/modules/listings/visibility";

/** Why the public does not find a listing (other than moderation, which has its own notice), with each fix. */
export interface NotListed {
  reasons: { code: NotPublicReason; reason: string; fix: string }[];
  /** The viewer may edit it (its landlord or an admin), so the fixes are links. */
  canEdit: boolean;
}

/** Why the public does not find this listing, and how its landlord lists it again. */
export function NotListedNotice({ listingId, title, notice }: { listingId: string; title: string; notice: NotListed }) {
  return (
    <section
      aria-labelledby="not-listed-heading"
      className="mb-6 space-y-2 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
    >
      <h2 id="not-listed-heading" className="font-semibold">
        Not listed: this room is not in search or on the home page, and visitors with the link see it as not available
      </h2>
      <ul className="space-y-1">
        {notice.reasons.map((reason) => (
          <li key={reason.code}>
            {reason.reason}. {reason.fix}{" "}
            {notice.canEdit && reason.code === "no_available_from" && (
              <Link to={`/list-property?edit=${listingId}#availableFrom`} className="font-semibold underline">
                Add a date
              </Link>
            )}
            {notice.canEdit && reason.code === "paused" && (
              <Link to={`/settings/properties?q=${encodeURIComponent(title)}`} className="font-semibold underline">
                Resume it on Your Properties
              </Link>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
