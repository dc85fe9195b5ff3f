import { COMMON_REFUSALS, type RefusalCode } from "~/lib/refusal-code";
import type { InvitationRefusalReason } from "~/modules/renter-search/invitation-result";

/** What kind of refusal each refused invitation step is. */
export const INVITATION_REFUSAL_CODE: Record<InvitationRefusalReason, RefusalCode> = {
  "not-found": COMMON_REFUSALS["not-found"],
  "listing-not-found": COMMON_REFUSALS["not-found"],
  "not-accepting": "CONFLICT",
  "already-invited": "CONFLICT",
  blocked: "FORBIDDEN",
  suspended: "FORBIDDEN",
  "daily-limit": COMMON_REFUSALS["rate-limited"],
  "already-answered": "CONFLICT",
};
