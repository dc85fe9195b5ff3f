import type { conversationStatuses } from "~/db/schema";

export type ConversationStatus = (typeof conversationStatuses)[number];

/**
 * Why a conversation step was refused. "not-found" covers a conversation that does not exist and
 * one the viewer is not part of (never which); "blocked" either side blocked the other;
 * "suspended" staff stopped the viewer sending; "awaiting-answer" an invitation the renter has not yet
 * accepted; "rate-limited" carries the wait.
 */
export type EnquiryRefusal =
  | {
      ok: false;
      reason:
        | "not-found"
        | "forbidden"
        | "closed"
        | "blocked"
        | "suspended"
        | "own-listing"
        | "unavailable"
        | "awaiting-answer";
    }
  | { ok: false; reason: "already-enquired"; conversationId: string }
  | { ok: false; reason: "rate-limited"; retryAfterSeconds: number };

export type EnquiryResult<T> = { ok: true; value: T } | EnquiryRefusal;

/** What every write carries from the transport: the client's address (for the per-address limits). */
export interface RequestMeta {
  clientAddress: string;
  now?: Date;
}
