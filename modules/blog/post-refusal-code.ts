import { COMMON_REFUSALS, type RefusalCode } from "~/lib/refusal-code";
import type { PostRefusal } from "~/modules/blog/post-write.server";

/** What kind of refusal each refused post write is. */
export const POST_REFUSAL_CODE: Record<PostRefusal["reason"], RefusalCode> = {
  forbidden: COMMON_REFUSALS.forbidden,
  "not-found": COMMON_REFUSALS["not-found"],
  invalid: COMMON_REFUSALS.invalid,
  "slug-taken": "CONFLICT",
};
