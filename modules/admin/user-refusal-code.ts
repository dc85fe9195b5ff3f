import { COMMON_REFUSALS, type RefusalCode } from "~/lib/refusal-code";
import type { UserChangeRefusal } from "~/modules/admin/users.server";

/** What kind of refusal each refused role or subscription change is. */
export const USER_CHANGE_REFUSAL_CODE: Record<UserChangeRefusal, RefusalCode> = {
  forbidden: COMMON_REFUSALS.forbidden,
  "not-found": COMMON_REFUSALS["not-found"],
  self: "FORBIDDEN",
  "above-own-role": "FORBIDDEN",
  "last-admin": "CONFLICT",
};
