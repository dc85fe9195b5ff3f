import type { listingStatuses } from "~/db/schema";
import { isModerated } from "~/modules/listings/visibility";

export type ListingStatus = (typeof listingStatuses)[number];

export const MODERATION_STATUS_OPTIONS: { value: ListingStatus; label: string }[] = [
  { value: "available", label: "Available" },
  { value: "under_review", label: "Under review" },
  { value: "let", label: "Let" },
  { value: "hidden", label: "Hidden" },
];

export const MODERATION_REASON_MAX = 500;

export const MODERATION_MESSAGES = {
  saved: (label: string) => `Listing status set to ${label}.`,
  reasonRequired: "Please give a reason: the landlord sees it.",
  reasonTooLong: `The reason must be at most ${MODERATION_REASON_MAX} characters.`,
  invalidStatus: "Choose Available, Under review, Let or Hidden.",
  forbidden: "Only staff and administrators can moderate listings.",
  deleteForbidden: "Only administrators can delete listings.",
  notFound: "Listing not found",
  deleted: "Listing deleted.",
  failed: "Something went wrong. Please try again.",
} as const;

export type ModerationInput = { status: ListingStatus; reason: string | null };

/** A moderation form's values: a known status, and a reason (required when taking a listing off the site). */
export function parseModeration(
  status: string,
  reason: string,
): { ok: true; value: ModerationInput } | { ok: false; error: string } {
  const option = MODERATION_STATUS_OPTIONS.find((candidate) => candidate.value === status);
  if (!option) return { ok: false, error: MODERATION_MESSAGES.invalidStatus };
  const trimmed = reason.trim();
  if (trimmed.length > MODERATION_REASON_MAX) return { ok: false, error: MODERATION_MESSAGES.reasonTooLong };
  if (!trimmed && isModerated({ status: option.value }))
    return { ok: false, error: MODERATION_MESSAGES.reasonRequired };
  return { ok: true, value: { status: option.value, reason: trimmed || null } };
}

export function statusLabel(status: ListingStatus): string {
  return MODERATION_STATUS_OPTIONS.find((option) => option.value === status)?.label ?? status;
}
